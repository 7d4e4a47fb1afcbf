import type { EnumDef, EnumValue } from './enum';
import type { Label } from './label';

/** How a field appears and behaves everywhere; each kind maps to one SQL type, one validator and one editor. */
export type FieldKind = 'string' | 'text' | 'integer' | 'decimal' | 'boolean' | 'date' | 'datetime' | 'enum' | 'reference';

interface FieldBase {
  kind: FieldKind;
  label: Label;
  required?: boolean;
  /** Shown as a table column (default true). */
  list?: boolean;
  /** Editable in the create/edit form (default true). */
  form?: boolean;
  /** Allowed in `Sorting`. */
  sortable?: boolean;
  /** Matched by `Keyword`. */
  searchable?: boolean;
  /** Accepted as an equality filter in `GetAll` (query parameter of the field's name). */
  filterable?: boolean;
  /** Column width in the table, in pixels. */
  width?: number;
}

export interface StringField extends FieldBase {
  kind: 'string';
  maxLength?: number;
  /** A regular expression source the whole value must match. */
  pattern?: string;
  patternHint?: Label;
  /** Unique within a tenant among live rows. */
  unique?: boolean;
}
export interface TextField extends FieldBase { kind: 'text'; maxLength?: number }
export interface IntegerField extends FieldBase { kind: 'integer'; min?: number; max?: number; default?: number }
export interface DecimalField extends FieldBase {
  kind: 'decimal';
  /** Inclusive lower bound. */
  min?: number;
  /** Exclusive lower bound (e.g. weights must be > 0). */
  greaterThan?: number;
  max?: number;
  scale?: number;
  default?: number;
  unit?: Label;
}
export interface BooleanField extends FieldBase { kind: 'boolean'; default?: boolean }
export interface DateField extends FieldBase { kind: 'date' }
export interface DateTimeField extends FieldBase { kind: 'datetime' }
export interface EnumField extends FieldBase {
  kind: 'enum';
  enum: EnumDef<EnumValue>;
  /** Several values (stored as an array). */
  multiple?: boolean;
  default?: EnumValue;
}
export interface ReferenceField extends FieldBase {
  kind: 'reference';
  /** Name of the referenced resource; the field's name ends in `Id` and lists show `<name>Name`. */
  resource: string;
}

export type FieldDef =
  | StringField | TextField | IntegerField | DecimalField | BooleanField
  | DateField | DateTimeField | EnumField | ReferenceField;

type Options<F extends FieldDef> = Omit<F, 'kind' | 'label'>;
const make = <F extends FieldDef>(kind: F['kind']) =>
  (label: Label, options: Options<F> = {} as Options<F>): F => ({ kind, label, ...options }) as F;

/** Field constructors used by declarations: `string({zh, en}, {required: true})`. */
export const field = {
  string: make<StringField>('string'),
  text: make<TextField>('text'),
  integer: make<IntegerField>('integer'),
  decimal: make<DecimalField>('decimal'),
  boolean: make<BooleanField>('boolean'),
  date: make<DateField>('date'),
  datetime: make<DateTimeField>('datetime'),
  enum: (label: Label, def: EnumDef<EnumValue>, options: Omit<EnumField, 'kind' | 'label' | 'enum'> = {}): EnumField =>
    ({ kind: 'enum', label, enum: def, ...options }),
  reference: (label: Label, resource: string, options: Omit<ReferenceField, 'kind' | 'label' | 'resource'> = {}): ReferenceField =>
    ({ kind: 'reference', label, resource, ...options }),
};

/** The DTO key under which lists show a reference's display text: `wastecategoryId` → `wastecategoryName`. */
export function referenceDisplayKey(fieldName: string): string {
  return fieldName.replace(/Id$/, '') + 'Name';
}
