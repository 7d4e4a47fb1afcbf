import { Button, Callout, Classes, Drawer, DrawerSize, FormGroup, HTMLTable, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { EntityDto } from '../../../shared/resource-kit';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import {
  crudActions as A, describeError, displayText, ResourcePager, useCrudTranslation, useResourceState, type Translate,
} from '../../crud';
import { FormDialog } from '../../crud/FormDialog';
import { adjustClosed, adjustOpened, adjustRequested, selectLedgerAdjust } from './ledgerAdjust';
import { HOUSEHOLD_LEDGER_COLUMNS, HOUSEHOLD_LEDGER_KEY, ledgerView } from './ledgerView';
import { useTimeZone } from '../../session/useTimeZone';

/** Opens the drawer's list on a household: its first page, none of another household's entries meanwhile. */
export const ledgerOpened = (householdId: number) => A.scopeChanged({ resource: HOUSEHOLD_LEDGER_KEY, scope: { HouseholdId: householdId } });

function AdjustDialog({ t }: { t: Translate }) {
  const dispatch = useAppDispatch();
  const { householdId, running, error } = useAppSelector(selectLedgerAdjust);
  const [points, setPoints] = useState('');
  const [remark, setRemark] = useState('');
  const [tried, setTried] = useState(false);
  if (householdId === null) return null;
  const amount = /^-?\d{1,7}$/.test(points.trim()) ? Number(points.trim()) : 0;
  const badPoints = amount === 0;
  const badRemark = remark.trim() === '';
  return (
    <FormDialog title={t('recycling.adjustTitle')} testId="ledger-adjust" submitText={t('common.save')} canSubmit saving={running} error={error}
      t={t} onClose={() => dispatch(adjustClosed())} onSubmit={() => {
        setTried(true);
        if (!badPoints && !badRemark) dispatch(adjustRequested({ points: amount, remark: remark.trim() }));
      }}>
      <FormGroup label={t('recycling.adjustPoints')} labelFor="ledger-adjust-points" intent={tried && badPoints ? 'danger' : 'none'}
        helperText={tried && badPoints ? t('recycling.adjustInvalid') : undefined}>
        <InputGroup id="ledger-adjust-points" data-testid="ledger-adjust-points" autoFocus inputMode="numeric" value={points}
          intent={tried && badPoints ? 'danger' : 'none'} onChange={(e) => setPoints(e.currentTarget.value)} />
      </FormGroup>
      <FormGroup label={t('recycling.adjustRemark')} labelFor="ledger-adjust-remark" intent={tried && badRemark ? 'danger' : 'none'}
        helperText={tried && badRemark ? t('recycling.adjustRemarkRequired') : undefined}>
        <InputGroup id="ledger-adjust-remark" data-testid="ledger-adjust-remark" maxLength={200} value={remark}
          intent={tried && badRemark ? 'danger' : 'none'} onChange={(e) => setRemark(e.currentTarget.value)} />
      </FormGroup>
    </FormDialog>
  );
}

/** A household's points: its balance, its entries newest first a page at a time, and the manual adjustment. */
export function LedgerDrawer({ household, canAdjust, onClose }: { household: EntityDto | null; canAdjust: boolean; onClose: () => void }) {
  const { t } = useCrudTranslation();
  const zone = useTimeZone();
  const dispatch = useAppDispatch();
  const state = useResourceState(HOUSEHOLD_LEDGER_KEY);
  const columns = HOUSEHOLD_LEDGER_COLUMNS;

  let body;
  if (state.error && !state.loading) {
    body = <Callout intent="danger" icon="error">{describeError(state.error)}</Callout>;
  } else if (state.loading && state.items.length === 0) {
    body = <div style={{ padding: 40, textAlign: 'center' }}><Spinner size={28} /></div>;
  } else if (state.loaded && state.items.length === 0) {
    body = <NonIdealState icon="star-empty" title={t('recycling.ledgerEmpty')} />;
  } else {
    body = (
      <HTMLTable compact striped style={{ width: '100%', opacity: state.loading ? 0.6 : 1 }} data-testid="ledger-table">
        <thead><tr>{columns.map((name) => <th key={name}>{t(ledgerView.i18n.field(name))}</th>)}</tr></thead>
        <tbody>
          {state.items.map((row) => (
            <tr key={row.id} data-testid={`ledger-row-${row.id}`}>
              {columns.map((name) => (
                <td key={name} style={name === 'amount' || name === 'balanceAfter' ? { textAlign: 'right' } : undefined}>
                  {name === 'amount'
                    ? <Tag minimal intent={Number(row.amount) > 0 ? 'success' : 'danger'}>{Number(row.amount) > 0 ? `+${String(row.amount)}` : String(row.amount)}</Tag>
                    : displayText(name, ledgerView.fields[name], row, t, zone)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  }

  return (
    <Drawer isOpen={household !== null} onClose={onClose} size={DrawerSize.STANDARD} icon="star"
      title={household ? t('recycling.ledgerOf', { name: String(household.name ?? ''), card: String(household.cardNo ?? '') }) : ''}>
      <div className={Classes.DRAWER_BODY} data-testid="ledger-drawer">
        <div style={{ padding: 12, display: 'flex', alignItems: 'center', gap: 12 }}>
          <Tag large intent="primary" data-testid="ledger-balance">{t('recycling.balance', { points: Number(household?.points ?? 0).toLocaleString('zh-CN') })}</Tag>
          {canAdjust && household && (
            <Button icon="edit" text={t('recycling.adjust')} data-testid="ledger-adjust-open" onClick={() => dispatch(adjustOpened(household.id))} />
          )}
        </div>
        <div style={{ padding: '0 12px 12px' }}>{body}</div>
      </div>
      <div className={Classes.DRAWER_FOOTER}>
        <ResourcePager resource={HOUSEHOLD_LEDGER_KEY} state={state} t={t} testIdPrefix="ledger-" />
      </div>
      <AdjustDialog t={t} />
    </Drawer>
  );
}
