import type { EnumField, FieldDef, FileInfo } from './fields';
import type { ResourceDeclaration } from './resource';

// The TypeScript shapes of a declared resource's records, derived from its fields so that a change to a declaration
// reaches every place that reads or writes the field.

type Fields<R> = R extends ResourceDeclaration<infer F> ? F : never;
type IsMultiple<D> = D extends { multiple: true } ? true : false;
type Scalar<D extends FieldDef> =
  D extends { kind: 'string' | 'text' | 'date' | 'datetime' } ? string
  : D extends { kind: 'integer' | 'decimal' } ? number
  : D extends { kind: 'boolean' } ? boolean
  : D extends EnumField<infer V> ? V
  : D extends { kind: 'reference' } ? number
  : never;

/** A field's value as reads give it: dates as `YYYY-MM-DD` text, references as ids, files as their descriptions. */
type ValueOf<D extends FieldDef> =
  D extends { kind: 'files' } ? FileInfo[]
  : IsMultiple<D> extends true ? Scalar<D>[] : Scalar<D>;

/** A field's value as writes give it: the same, except files, which are the ids of uploads. */
type WriteValueOf<D extends FieldDef> = D extends { kind: 'files' } ? number[] : ValueOf<D>;

// Required fields, and managed ones with a default (the server writes them), are never null.
type Nullable<D, T> = D extends { required: true } | { managed: true; default: unknown } ? T : T | null;
type Writable<F> = { [K in keyof F]: F[K] extends { managed: true } ? never : K }[keyof F];

/** A stored row: the id and every declared field (null where the declaration does not require it). */
type RowOf<R> = { id: number } & { -readonly [K in keyof Fields<R>]: Nullable<Fields<R>[K], ValueOf<Fields<R>[K]>> };

/** What `Create` and `Update` accept: every field a request may set (managed fields are the server's). */
export type WriteOf<R> = { -readonly [K in Writable<Fields<R>>]: Nullable<Fields<R>[K], WriteValueOf<Fields<R>[K]>> };

type ReferenceKeys<F> = { [K in keyof F]: F[K] extends { kind: 'reference' } ? K : never }[keyof F];
/** `producerId` → `producerName`, `vehicleIds` → `vehicleNames`: where lists show a reference's display text. */
type DisplayKey<K> = K extends `${infer Base}Ids` ? `${Base}Names` : K extends `${infer Base}Id` ? `${Base}Name` : never;
type DisplayValues<F> = {
  [K in ReferenceKeys<F> as DisplayKey<K>]?: IsMultiple<F[K]> extends true ? string[] | null : string | null;
};

/** A row as `GetAll` and `Get` answer it: the stored row, its references' display texts and its audit columns. */
export type ListItemOf<R> = RowOf<R> & DisplayValues<Fields<R>> & {
  creationTime: string;
  creatorUserId: number | null;
  lastModificationTime: string | null;
  lastModifierUserId: number | null;
};
