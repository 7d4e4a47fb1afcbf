import { toNumber } from '../format';

/**
 * A child row while it is typed: numbers stay text (so "1." can be typed), selects hold ids or enum values. `key` is
 * the row's identity on screen (stable across deletions); `id` is the stored row's, absent for new rows.
 */
export interface RowDraft {
  key: string;
  id?: number;
}

/** The member name of a row's cell in server messages and the form's errors: `details[2].thisyearweight`. */
export const cellKeyOf = (collection: string) => (index: number, field: string): string => `${collection}[${index}].${field}`;

/** The cell keys that name the rows from `index` on: after a delete they point at other rows, so their messages go. */
export function keysFrom(rows: readonly RowDraft[], index: number, fields: readonly string[], cellKey: (index: number, field: string) => string): string[] {
  return rows.slice(index).flatMap((_, offset) => fields.map((field) => cellKey(index + offset, field)));
}

/** The sum of a decimal cell over the rows, counted in units of the declared scale so that 0.1 + 0.2 is 0.3. */
export function sumOf(rows: readonly object[], field: string, scale: number): number {
  const unit = 10 ** scale;
  return rows.reduce((total, row) => total + Math.round((toNumber(Reflect.get(row, field)) ?? 0) * unit), 0) / unit;
}

/** How many decimals a typed number has. */
export const decimalsOf = (text: string): number => (text.includes('.') ? text.split('.')[1].length : 0);
