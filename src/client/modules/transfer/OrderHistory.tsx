import { Classes, HTMLTable } from '@blueprintjs/core';
import { formatDateTime } from '../../crud/format';
import { useTimeZone } from '../../session/useTimeZone';
import type { Translate } from '../../crud/types';
import { STATUS_FIELDS, tonnes } from './StatusTags';
import type { HistoryValues, TransferHistoryEntry, TransferOrderLineDto } from './types';
import type { OrderState } from '../../../shared/transfer/machine';

function stateText(state: OrderState | null, t: Translate): string {
  if (!state) return '';
  return STATUS_FIELDS.map((f) => t(`enum.${f}.${Number(state[f])}`)).join(' / ');
}

/** Which statuses a move changed, as "from → to" per status (the unchanged ones would only be noise). */
function transition(entry: TransferHistoryEntry, t: Translate): string {
  if (!entry.toState) return '';
  if (!entry.fromState) return stateText(entry.toState, t);
  const changed = STATUS_FIELDS.filter((f) => Number(entry.fromState![f]) !== Number(entry.toState![f]));
  if (changed.length === 0) return '';
  return changed.map((f) => `${t(`enum.${f}.${Number(entry.fromState![f])}`)} → ${t(`enum.${f}.${Number(entry.toState![f])}`)}`).join('；');
}

function quantities(values: HistoryValues | null, field: 'quantity' | 'receivedQuantity'): Map<number, string> {
  const out = new Map<number, string>();
  for (const line of values?.lines ?? []) {
    const value = line[field];
    if (value !== undefined && value !== null) out.set(line.id, tonnes(value));
  }
  return out;
}

/** A line's name as the history kept it (a line deleted since is no longer in the order). */
const lineName = (entry: TransferHistoryEntry, lines: readonly TransferOrderLineDto[], id: number) =>
  [...(entry.afterValues?.lines ?? []), ...(entry.beforeValues?.lines ?? [])].find((l) => l.id === id)?.wasteName
  ?? lines.find((l) => l.id === id)?.wasteName ?? `#${id}`;

/** "废矿物油 实收量 1.000 → 0.950": the quantities a move changed, line by line. */
function quantityChanges(entry: TransferHistoryEntry, lines: readonly TransferOrderLineDto[], t: Translate): string[] {
  const out: string[] = [];
  for (const field of ['quantity', 'receivedQuantity'] as const) {
    const before = quantities(entry.beforeValues, field);
    const after = quantities(entry.afterValues, field);
    for (const id of new Set([...before.keys(), ...after.keys()])) {
      const from = before.get(id) ?? '—';
      const to = after.get(id) ?? '—';
      if (from === to) continue;
      const name = lineName(entry, lines, id);
      out.push(`${name} ${t(`resource.TransferOrderLine.fields.${field}`)} ${from} → ${to}`);
    }
  }
  const vehicles = (v: HistoryValues | null) => (v?.vehicleIds ?? []).join(',');
  if (entry.afterValues?.vehicleIds && vehicles(entry.beforeValues) !== vehicles(entry.afterValues)) {
    out.push(t('transfer.historyVehicles', { count: entry.afterValues.vehicleIds.length }));
  }
  return out;
}

/** The order's history, oldest first, as the server keeps it (append-only): who, when, what, and what changed. */
export function OrderHistory({ history, lines, t }: { history: readonly TransferHistoryEntry[]; lines: readonly TransferOrderLineDto[]; t: Translate }) {
  const zone = useTimeZone();
  if (history.length === 0) return <div className={Classes.TEXT_MUTED}>{t('transfer.historyEmpty')}</div>;
  return (
    <HTMLTable compact striped style={{ width: '100%' }} data-testid="order-history">
      <thead>
        <tr>
          <th>{t('transfer.historyTime')}</th>
          <th>{t('transfer.historyUser')}</th>
          <th>{t('transfer.historyAction')}</th>
          <th>{t('transfer.historyChange')}</th>
          <th>{t('transfer.historyReason')}</th>
        </tr>
      </thead>
      <tbody>
        {history.map((entry) => (
          <tr key={entry.id} data-testid={`history-${entry.id}`}>
            <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.creationTime, zone)}</td>
            <td>{entry.userName ?? ''}{entry.party ? <div className={Classes.TEXT_MUTED}>{t(`enum.transferParty.${entry.party}`)}</div> : null}</td>
            <td>{t(`enum.transferAction.${entry.action}`)}</td>
            <td>
              <div>{transition(entry, t)}</div>
              {quantityChanges(entry, lines, t).map((text) => <div key={text} className={Classes.TEXT_SMALL}>{text}</div>)}
            </td>
            <td>{entry.reason ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
