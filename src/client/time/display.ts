// What the client shows of times. The server sends instants as ISO 8601 with the tenant's offset and calendar dates
// as `YYYY-MM-DD`; every instant is shown on the tenant's clock (its zone, from the configuration) whatever the
// browser's zone, and a calendar date is shown as it is, never converted.
import { dayOf, formatTimeOfDay, formatWallClock, parseCalendarDate, parseInstant, type CalendarDate } from '../../shared/time';

/**
 * The instant a value names: epoch ms, a Date, or ISO text read by the shared parser (an offset or `Z` is converted;
 * text without one is a wall time of `zone`, as forms write them). Null for anything else.
 */
export function instantOf(value: unknown, zone: string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  return parseInstant(value, zone);
}

/** `YYYY-MM-DD`: a calendar date as it is, an instant's day on the tenant's calendar; '' when the value is neither. */
export function formatDate(value: unknown, zone: string): CalendarDate | '' {
  const date = parseCalendarDate(value);
  if (date) return date;
  const instant = instantOf(value, zone);
  return instant === null ? '' : dayOf(instant, zone);
}

/** `YYYY-MM-DD HH:mm` on the tenant's clock (a calendar date alone stays a date); '' when the value is no time. */
export function formatDateTime(value: unknown, zone: string): string {
  const instant = instantOf(value, zone);
  return instant === null ? (parseCalendarDate(value) ?? '') : formatWallClock(instant, zone);
}

/** `2026-11-28 00:41:09`: a clock as Chinese screens show it, on the tenant's clock. */
export const formatClock = (epochMs: number, zone: string): string => formatWallClock(epochMs, zone, 'second');

/** `HH:mm:ss` (or `HH:mm`) of an instant on the tenant's clock; '' when the value is no time. */
export function formatTime(value: unknown, zone: string, precision: 'minute' | 'second' = 'second'): string {
  const instant = instantOf(value, zone);
  return instant === null ? '' : formatTimeOfDay(instant, zone, precision);
}

/** `11-21 09:05`: the day and minute, enough beside a message. */
export function formatShortDateTime(value: unknown, zone: string): string {
  const instant = instantOf(value, zone);
  return instant === null ? '' : formatWallClock(instant, zone).slice(5);
}

/** `20261128`: the tenant's day of an instant, for file names. */
export const dateStamp = (epochMs: number, zone: string): string => dayOf(epochMs, zone).replaceAll('-', '');

const localized = new Map<string, Intl.DateTimeFormat>();

/** The language's own way of writing a time (month names, weekday, 12 or 24 hours), on the tenant's clock. */
function localizedFormat(language: string, zone: string, kind: 'longDate' | 'time' | 'dayAndTime'): Intl.DateTimeFormat {
  const key = `${language}|${zone}|${kind}`;
  let format = localized.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = kind === 'longDate' ? { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' }
      : kind === 'time' ? { hour: '2-digit', minute: '2-digit' }
        : { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' };
    format = new Intl.DateTimeFormat(language, { ...options, timeZone: zone });
    localized.set(key, format);
  }
  return format;
}

/** `2026年11月28日星期六` / `Saturday, November 28, 2026`: the tenant's day of an instant, in the language's words. */
export const formatLongDate = (epochMs: number, zone: string, language: string): string => localizedFormat(language, zone, 'longDate').format(epochMs);

/** `00:41` / `12:41 AM`: the time of day of an instant on the tenant's clock, as the language writes it. */
export const formatLocalTime = (epochMs: number, zone: string, language: string): string => localizedFormat(language, zone, 'time').format(epochMs);

/** `11/28 00:41` / `11/28, 12:41 AM`: day and time of an instant on the tenant's clock, as the language writes them. */
export function formatLocalDayAndTime(value: unknown, zone: string, language: string): string {
  const instant = instantOf(value, zone);
  return instant === null ? '' : localizedFormat(language, zone, 'dayAndTime').format(instant);
}
