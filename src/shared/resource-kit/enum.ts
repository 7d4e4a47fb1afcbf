import type { Label } from './label';

export type EnumValue = number | string;

export interface EnumOption<V extends EnumValue = EnumValue> {
  value: V;
  label: Label;
}

export interface EnumDef<V extends EnumValue = EnumValue> {
  /** i18n namespace: labels live under `enum.<name>.<value>`. */
  name: string;
  options: readonly EnumOption<V>[];
}

export function defineEnum<V extends EnumValue>(name: string, options: readonly EnumOption<V>[]): EnumDef<V> {
  return { name, options };
}

/** Shorthand for the common case: numeric values with [zh, en] labels. */
export function numericEnum(name: string, entries: Record<number, [string, string]>): EnumDef<number> {
  return defineEnum(
    name,
    Object.entries(entries).map(([value, [zh, en]]) => ({ value: Number(value), label: { zh, en } })),
  );
}

export function enumValues<V extends EnumValue>(def: EnumDef<V>): V[] {
  return def.options.map((o) => o.value);
}
