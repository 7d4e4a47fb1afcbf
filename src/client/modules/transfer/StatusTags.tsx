import { Tag, type Intent } from '@blueprintjs/core';
import type { OrderState } from '../../../shared/transfer/machine';
import { formatDecimal } from '../../crud/format';
import type { Translate } from '../../crud/types';

type StatusField = keyof OrderState;
export const STATUS_FIELDS: readonly StatusField[] = ['declareStatus', 'dispatchStatus', 'signStatus'];

// Colours say what needs someone: pending work is amber, done is green, voided and returned are red.
const INTENTS: Record<StatusField, Record<number, Intent>> = {
  declareStatus: { 0: 'primary', 1: 'success', 2: 'danger' },
  dispatchStatus: { 0: 'warning', 1: 'success' },
  signStatus: { 0: 'warning', 1: 'success', 2: 'danger' },
};

const statusIntent = (field: StatusField, value: unknown): Intent => INTENTS[field][Number(value)] ?? 'none';

export function StatusTag({ field, value, t }: { field: StatusField; value: unknown; t: Translate }) {
  if (value === null || value === undefined) return null;
  return (
    <Tag minimal intent={statusIntent(field, value)} data-testid={`status-${field}`} data-value={String(value)}>
      {t(`enum.${field}.${Number(value)}`)}
    </Tag>
  );
}

export function StatusTags({ order, t }: { order: OrderState; t: Translate }) {
  return (
    <span style={{ display: 'inline-flex', gap: 4 }}>
      {STATUS_FIELDS.map((field) => <StatusTag key={field} field={field} value={order[field]} t={t} />)}
    </span>
  );
}

/** Weights are tonnes with three decimals everywhere on these screens. */
export const tonnes = (value: unknown) => formatDecimal(value, 3);
export const tonnesWithUnit = (value: unknown, t: Translate) => {
  const text = tonnes(value);
  return text ? `${text} ${t('transfer.tonnes')}` : '';
};
