import {
  Button, ButtonGroup, Callout, Card, Classes, Drawer, DrawerSize, FormGroup, HTMLTable, NonIdealState, NumericInput, ProgressBar, Spinner, Tag,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { ExchangeSlot } from '../../../shared/live/events';
import type { EntityDto } from '../../../shared/resource-kit';
import { goods } from '../../../shared/resources';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { describeError, formatDateTime, useCrudTranslation, type Translate } from '../../crud';
import { useTimeZone } from '../../session/useTimeZone';
import { FormDialog } from '../../crud/FormDialog';
import { ReferenceSelect } from '../../crud/ReferenceSelect';
import { machineSlotsActions as S, selectMachineSlots } from './machineSlots';

type Dialog = { kind: 'load' | 'unload'; slot: ExchangeSlot } | null;

/** Load goods into a slot (from the central store), or take goods out of it (back to the store). */
function SlotDialog({ dialog, t, onClose }: { dialog: NonNullable<Dialog>; t: Translate; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { running, commandError } = useAppSelector(selectMachineSlots);
  const { slot, kind } = dialog;
  const free = slot.quantity - slot.held;
  const room = slot.capacity - slot.quantity;
  const [goodsId, setGoodsId] = useState<number | null>(slot.quantity > 0 ? slot.goodsId : null);
  const [quantity, setQuantity] = useState(kind === 'load' ? room : free);
  const limit = kind === 'load' ? room : free;
  const valid = quantity >= 1 && quantity <= limit && (kind === 'unload' || goodsId !== null);
  return (
    <FormDialog title={t(kind === 'load' ? 'recycling.loadTitle' : 'recycling.unloadTitle', { slot: slot.slotNo })} testId={`slot-${kind}`}
      submitText={t(kind === 'load' ? 'recycling.load' : 'recycling.unload')} canSubmit={valid} saving={running} error={commandError} t={t}
      onClose={onClose} onSubmit={() => {
        if (!valid) return;
        dispatch(kind === 'load'
          ? S.commandRequested({ kind, slotNo: slot.slotNo, goodsId: goodsId!, quantity })
          : S.commandRequested({ kind, slotNo: slot.slotNo, quantity }));
      }}>
      {kind === 'load' ? (
        <FormGroup label={t('resource.BHgoods.title')} labelFor="slot-goods" helperText={slot.quantity > 0 ? t('recycling.sameGoodsOnly') : undefined}>
          <ReferenceSelect resource={goods.name} value={goodsId} onChange={setGoodsId} emptyText={t('common.select')} fill testId="slot-goods"
            disabled={slot.quantity > 0} currentLabel={slot.goodsName ?? undefined} />
        </FormGroup>
      ) : (
        <p>{t('recycling.unloadHint', { goods: slot.goodsName ?? '', free, held: slot.held })}</p>
      )}
      <FormGroup label={t('recycling.quantity')} labelFor="slot-quantity" helperText={t(kind === 'load' ? 'recycling.roomLeft' : 'recycling.freeToTake', { count: limit })}>
        <NumericInput id="slot-quantity" data-testid="slot-quantity" min={1} max={Math.max(1, limit)} value={quantity} fill
          onValueChange={(value) => setQuantity(Number.isFinite(value) ? Math.trunc(value) : 0)} />
      </FormGroup>
    </FormDialog>
  );
}

function SlotCard({ slot, t, canChange, onDialog }: { slot: ExchangeSlot; t: Translate; canChange: boolean; onDialog: (d: Dialog) => void }) {
  const fill = slot.capacity > 0 ? slot.quantity / slot.capacity : 0;
  const intent = slot.quantity === 0 ? 'none' : fill <= 0.2 ? 'warning' : 'success';
  return (
    <Card compact data-testid={`slot-${slot.slotNo}`} style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <strong>{t('recycling.slotNo', { slot: slot.slotNo })}</strong>
        {slot.held > 0 && <Tag minimal intent="warning" data-testid={`slot-${slot.slotNo}-held`}>{t('recycling.heldCount', { count: slot.held })}</Tag>}
      </div>
      <div className={slot.goodsName ? undefined : Classes.TEXT_MUTED} title={slot.goodsName ?? undefined}
        style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {slot.goodsName ?? t('recycling.slotEmptyLabel')}
        {slot.pointsPrice !== null && slot.goodsName && <span className={Classes.TEXT_MUTED}> · {t('recycling.pricePoints', { points: slot.pointsPrice })}</span>}
      </div>
      <ProgressBar value={fill} intent={intent} stripes={false} animate={false} />
      <div className={Classes.TEXT_SMALL} data-testid={`slot-${slot.slotNo}-count`}>{`${slot.quantity} / ${slot.capacity}`}</div>
      {canChange && (
        <ButtonGroup fill>
          <Button size="small" icon="import" text={t('recycling.load')} disabled={slot.quantity >= slot.capacity} data-testid={`slot-${slot.slotNo}-load`}
            onClick={() => onDialog({ kind: 'load', slot })} />
          <Button size="small" icon="export" text={t('recycling.unload')} disabled={slot.quantity - slot.held <= 0} data-testid={`slot-${slot.slotNo}-unload`}
            onClick={() => onDialog({ kind: 'unload', slot })} />
        </ButtonGroup>
      )}
    </Card>
  );
}

/** A machine's slots as a grid with fill levels and items held, live, with the redemptions under way below. */
export function MachineSlotsDrawer({ machine, canChange, onClose }: { machine: EntityDto | null; canChange: boolean; onClose: () => void }) {
  const { t } = useCrudTranslation();
  const zone = useTimeZone();
  const dispatch = useAppDispatch();
  const { grid, loading, error, commandsDone } = useAppSelector(selectMachineSlots);
  const [dialog, setDialog] = useState<Dialog>(null);
  useEffect(() => setDialog(null), [commandsDone]);
  const openDialog = (next: Dialog) => {
    dispatch(S.commandDismissed());
    setDialog(next);
  };

  let body;
  if (error && !grid) {
    body = <Callout intent="danger" icon="error">{describeError(error)}</Callout>;
  } else if (!grid) {
    body = <div style={{ padding: 40, textAlign: 'center' }}><Spinner size={28} /></div>;
  } else {
    body = (
      <>
        <div data-testid="slot-grid" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(175px, 1fr))', gap: 10, opacity: loading ? 0.85 : 1 }}>
          {grid.slots.map((slot) => <SlotCard key={slot.slotNo} slot={slot} t={t} canChange={canChange} onDialog={openDialog} />)}
        </div>
        <h4 className={Classes.HEADING} style={{ margin: '16px 0 8px' }}>{t('recycling.pendingHolds')}</h4>
        {grid.holds.length === 0
          ? <NonIdealState icon="tick-circle" title={t('recycling.noPendingHolds')} layout="horizontal" />
          : (
            <HTMLTable compact striped style={{ width: '100%' }} data-testid="pending-holds">
              <thead><tr><th>{t('recycling.slot')}</th><th>{t('resource.BHUsers.title')}</th><th style={{ textAlign: 'right' }}>{t('recycling.heldPoints')}</th><th>{t('recycling.heldUntil')}</th></tr></thead>
              <tbody>
                {grid.holds.map((h) => (
                  <tr key={h.id}><td>{h.slotNo}</td><td>{h.householdName}</td><td style={{ textAlign: 'right' }}>{h.points.toLocaleString('zh-CN')}</td><td>{formatDateTime(h.expiresAt, zone)}</td></tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
      </>
    );
  }

  return (
    <Drawer isOpen={machine !== null} onClose={onClose} size={DrawerSize.STANDARD} icon="exchange"
      title={machine ? t('recycling.slotsOf', { name: String(machine.name ?? ''), serial: String(machine.equipid ?? '') }) : ''}>
      <div className={Classes.DRAWER_BODY} data-testid="slots-drawer">
        <div style={{ padding: 12, display: 'flex', alignItems: 'center', gap: 12 }}>
          <Tag large intent="primary" data-testid="slots-items-left">{t('recycling.itemsLeft', { count: grid?.itemsLeft ?? 0 })}</Tag>
          <Button variant="minimal" icon="refresh" text={t('common.refresh')} loading={loading} onClick={() => dispatch(S.slotsRequested())} />
        </div>
        <div style={{ padding: '0 12px 12px' }}>{body}</div>
      </div>
      {dialog && <SlotDialog key={`${dialog.kind}-${dialog.slot.slotNo}`} dialog={dialog} t={t} onClose={() => setDialog(null)} />}
    </Drawer>
  );
}
