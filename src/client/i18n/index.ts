import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { areaTranslations, buildTranslations } from '../../shared/locales/translations';
import { DEFAULT_LANGUAGE, type Label, type Language, LANGUAGES } from '../../shared/resource-kit/label';
import { COOKIE, readCookie } from '../util/cookies';

export type { Language };
export { LANGUAGES };

/** Interface language: `en-US` when the language cookie says so, zh-CN otherwise (the product's default). */
export function languageFromCookie(): Language {
  return readCookie(COOKIE.language) === 'en-US' ? 'en-US' : DEFAULT_LANGUAGE;
}

/** Maps a browser language tag to one of the two interface languages. */
export function languageFromBrowser(tag: string | undefined): Language {
  return tag?.toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}

/**
 * Initialises the shared i18next instance with both languages built from the declarations. Synchronous: the texts
 * are in the bundle, so the first render never shows raw keys (a screen with its own chunk adds its own texts as the
 * chunk loads, before it renders: `addScreenTexts`).
 */
export function initI18n(language: Language): I18n {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { translation: buildTranslations(lng) }])),
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  } else if (i18next.language !== language) {
    void i18next.changeLanguage(language);
  }
  applyDocumentLanguage(language);
  return i18next;
}

/**
 * Adds the texts of a screen that comes with its own chunk, in both languages, under `<area>.<key>`. Called as the
 * chunk loads; the app initialises i18n before it renders anything.
 */
export function addScreenTexts(area: string, texts: Record<string, Label>): void {
  if (!i18next.isInitialized) return;
  for (const lng of LANGUAGES) i18next.addResourceBundle(lng, 'translation', { [area]: areaTranslations(texts, lng) }, true, true);
}

export async function switchLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  applyDocumentLanguage(language);
}

function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Translation outside React (sagas, interceptors). */
export function translate(key: string, options?: Record<string, unknown>): string {
  return i18next.isInitialized ? i18next.t(key, options ?? {}) : key;
}

export { i18next };
