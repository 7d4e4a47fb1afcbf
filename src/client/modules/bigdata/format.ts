// Figures as a Chinese operator reads them whatever the interface language: thousands separators, tonnes to two
// decimals under a hundred and one above (a wall is read from across the room, not audited).
const NUMBER_LOCALE = 'zh-CN';

export function formatTonnes(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return value.toLocaleString(NUMBER_LOCALE, { maximumFractionDigits: Math.abs(value) >= 100 ? 1 : 2 });
}

export const formatCount = (value: number): string => value.toLocaleString(NUMBER_LOCALE);

/** Kilograms to one decimal: a household's drop-off is weighed to the ten grams, a day's sum read to the hundred. */
export const formatKg = (value: number): string => value.toLocaleString(NUMBER_LOCALE, { maximumFractionDigits: 1 });

/** The change on a year earlier as a signed percentage, or null when there is nothing to compare with. */
export function formatChange(now: number, lastYear: number): string | null {
  if (!(lastYear > 0)) return null;
  const change = ((now - lastYear) / lastYear) * 100;
  const text = Math.abs(change).toLocaleString(NUMBER_LOCALE, { maximumFractionDigits: 1 });
  return change > 0 ? `+${text}%` : change < 0 ? `−${text}%` : '0%';
}
