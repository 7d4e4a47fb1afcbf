import { type Language, type Label, pick } from '../resource-kit/label';
import { BIGDATA_TEXTS } from './bigdata';
import { MESSAGE_TEXTS } from './messages';
import { RECYCLING_TEXTS } from './recycling';
import { areaTranslations, buildTranslations, flattenTranslations } from './translations';
import { UI_TEXTS } from './ui';

export { flattenTranslations };

/**
 * Texts of the screens that come with their own chunk: the client's start-up bundle leaves them out (translations.ts),
 * and each screen adds its area as its chunk loads. The server has them all.
 */
const SCREEN_TEXTS = {
  bigdata: BIGDATA_TEXTS,
  recycling: RECYCLING_TEXTS,
};

const ALL_TEXTS = { ...UI_TEXTS, ...SCREEN_TEXTS };

/** Every text of one language, the screens' own included, as an i18next resource tree. */
export function buildAllTranslations(language: Language): ReturnType<typeof buildTranslations> {
  const tree = buildTranslations(language);
  for (const [area, group] of Object.entries(SCREEN_TEXTS)) tree[area] = areaTranslations(group, language);
  return tree;
}

type KeysOf<Texts> = { [Area in keyof Texts & string]: `${Area}.${keyof Texts[Area] & string}` }[keyof Texts & string];
/** Every declared text as `<area>.<key>`: a message the server sends is one of them, never a key left untranslated. */
export type TextKey = KeysOf<typeof ALL_TEXTS>;
/** The texts of one area, for helpers that word every refusal of a module from it. */
export type TextsOf<Area extends keyof typeof ALL_TEXTS> = (typeof ALL_TEXTS)[Area];
/** A field refusal's key under `validation.`. */
export type ValidationTextKey = keyof typeof MESSAGE_TEXTS.validation;

/** A `{{name}}` placeholder, the one form every text of ours uses (i18next's). */
export const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The names of a text's placeholders, each once. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

/** Fills a text's `{{name}}` placeholders from `params`, the way i18next fills them on the client. */
export function fillPlaceholders(text: string, params: Record<string, string | number>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => String(params[name] ?? ''));
}

/** A declared text of the server's messages in the language, its placeholders filled. */
export function translate(language: Language, key: TextKey, params: Record<string, string | number> = {}): string {
  const [area, name] = key.split('.') as [keyof typeof ALL_TEXTS, string];
  const group: Record<string, Label> = ALL_TEXTS[area];
  return fillPlaceholders(pick(group[name], language), params);
}
