import { formatDateTime } from '../../crud/format';
import { instantOf } from '../../time/display';
import type { Translate } from '../../crud/types';

// Chinese clerks' conventions whatever the interface language: thousands separators, at most three decimals (grams),
// times as `YYYY-MM-DD HH:mm` on the tenant's clock.
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

/** `3 分钟前`: how long before `now` an instant was (text without an offset is a wall time of `zone`, the tenant's). */
export function relativeTime(value: string | null | undefined, now: number, t: Translate, zone: string): string {
  const time = instantOf(value, zone);
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
