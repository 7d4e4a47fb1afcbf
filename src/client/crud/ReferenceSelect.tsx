import { HTMLSelect } from '@blueprintjs/core';
import { useLookup } from './hooks';
import type { LookupItem } from './types';
import { findView } from './view';

interface ReferenceSelectProps {
  /** The referenced resource; its declaration names the lookup method and the label field. */
  resource: string;
  value: number | null;
  onChange: (id: number | null) => void;
  /** Text of the empty choice. */
  emptyText: string;
  disabled?: boolean;
  fill?: boolean;
  testId?: string;
  ariaLabel?: string;
  /** Rows that may not be picked (a category cannot be its own parent). */
  excludeId?: number | null;
  /** Text of the current value until the list has it (lists carry it under `referenceDisplayKey`). */
  currentLabel?: string;
  /** Query parameters of the lookup: a declared `where` (a vehicle's enterprise lists transporters only). */
  params?: Record<string, string | number | boolean>;
}

export const optionLabel = (item: LookupItem, labelField: string) => {
  const label = item[labelField];
  return label === null || label === undefined || label === '' ? `#${item.id}` : String(label);
};

/** A select fed by the referenced resource's lookup list (`GET <Ref>/<lookup.method>`, cached in the crud slice). */
export function ReferenceSelect(props: ReferenceSelectProps) {
  const { resource, value, onChange, emptyText, disabled, fill, testId, ariaLabel, excludeId, currentLabel, params } = props;
  const view = findView(resource);
  const lookup = useLookup(view?.name, view?.lookup?.method, params);
  const labelField = view?.lookup?.labelField ?? view?.displayField ?? 'name';
  const items = lookup.items.filter((item) => item.id !== excludeId);
  // The current value may be missing from the list while it loads: keep it selectable so nothing is lost.
  const missing = value !== null && !items.some((item) => item.id === value);
  return (
    <HTMLSelect
      fill={fill}
      disabled={disabled}
      data-testid={testId}
      aria-label={ariaLabel}
      aria-busy={lookup.loading}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
    >
      <option value="">{emptyText}</option>
      {missing && <option value={String(value)}>{currentLabel || `#${value}`}</option>}
      {items.map((item) => (
        <option key={item.id} value={String(item.id)}>{optionLabel(item, labelField)}</option>
      ))}
    </HTMLSelect>
  );
}
