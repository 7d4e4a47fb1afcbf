import type { EnumValue, FieldDef } from '../../shared/resource-kit';
import { fileInfosOf } from './files';
import { formatWallClock } from '../../shared/time';
import { instantOf } from '../time/display';
import { enumValuesOf, formatDate, toNumber } from './format';
import type { ResourceView } from './types';
import { formFieldNames } from './view';

/**
 * What the form holds while someone types: text for every typed-in field (so "1." or "2024-0" can be typed),
 * booleans, enum values and reference ids; a date as `YYYY-MM-DD`, a date-time as a wall time of the tenant's zone
 * (`2026-11-28T09:30`, no offset: the server reads it in the tenant's zone). `toPayload` turns it into the body the
 * server expects.
 */
export type FormValues = Record<string, unknown>;

const EMPTY = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
export const isEmpty = EMPTY;

/** An instant as the tenant's wall clock reads it, to the minute: `2026-11-28T00:41`. */
function wallTimeInput(value: unknown, zone: string): string {
  const instant = instantOf(value, zone);
  return instant === null ? '' : formatWallClock(instant, zone).replace(' ', 'T');
}

function formValue(def: FieldDef, value: unknown, zone: string): unknown {
  switch (def.kind) {
    case 'integer':
    case 'decimal':
      return value === null || value === undefined ? '' : String(value);
    case 'date': return formatDate(value, zone);
    case 'datetime': return wallTimeInput(value, zone);
    case 'boolean': return Boolean(value);
    case 'enum': return def.multiple ? enumValuesOf(value) : (value ?? null);
    case 'reference': return def.multiple ? idsOf(value) : (value ?? null);
    case 'files': return fileInfosOf(value);
    default: return value === null || value === undefined ? '' : String(value);
  }
}

/** Ids of a multiple reference (an array, or a comma-separated string someone typed into a URL). */
export function idsOf(value: unknown): number[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? value.split(',') : [];
  return list.map(Number).filter((n) => Number.isInteger(n) && n > 0);
}

function defaultOf(def: FieldDef): unknown {
  switch (def.kind) {
    case 'integer':
    case 'decimal':
      return def.default ?? null;
    case 'boolean': return def.default ?? false;
    case 'enum': return def.multiple ? [] : (def.default ?? null);
    case 'reference': return def.multiple ? [] : null;
    case 'files': return [];
    default: return null;
  }
}

/**
 * The form's starting values: the record's (edit) or the declared defaults (create), plus any extra keys given; times
 * on the clock of `zone`, the tenant's.
 */
export function initialFormValues(view: ResourceView, source: Record<string, unknown> | null, zone: string): FormValues {
  const values: FormValues = { ...(source ?? {}) };
  for (const name of formFieldNames(view)) {
    const def = view.fields[name];
    values[name] = formValue(def, source && name in source ? source[name] : defaultOf(def), zone);
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
    case 'reference':
      if (def.multiple) return idsOf(raw);
      return EMPTY(raw) ? null : Number(raw);
    // The server takes ids (or the objects it gave); ids keep the body small.
    case 'files': return fileInfosOf(raw).map((f) => f.id);
    case 'date':
    case 'datetime':
      return EMPTY(raw) ? null : String(raw);
    default: {
      const text = raw === null || raw === undefined ? '' : String(raw);
      return text === '' && !def.required ? null : text;
    }
  }
}

/**
 * The body of Create/Update: the form fields, converted, plus the extra keys extension sections own. Fields only the
 * server writes are never sent, even when a section names them.
 */
export function toPayload(view: ResourceView, values: FormValues, extraKeys: readonly string[] = []): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of formFieldNames(view)) body[name] = payloadValue(view.fields[name], values[name]);
  for (const key of extraKeys) if (key in values && view.fields[key]?.managed !== true) body[key] = values[key];
  return body;
}

/**
 * The lookup parameters of a reference: its declared kind, and the values chosen for the fields it lies within (the
 * streets of the chosen district). Until those are chosen the list is not narrowed by them.
 */
export function referenceParams(def: FieldDef, values: FormValues): Record<string, string | number | boolean> | undefined {
  if (def.kind !== 'reference') return undefined;
  const within = Object.fromEntries((def.within ?? []).flatMap((f) => {
    const v = values[f];
    return typeof v === 'number' || typeof v === 'string' ? [[f, v]] : [];
  }));
  const params = { ...def.where, ...within };
  return Object.keys(params).length > 0 ? params : undefined;
}

/** References that lie within a changed field no longer hold once it changes: choosing another district clears the street. */
export function clearedByChange(view: ResourceView, current: FormValues, change: FormValues): FormValues {
  const cleared: FormValues = {};
  const changed = Object.keys(change).filter((k) => change[k] !== current[k]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const name of view.fieldNames) {
      const def = view.fields[name];
      if (def.kind !== 'reference' || name in change || name in cleared) continue;
      if (def.within?.some((f) => changed.includes(f) || f in cleared)) {
        cleared[name] = null;
        grew = true;
      }
    }
  }
  return cleared;
}
