import { type Language, type Label, pick } from '../resource-kit/label';
import { BIGDATA_TEXTS } from './bigdata';
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

/** Interpolates `{{name}}` placeholders the way i18next does, for server-side messages. */
export function translate(language: Language, key: string, params: Record<string, string | number> = {}): string {
  const [area, name] = key.split('.') as [keyof typeof ALL_TEXTS, string];
  const group = ALL_TEXTS[area] as Record<string, Label> | undefined;
  const label = group?.[name];
  const text = label ? pick(label, language) : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? ''));
}
