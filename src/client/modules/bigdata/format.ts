// Figures as a Chinese operator reads them whatever the interface language: thousands separators, tonnes to two
// decimals under a hundred and one above (a wall is read from across the room, not audited).
const NUMBER_LOCALE = 'zh-CN';

/**
 * A figure to at most `digits` decimals. What rounds to zero is written 0, never "-0": a stock folded down to a few
 * grams below zero, or a negative zero out of arithmetic, is nothing, not a negative amount.
 */
function formatFigure(value: number, digits: number): string {
  if (!Number.isFinite(value)) return '—';
  const shown = Number(value.toFixed(digits));
  return (shown === 0 ? 0 : value).toLocaleString(NUMBER_LOCALE, { maximumFractionDigits: digits });
}

export const formatTonnes = (value: number): string => formatFigure(value, Math.abs(value) >= 100 ? 1 : 2);

export const formatCount = (value: number): string => formatFigure(value, 0);

/** Kilograms to one decimal: a household's drop-off is weighed to the ten grams, a day's sum read to the hundred. */
export const formatKg = (value: number): string => formatFigure(value, 1);

/** The change on a year earlier as a signed percentage, or null when there is nothing to compare with. */
export function formatChange(now: number, lastYear: number): string | null {
  if (!(lastYear > 0)) return null;
  const change = ((now - lastYear) / lastYear) * 100;
  const text = formatFigure(Math.abs(change), 1);
  // Signed by what is shown: a change that rounds to nothing is 0%, not −0%.
  if (text === '0') return '0%';
  return change > 0 ? `+${text}%` : `−${text}%`;
}
