/** A text in both interface languages. Declarations carry their own labels so a resource is written once. */
export interface Label {
  zh: string;
  en: string;
}

export type Language = 'zh-CN' | 'en-US';

export const LANGUAGES: readonly Language[] = ['zh-CN', 'en-US'];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export function pick(label: Label, language: Language): string {
  return language === 'en-US' ? label.en : label.zh;
}
