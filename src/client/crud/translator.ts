import { buildTranslations, flattenTranslations } from '../../shared/locales/translations';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/resource-kit';
import type { Translate } from './types';

const cache = new Map<Language, Record<string, string>>();

export const toLanguage = (name: string | undefined): Language =>
  LANGUAGES.find((l) => l === name) ?? (name?.toLowerCase().startsWith('en') ? 'en-US' : DEFAULT_LANGUAGE);

/**
 * A `t` over the same texts i18next is given (`buildTranslations`), for code outside React: the export saga builds
 * its sheet with it, so an export in the middle of a language switch still has one language throughout.
 */
export function createTranslator(language: string): Translate {
  const lang = toLanguage(language);
  let texts = cache.get(lang);
  if (!texts) {
    texts = flattenTranslations(buildTranslations(lang));
    cache.set(lang, texts);
  }
  const dictionary = texts;
  return (key, options = {}) => {
    const template = dictionary[key] ?? (typeof options.defaultValue === 'string' ? options.defaultValue : key);
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(options[name] ?? ''));
  };
}
