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

/** Any field's value, where the declaration is not known (the engine serves every resource). */
export type AnyFieldValue = string | number | boolean | null | string[] | number[];

// Code that serves every resource sees `Resource` itself, whose fields are any string: its records are loose.
type Known<R, Precise, Loose> = string extends keyof Fields<R> ? Loose : Precise;

/** A stored row: the id and every declared field (null where the declaration does not require it). */
export type RowOf<R> = Known<R,
  { id: number } & { -readonly [K in keyof Fields<R>]: Nullable<Fields<R>[K], ValueOf<Fields<R>[K]>> },
  { id: number } & Record<string, unknown>>;

/** What `Create` and `Update` accept: every field a request may set (managed fields are the server's). */
export type WriteOf<R> = { -readonly [K in Writable<Fields<R>>]: Nullable<Fields<R>[K], WriteValueOf<Fields<R>[K]>> };

/**
 * The values a write carries through the server's checks and hooks: any field the body or the server set (managed ones
 * included), null where cleared, absent where not written.
 */
export type ValuesOf<R> = Known<R,
  { -readonly [K in keyof Fields<R>]?: WriteValueOf<Fields<R>[K]> | null },
  Record<string, AnyFieldValue>>;

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
