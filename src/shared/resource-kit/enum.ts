import type { Label } from './label';

export type EnumValue = number | string;

interface EnumOption<V extends EnumValue = EnumValue> {
  value: V;
  label: Label;
}

export interface EnumDef<V extends EnumValue = EnumValue> {
  /** i18n namespace: labels live under `enum.<name>.<value>`. */
  name: string;
  options: readonly EnumOption<V>[];
}

/** A member: its stored value, then its zh-CN and en-US labels. */
type Member = readonly [value: EnumValue, zh: string, en: string];
type Members = Record<string, Member> & { name?: never; options?: never };

/** An enum whose members are also named properties: `corporateType.producer === 2`, in code and in SQL alike. */
type NamedEnum<M extends Members> = EnumDef<M[keyof M][0]> & { readonly [K in keyof M]: M[K][0] };

export function defineEnum<const M extends Members>(name: string, members: M): NamedEnum<M> {
  const named = Object.fromEntries(Object.entries(members).map(([member, [value]]) => [member, value]));
  const options = Object.values(members).map(([value, zh, en]) => ({ value, label: { zh, en } }));
  return { ...named, name, options } as NamedEnum<M>;
}
