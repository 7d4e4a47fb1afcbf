import type { EnumField, EnumValue, FieldDef } from '../../shared/resource-kit';
import { i18nKey, referenceDisplayKey } from '../../shared/resource-kit';
import type { Translate } from './types';
import { isRecord } from '../../shared/json';
import { formatDate, formatDateTime } from '../time/display';

// Display rules shared by the table, the export and the filters: Chinese formats whatever the interface language
// (the users are Chinese clerks; an English interface does not make their dates American), times on the tenant's
// clock (`zone`) whatever the browser's.

export const MULTI_SEPARATOR = '、';
const NUMBER_LOCALE = 'zh-CN';

// Dates and times as the whole product shows them: instants on the tenant's clock, calendar dates as they are.
export { dateStamp, formatDate, formatDateTime } from '../time/display';

/** Thousands separators and the declared number of decimals: 12345.5 → `12,345.50` with scale 2. */
export function formatDecimal(value: unknown, scale?: number): string {
  const n = toNumber(value);
  if (n === null) return '';
  return n.toLocaleString(NUMBER_LOCALE, {
    minimumFractionDigits: scale ?? 0,
    maximumFractionDigits: scale ?? 4,
  });
}

export function toNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** A multi-valued enum may arrive as an array or as a comma-separated string. */
export function enumValuesOf(value: unknown): EnumValue[] {
  if (Array.isArray(value)) return value as EnumValue[];
  if (typeof value === 'string') return value === '' ? [] : value.split(',').map((v) => v.trim());
  if (typeof value === 'number') return [value];
  return [];
}

export function enumLabel(def: EnumField, value: EnumValue, t: Translate): string {
  const option = def.enum.options.find((o) => String(o.value) === String(value));
  return t(i18nKey.enumOption(def.enum.name, value), { defaultValue: option?.label.zh ?? String(value) });
}

const booleanText = (value: unknown, t: Translate) =>
  value === null || value === undefined ? '' : t(value ? 'common.yes' : 'common.no');

/** The text of a field of a row as the table shows it; times on the clock of `zone`, the tenant's. */
export function displayText(name: string, def: FieldDef, row: Record<string, unknown>, t: Translate, zone: string): string {
  const value = row[name];
  switch (def.kind) {
    case 'enum':
      if (def.multiple) return enumValuesOf(value).map((v) => enumLabel(def, v, t)).join(MULTI_SEPARATOR);
      return value === null || value === undefined || value === '' ? '' : enumLabel(def, value as EnumValue, t);
    case 'reference': {
      const display = row[referenceDisplayKey(name)];
      if (def.multiple) {
        if (Array.isArray(display)) return display.map(String).join(MULTI_SEPARATOR);
        if (typeof display === 'string') return display;
        return Array.isArray(value) ? value.map(String).join(MULTI_SEPARATOR) : '';
      }
      if (display !== null && display !== undefined && display !== '') return String(display);
      return value === null || value === undefined ? '' : String(value);
    }
    case 'files':
      return Array.isArray(value)
        ? value.map((f) => (isRecord(f) ? String(f.name ?? '') : String(f)))
          .filter((n) => n !== '').join(MULTI_SEPARATOR)
        : '';
    case 'boolean': return booleanText(value, t);
    case 'date': return formatDate(value, zone);
    case 'datetime': return formatDateTime(value, zone);
    case 'decimal': return formatDecimal(value, def.scale);
    case 'integer': return value === null || value === undefined ? '' : String(value);
    default:
      if (Array.isArray(value)) return value.join(MULTI_SEPARATOR);
      return value === null || value === undefined ? '' : String(value);
  }
}

/** Whether a column's cells are right-aligned (numbers). */
export const isNumeric = (def: FieldDef) => def.kind === 'integer' || def.kind === 'decimal';
