import type { AnyFieldValue, FieldDef, Language, Resource } from '../../shared/resource-kit';
import { pick } from '../../shared/resource-kit';
import { translate } from '../../shared/locales';
import type { ValidationErrorInfo } from '../http/errors';
import type { Input } from '../http/input';
import { CHECKS } from '../../shared/validators';
import { isRecord, propertyOf } from '../../shared/json';
import { parseCalendarDate, parseInstant } from '../../shared/time';
import { instantText } from '../time';
import type { ValidationTextKey } from '../../shared/locales';

/** A field's value as a write carries it to the database. */
export type FieldValue = AnyFieldValue;

interface Checked {
  value?: FieldValue;
  error?: string;
}

function toNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  return undefined;
}

/**
 * Converts and checks one value by its field kind; `raw` is known to be present. A date is a day of the tenant's
 * calendar; a date-time is an instant: with an offset it is converted, without one it is the tenant's wall clock.
 */
function checkValue(def: FieldDef, raw: unknown, language: Language, label: string, zone: string): Checked {
  const msg = (key: ValidationTextKey, params: Record<string, string | number> = {}) =>
    ({ error: translate(language, `validation.${key}`, { field: label, ...params }) });
  switch (def.kind) {
    case 'string':
    case 'text': {
      // PostgreSQL text cannot hold U+0000: refuse it here rather than fail in the database.
      if (typeof raw !== 'string' || raw.includes('\u0000')) return msg('pattern');
      if (def.maxLength !== undefined && raw.length > def.maxLength) return msg('maxLength', { max: def.maxLength });
      const hint = def.kind === 'string' && def.patternHint ? ` (${pick(def.patternHint, language)})` : '';
      if (def.kind === 'string' && def.pattern && !new RegExp(`^(?:${def.pattern})$`).test(raw)) {
        return { error: translate(language, 'validation.pattern', { field: label }) + hint };
      }
      if (def.kind === 'string' && def.check && !CHECKS[def.check].test(raw)) {
        return { error: translate(language, 'validation.check', { field: label }) + ` (${pick(CHECKS[def.check].hint, language)})` };
      }
      return { value: def.kind === 'string' && def.check ? CHECKS[def.check].normalize?.(raw) ?? raw : raw };
    }
    case 'integer': {
      const n = toNumber(raw);
      if (n === undefined || !Number.isInteger(n)) return msg('integer');
      // Integer fields are PostgreSQL `integer` columns.
      const min = def.min ?? -2147483648;
      const max = def.max ?? 2147483647;
      if (n < min) return msg('min', { min });
      if (n > max) return msg('max', { max });
      return { value: n };
    }
    case 'decimal': {
      const n = toNumber(raw);
      if (n === undefined) return msg('number');
      if (def.min !== undefined && n < def.min) return msg('min', { min: def.min });
      if (def.greaterThan !== undefined && n <= def.greaterThan) return msg('greaterThan', { min: def.greaterThan });
      if (def.max !== undefined && n > def.max) return msg('max', { max: def.max });
      if (Math.abs(n) >= 1e14) return msg('max', { max: 1e14 });
      return { value: n };
    }
    case 'boolean':
      return typeof raw === 'boolean' ? { value: raw } : msg('boolean');
    case 'date': {
      const date = parseCalendarDate(raw);
      return date === null ? msg('date') : { value: date };
    }
    case 'datetime': {
      const instant = parseInstant(raw, zone);
      return instant === null ? msg('dateTime') : { value: instantText(instant) };
    }
    case 'enum': {
      const allowed = def.enum.options.map((o) => o.value);
      const matches = (v: unknown) => allowed.find((a) => a === v || (typeof a === 'number' && toNumber(v) === a));
      if (def.multiple) {
        if (!Array.isArray(raw)) return msg('enum');
        // An enum's values are all numbers or all text, so one of the two lists is empty.
        const values = raw.map(matches);
        const numbers = values.filter((v): v is number => typeof v === 'number');
        const texts = values.filter((v): v is string => typeof v === 'string');
        if (numbers.length + texts.length !== raw.length) return msg('enum');
        return { value: numbers.length > 0 ? [...new Set(numbers)] : [...new Set(texts)] };
      }
      const value = matches(raw);
      return value === undefined ? msg('enum') : { value };
    }
    case 'reference': {
      if (def.multiple) {
        const ids = idList(raw);
        return ids ? { value: ids } : msg('reference');
      }
      const n = toNumber(raw);
      return n !== undefined && Number.isSafeInteger(n) && n > 0 ? { value: n } : msg('reference');
    }
    case 'files': {
      // Reads give file objects; a form may send them back as they came, or plain ids.
      const ids = Array.isArray(raw) ? idList(raw.map((f) => (isRecord(f) ? f.id : f))) : undefined;
      return ids ? { value: ids } : msg('reference');
    }
  }
}

