import type { EnumDef, EnumValue } from './enum';
import type { Label } from './label';

/** How a field appears and behaves everywhere; each kind maps to one SQL type, one validator and one editor. */
type FieldKind = 'string' | 'text' | 'integer' | 'decimal' | 'boolean' | 'date' | 'datetime' | 'enum' | 'reference' | 'files';

/** Checks with a checksum or a national format, written once in src/shared/validators and run on both sides. */
export type CheckName = 'creditCode' | 'idCard' | 'plateNumber';

interface FieldBase {
  kind: FieldKind;
  label: Label;
  required?: boolean;
  /** Shown as a table column (default true). */
  list?: boolean;
  /** Editable in the create/edit form (default true). */
  form?: boolean;
  /** Written only by the server (status changes, derived text): request bodies cannot set it. */
  managed?: boolean;
  /** A managed value that follows another field (a record's class, from its sub-class): it changes when that one does. */
  derivedFrom?: string;
  /** Allowed in `Sorting`. */
  sortable?: boolean;
  /**
   * Matched by `Keyword`: anywhere in the value, or with 'whole' only by the whole value — what redeems something (a
   * household's card) is never found by its parts, so guessing it takes guessing all of it.
   */
  searchable?: boolean | 'whole';
  /** Accepted as an equality filter in `GetAll` (query parameter of the field's name). */
  filterable?: boolean;
  /** Accepted as an inclusive range in `GetAll`: `<name>From` and `<name>To` (dates, quantities). */
  filterRange?: boolean;
  /** Column width in the table, in pixels. */
  width?: number;
  /** A value known to be valid where a pattern cannot say so (region codes): API docs and tests use it. */
  example?: unknown;
}

interface StringField extends FieldBase {
  kind: 'string';
  maxLength?: number;
  /** A regular expression source the whole value must match. */
  pattern?: string;
  patternHint?: Label;
  /** Unique within a tenant among live rows. */
  unique?: boolean;
  /** A named check beyond the pattern (credit-code or ID checksum, plate format). */
  check?: CheckName;
  /** Lists show the value masked (an ID number's middle digits); `Get` returns it whole for editing. */
  mask?: 'idCard';
}
interface TextField extends FieldBase { kind: 'text'; maxLength?: number }
interface IntegerField extends FieldBase { kind: 'integer'; min?: number; max?: number; default?: number }
interface DecimalField extends FieldBase {
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
interface BooleanField extends FieldBase { kind: 'boolean'; default?: boolean }
interface DateField extends FieldBase { kind: 'date' }
interface DateTimeField extends FieldBase { kind: 'datetime' }
export interface EnumField<V extends EnumValue = EnumValue> extends FieldBase {
  kind: 'enum';
  enum: EnumDef<V>;
  /** Several values (stored as an array). */
  multiple?: boolean;
  default?: V;
  /** A filter value meaning "any" (the contract list's −1). */
  filterAll?: EnumValue;
}
export interface ReferenceField extends FieldBase {
  kind: 'reference';
  /**
   * Name of the referenced resource; the field's name ends in `Id` and lists show `<name>Name`. With `multiple`
   * the name ends in `Ids`, the value is an array of ids and lists show `<name>Names`.
   */
  resource: string;
  multiple?: boolean;
  /** What the referenced row must be, by enum field: a vehicle's enterprise is a transporter (`{corporateType: 3}`). */
  where?: Record<string, EnumValue>;
  /** The referenced row must belong to the same enterprise as the row another reference field names (plan rows). */
  sameEnterpriseAs?: string;
  /**
   * Fields the referenced row shares with this one (a compound's street lies in the district the compound names): the
   * server refuses a reference elsewhere, and forms offer only rows matching what is chosen above.
   */
  within?: readonly string[];
}
/** Uploaded attachments: ids on write; reads give `{id, name, size, contentType}` objects. */
interface FilesField extends FieldBase { kind: 'files' }

export type FieldDef =
  | StringField | TextField | IntegerField | DecimalField | BooleanField
  | DateField | DateTimeField | EnumField | ReferenceField | FilesField;

// Each constructor keeps its options' literal types (`required: true`, `multiple: true`), so that the row types
// below know which values can be null and which are arrays.
type Options<F extends FieldDef> = Omit<F, 'kind' | 'label'>;
const make = <F extends FieldDef>(kind: F['kind']) =>
  <const O extends Options<F> = Options<F>>(label: Label, options?: O): F & O => ({ kind, label, ...options }) as F & O;

/** Field constructors used by declarations: `string({zh, en}, {required: true})`. */
export const field = {
  string: make<StringField>('string'),
  text: make<TextField>('text'),
  integer: make<IntegerField>('integer'),
  decimal: make<DecimalField>('decimal'),
  boolean: make<BooleanField>('boolean'),
  date: make<DateField>('date'),
  datetime: make<DateTimeField>('datetime'),
  enum: <V extends EnumValue, const O extends Omit<EnumField<V>, 'kind' | 'label' | 'enum'> = Omit<EnumField<V>, 'kind' | 'label' | 'enum'>>(
    label: Label, def: EnumDef<V>, options?: O,
  ): EnumField<V> & O => ({ kind: 'enum', label, enum: def, ...options }) as EnumField<V> & O,
  reference: <const O extends Omit<ReferenceField, 'kind' | 'label' | 'resource'> = Omit<ReferenceField, 'kind' | 'label' | 'resource'>>(
    label: Label, resource: string, options?: O,
  ): ReferenceField & O => ({ kind: 'reference', label, resource, ...options }) as ReferenceField & O,
  files: make<FilesField>('files'),
};

/** The DTO key under which lists show a reference's display text: `wastecategoryId` → `wastecategoryName`. */
export function referenceDisplayKey(fieldName: string): string {
  return fieldName.endsWith('Ids') ? fieldName.slice(0, -3) + 'Names' : fieldName.replace(/Id$/, '') + 'Name';
}

/** Stored file as every read shows it. */
export interface FileInfo {
  id: number;
  name: string;
  size: number;
  contentType: string;
}
