import type { EnumValue, FieldDef } from '../../shared/resource-kit';
import { enumValuesOf, formatDate, toNumber } from './format';
import type { ResourceView } from './types';
import { formFieldNames } from './view';

/**
 * What the form holds while someone types: text for every typed-in field (so "1." or "2024-0" can be typed),
 * booleans, enum values and reference ids. `toPayload` turns it into the body the server expects.
 */
export type FormValues = Record<string, unknown>;

const EMPTY = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
export const isEmpty = EMPTY;

function dateTimeInput(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value);
  return m ? `${m[1]}T${m[2]}` : formatDate(value);
}

function formValue(def: FieldDef, value: unknown): unknown {
  switch (def.kind) {
    case 'integer':
    case 'decimal':
      return value === null || value === undefined ? '' : String(value);
    case 'date': return formatDate(value);
    case 'datetime': return dateTimeInput(value);
    case 'boolean': return Boolean(value);
    case 'enum': return def.multiple ? enumValuesOf(value) : (value ?? null);
    case 'reference': return value ?? null;
    default: return value === null || value === undefined ? '' : String(value);
  }
}

function defaultOf(def: FieldDef): unknown {
  switch (def.kind) {
    case 'integer':
    case 'decimal':
      return def.default ?? null;
    case 'boolean': return def.default ?? false;
    case 'enum': return def.multiple ? [] : (def.default ?? null);
    default: return null;
  }
}

/** The form's starting values: the record's (edit) or the declared defaults (create), plus any extra keys given. */
export function initialFormValues(view: ResourceView, source: Record<string, unknown> | null): FormValues {
  const values: FormValues = { ...(source ?? {}) };
  for (const name of formFieldNames(view)) {
    const def = view.fields[name];
    values[name] = formValue(def, source && name in source ? source[name] : defaultOf(def));
  }
  return values;
}

function payloadValue(def: FieldDef, raw: unknown): unknown {
  switch (def.kind) {
    case 'integer':
    case 'decimal':
      return toNumber(raw);
    case 'boolean': return Boolean(raw);
    case 'enum':
      if (def.multiple) return enumValuesOf(raw);
      return EMPTY(raw) ? null : (raw as EnumValue);
    case 'reference': return EMPTY(raw) ? null : Number(raw);
    case 'date':
    case 'datetime':
      return EMPTY(raw) ? null : String(raw);
    default: {
      const text = raw === null || raw === undefined ? '' : String(raw);
      return text === '' && !def.required ? null : text;
    }
  }
}

/** The body of Create/Update: the form fields, converted, plus the extra keys extension sections own. */
export function toPayload(view: ResourceView, values: FormValues, extraKeys: readonly string[] = []): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of formFieldNames(view)) body[name] = payloadValue(view.fields[name], values[name]);
  for (const key of extraKeys) if (key in values) body[key] = values[key];
  return body;
}
