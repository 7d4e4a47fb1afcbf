import { Button, Callout, Classes, Drawer, DrawerSize, H5, NonIdealState, Spinner, type IconName, type Intent } from '@blueprintjs/core';
import type { TransferActionName } from '../../../shared/transfer/machine';
import type { Translate } from '../../crud/types';
import { offeredMoves, refusalText, type IsGranted, type OfferedMove } from './moves';
import type { DetailState } from './ordersSlice';
import { OrderHistory } from './OrderHistory';
import { OrderManifest } from './OrderManifest';
import { StatusTags } from './StatusTags';

const BUTTON_STYLE: Record<TransferActionName, { icon: IconName; intent: Intent }> = {
  edit: { icon: 'edit', intent: 'primary' },
  delete: { icon: 'trash', intent: 'danger' },
  void: { icon: 'disable', intent: 'danger' },
  resubmit: { icon: 'send-message', intent: 'primary' },
  dispatch: { icon: 'drive-time', intent: 'primary' },
  agree: { icon: 'tick-circle', intent: 'success' },
  return: { icon: 'undo', intent: 'warning' },
  sign: { icon: 'draw', intent: 'none' },
};

interface OrderDrawerProps {
  detail: DetailState;
  isGranted: IsGranted;
  /** A move of this order is on its way: its buttons wait. */
  busy: boolean;
  t: Translate;
  onClose: () => void;
  onMove: (move: OfferedMove) => void;
  onReload: () => void;
  onPrint: () => void;
}

/** The text of a move's button; an action offered for two parties says which one it is for. */
function moveText(move: OfferedMove, t: Translate, reassign: boolean): string {
  const text = t(move.action === 'dispatch' && reassign ? 'transfer.action_reassign' : `transfer.action_${move.action}`);
  return move.forParty ? `${text}（${t(`enum.transferParty.${move.party}`)}）` : text;
}

/** One order: its manifest, its history, and the moves the machine allows the user now. */
export function OrderDrawer({ detail, isGranted, busy, t, onClose, onMove, onReload, onPrint }: OrderDrawerProps) {
  const order = detail.order;
  // The parties come from the server's Get: it knows which of the user's enterprises this order names.
  const moves = order ? offeredMoves(order, order.parties ?? [], isGranted) : [];
  const reassign = Boolean(order && (order.vehicleIds ?? []).length > 0);
  const title = order ? <span>{t('transfer.detailTitle', { no: order.manifestNo })} <StatusTags order={order} t={t} /></span> : t('transfer.detail');

  let body;
  if (!order && detail.status === 'failed') {
    body = (
      <NonIdealState icon="error" title={t('common.loadFailed')} description={detail.error ? refusalText(detail.error) : undefined}
        action={<Button icon="refresh" text={t('common.retry')} onClick={onReload} />} />
    );
  } else if (!order) {
    body = <Spinner size={28} />;
  } else {
    body = (
      <>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6, marginBottom: 12 }} data-testid="order-actions">
          {moves.map((move) => (
            <Button key={`${move.action}-${move.party}`} icon={BUTTON_STYLE[move.action].icon} intent={BUTTON_STYLE[move.action].intent}
              text={moveText(move, t, reassign)} disabled={busy} data-testid={`move-${move.action}${move.forParty ? `-${move.party}` : ''}`}
              onClick={() => onMove(move)} />
          ))}
          {moves.length === 0 && <span className={Classes.TEXT_MUTED} data-testid="no-moves">{t('transfer.noMoves')}</span>}
          <span style={{ flex: 1 }} />
          <Button icon="print" text={t('transfer.print')} data-testid="btn-print" onClick={onPrint} />
          <Button icon="refresh" variant="minimal" aria-label={t('common.refresh')} title={t('common.refresh')} loading={detail.status === 'loading'}
            data-testid="btn-detail-refresh" onClick={onReload} />
        </div>
        {detail.refusal && (
          <Callout intent={detail.refusal.conflict ? 'warning' : 'danger'} compact style={{ marginBottom: 12 }} data-testid="move-refusal">
            <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <span style={{ flex: 1 }}>{detail.refusal.conflict ? t('transfer.conflict') : refusalText(detail.refusal.error)}</span>
              {detail.refusal.conflict && <Button size="small" icon="refresh" intent="warning" text={t('transfer.reload')} data-testid="btn-conflict-reload" onClick={onReload} />}
            </div>
          </Callout>
        )}
        <OrderManifest order={order} t={t} />
        <H5 style={{ marginTop: 16 }}>{t('transfer.history')}</H5>
        <OrderHistory history={order.history ?? []} lines={order.lines ?? []} t={t} />
      </>
    );
  }

  return (
    <Drawer isOpen onClose={onClose} size={DrawerSize.LARGE} title={title} icon="document" className="transfer-drawer">
      <div style={{ padding: 16, overflow: 'auto' }} data-testid="order-drawer" data-order={detail.id}>{body}</div>
    </Drawer>
  );
}
