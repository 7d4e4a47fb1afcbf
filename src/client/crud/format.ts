import type { EnumField, EnumValue, FieldDef } from '../../shared/resource-kit';
import { i18nKey, referenceDisplayKey } from '../../shared/resource-kit';
import type { Translate } from './types';
import { isRecord } from '../../shared/json';

// Display rules shared by the table, the export and the filters: Chinese formats whatever the interface language
// (the users are Chinese clerks; an English interface does not make their dates American).

export const MULTI_SEPARATOR = '、';
const NUMBER_LOCALE = 'zh-CN';

const pad = (n: number) => String(n).padStart(2, '0');

interface DateParts { y: number; m: number; d: number; h: number; mi: number; s: number }

// The server writes wall-clock times without an offset; those are shown as written. Values with an offset are
// converted to the browser's time.
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;

function dateParts(value: unknown): DateParts | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const m = WALL_CLOCK.exec(value.trim());
    if (m) return { y: +m[1], m: +m[2], d: +m[3], h: +(m[4] ?? 0), mi: +(m[5] ?? 0), s: +(m[6] ?? 0) };
  }
  const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  return { y: date.getFullYear(), m: date.getMonth() + 1, d: date.getDate(), h: date.getHours(), mi: date.getMinutes(), s: date.getSeconds() };
}

/** `YYYY-MM-DD`, or '' when there is no valid date. */
export function formatDate(value: unknown): string {
  const p = dateParts(value);
  return p ? `${p.y}-${pad(p.m)}-${pad(p.d)}` : '';
}

/** `YYYY-MM-DD HH:mm`. */
export function formatDateTime(value: unknown): string {
  const p = dateParts(value);
  return p ? `${p.y}-${pad(p.m)}-${pad(p.d)} ${pad(p.h)}:${pad(p.mi)}` : '';
}

/** `yyyyMMdd` of a date, for file names. */
export const dateStamp = (date: Date) => `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}`;

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

/** The text of a field of a row as the table shows it. */
export function displayText(name: string, def: FieldDef, row: Record<string, unknown>, t: Translate): string {
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
    case 'date': return formatDate(value);
    case 'datetime': return formatDateTime(value);
    case 'decimal': return formatDecimal(value, def.scale);
    case 'integer': return value === null || value === undefined ? '' : String(value);
    default:
      if (Array.isArray(value)) return value.join(MULTI_SEPARATOR);
      return value === null || value === undefined ? '' : String(value);
  }
}

/** Whether a column's cells are right-aligned (numbers). */
export const isNumeric = (def: FieldDef) => def.kind === 'integer' || def.kind === 'decimal';
