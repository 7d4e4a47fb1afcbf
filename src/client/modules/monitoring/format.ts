import { formatDateTime } from '../../crud/format';
import type { Translate } from '../../crud/types';

// Chinese clerks' conventions whatever the interface language: thousands separators, at most three decimals (grams),
// times as `YYYY-MM-DD HH:mm`.
const NUMBER_LOCALE = 'zh-CN';

/** `1234.5` → `1,234.5`; at most three decimals, no trailing zeros. */
export function formatKg(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return value.toLocaleString(NUMBER_LOCALE, { maximumFractionDigits: 3 });
}

export const formatWeight = (value: number | null | undefined, t: Translate): string =>
  value === null || value === undefined || !Number.isFinite(value) ? '' : t('monitoring.weightKg', { weight: formatKg(value) });

/** A fill ratio (0..1, may exceed 1 when overloaded) as a percentage with one decimal. */
export function formatRatio(ratio: number | null | undefined): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '';
  return `${(ratio * 100).toLocaleString(NUMBER_LOCALE, { maximumFractionDigits: 1 })}%`;
}

/** A value with its unit, or '—' when there is none. */
export function formatMeasure(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${value.toLocaleString(NUMBER_LOCALE, { maximumFractionDigits: 3 })}${unit ? ` ${unit}` : ''}`;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.(\d+))?$/;

/**
 * Epoch ms of a server time. The server writes wall-clock times without an offset (the tenant's local time, as the
 * browser's); values with an offset are taken as they say.
 */
export function parseServerTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = WALL_CLOCK.exec(value.trim());
  if (m) {
    const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
    return new Date(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0), ms).getTime();
  }
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : time;
}

/** `3 分钟前`, from the clerk's clock. */
export function relativeTime(value: string | null | undefined, now: number, t: Translate): string {
  const time = parseServerTime(value);
  if (time === null) return '';
  const seconds = Math.round((now - time) / 1000);
  if (seconds < -60) return t('monitoring.inFuture');
  if (seconds < 10) return t('monitoring.justNow');
  if (seconds < 60) return t('monitoring.secondsAgo', { count: seconds });
  if (seconds < 3600) return t('monitoring.minutesAgo', { count: Math.floor(seconds / 60) });
  if (seconds < 86400) return t('monitoring.hoursAgo', { count: Math.floor(seconds / 3600) });
  return t('monitoring.daysAgo', { count: Math.floor(seconds / 86400) });
}

export { formatDateTime };

/** `YYYY-MM-DD` of the clerk's today. */
export function todayText(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
