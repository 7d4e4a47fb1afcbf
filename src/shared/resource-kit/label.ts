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

/** The units of measured fields, named once: weights of waste in tonnes, of a container's contents in kilograms. */
export const UNITS = {
  tonnes: { zh: '吨', en: 't' },
  kg: { zh: '千克', en: 'kg' },
  percent: { zh: '%', en: '%' },
  celsius: { zh: '℃', en: '°C' },
  metres: { zh: '米', en: 'm' },
  yuan: { zh: '元', en: 'CNY' },
} as const satisfies Record<string, Label>;