/** Distinct positive ids from an array, or undefined when anything else is in it. */
function idList(raw: unknown): number[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const ids = raw.map(toNumber).filter((n): n is number => n !== undefined && Number.isSafeInteger(n) && n > 0);
  return ids.length === raw.length ? [...new Set(ids)] : undefined;
}

function isEmpty(def: FieldDef, raw: unknown): boolean {
  if (raw === undefined || raw === null) return true;
  if (typeof raw === 'string' && raw.trim() === '' && def.kind !== 'enum') return true;
  const isList = def.kind === 'files' || ((def.kind === 'enum' || def.kind === 'reference') && def.multiple === true);
  return isList && Array.isArray(raw) && raw.length === 0;
}

const isFieldValue = (value: unknown): value is FieldValue => value === null || typeof value === 'string'
  || typeof value === 'number' || typeof value === 'boolean'
  || (Array.isArray(value) && (value.every((v) => typeof v === 'string') || value.every((v) => typeof v === 'number')));

/** The ids of a files field as reads give it (file objects). */
export function storedFileIds(stored: unknown): number[] {
  return Array.isArray(stored) ? stored.map((file) => propertyOf(file, 'id')).filter((id) => typeof id === 'number') : [];
}

/** A stored value as a write carries it on. Reads show attachments as file objects; the column keeps their ids. */
function keptValue(def: FieldDef, stored: unknown): FieldValue {
  if (def.kind === 'files' && Array.isArray(stored)) return storedFileIds(stored);
  return isFieldValue(stored) ? stored : null;
}

/** The ids a reference or attachments value names. */
export const idsOf = (value: FieldValue): number[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is number => typeof v === 'number');

interface WriteValues {
  values: Record<string, FieldValue>;
  errors: ValidationErrorInfo[];
}

/**
 * Reads the declared fields of a create or update body. On update, fields the body leaves out keep their stored
 * value (`existing`); on create they take their declared default. Every problem is collected, not just the first.
 */
export function readWriteValues(
  resource: Resource, input: Input, language: Language, zone: string, existing: Readonly<Record<string, unknown>> | null,
): WriteValues {
  const values: Record<string, FieldValue> = {};
  const problems: ValidationErrorInfo[] = [];
  for (const [name, def] of Object.entries(resource.fields)) {
    const label = pick(def.label, language);
    if (def.managed) {
      values[name] = existing ? keptValue(def, existing[name]) : 'default' in def && def.default !== undefined ? def.default : null;
      continue;
    }
    const provided = input.has(name);
    const raw = provided ? input.get(name) : undefined;
    if (!provided && existing) {
      values[name] = keptValue(def, existing[name]);
      continue;
    }
    if (isEmpty(def, raw)) {
      const fallback = 'default' in def && def.default !== undefined ? def.default : null;
      if (def.required && fallback === null) {
        problems.push({ message: translate(language, 'validation.required', { field: label }), members: [name] });
      }
      values[name] = fallback;
      continue;
    }
    const checked = checkValue(def, raw, language, label, zone);
    if (checked.error) problems.push({ message: checked.error, members: [name] });
    else values[name] = checked.value ?? null;
  }
  return { values, errors: problems };
}

/** Reads one filter value from the query string by the field's kind (a bad value is a 400, not an empty list). */
export function readFilterValue(def: FieldDef, raw: unknown, language: Language, label: string, zone: string): Checked {
  if (def.kind === 'enum' && def.filterAll !== undefined && String(raw) === String(def.filterAll)) return {};
  if ((def.kind === 'enum' || def.kind === 'reference') && def.multiple) return checkValue({ ...def, multiple: false }, raw, language, label, zone);
  if (def.kind === 'boolean') {
    if (raw === 'true' || raw === true) return { value: true };
    if (raw === 'false' || raw === false) return { value: false };
  }
  return checkValue(def, raw, language, label, zone);
}
