// Instants seen in a time zone. An instant is milliseconds since the epoch; a zone is an IANA name. What an instant
// reads as on a wall clock, which instants a day covers, and the offset an instant is written with all come from
// here, through the platform's own time-zone data (Intl), so neither Node's `TZ` nor the browser's zone matters.
import { addDays, dateOf, partsOf, type CalendarDate } from './calendar';

/** The zone of a tenant that has not chosen one: China has one time, UTC+8 all year. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** A wall clock's reading: calendar fields and time of day, no zone. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const MINUTE_MS = 60_000;
// Offsets change (daylight saving, a new law) only at whole quarter hours of UTC, so one reading serves a quarter hour.
const QUARTER_HOUR_MS = 15 * MINUTE_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', era: 'short', year: 'numeric', month: 'numeric', day: 'numeric',
      hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether `name` is a time zone the platform knows (`Asia/Shanghai`, `UTC`). */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64) return false;
  try {
    formatterOf(name);
    return true;
  } catch {
    return false;
  }
}

/** The platform's own spelling of a zone name (`asia/shanghai` → `Asia/Shanghai`). */
export const canonicalZone = (name: string): string => formatterOf(name).resolvedOptions().timeZone;

const offsets = new Map<string, Map<number, number>>();

function readOffsetMinutes(zone: string, epochMs: number): number {
  const at = Math.floor(epochMs / 1000) * 1000;
  const parts: Record<string, string> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(at))) parts[part.type] = part.value;
  const year = parts.era === 'BC' || parts.era === 'B' ? 1 - Number(parts.year) : Number(parts.year);
  const wall = Date.UTC(year, Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  // Date.UTC reads years 0–99 as 1900–1999; such instants are far outside any we keep.
  return Math.round((wall - at) / MINUTE_MS);
}

/** Minutes the zone's wall clock is ahead of UTC at the instant (480 for China). */
export function offsetMinutesAt(zone: string, epochMs: number): number {
  let byQuarter = offsets.get(zone);
  if (!byQuarter) {
    byQuarter = new Map();
    offsets.set(zone, byQuarter);
  }
  const quarter = Math.floor(epochMs / QUARTER_HOUR_MS);
  let minutes = byQuarter.get(quarter);
  if (minutes === undefined) {
    minutes = readOffsetMinutes(zone, epochMs);
    if (byQuarter.size > 50_000) byQuarter.clear();
    byQuarter.set(quarter, minutes);
  }
  return minutes;
}

/** The wall clock of the zone at the instant. */
export function wallClockOf(epochMs: number, zone: string): WallClock {
  const d = new Date(epochMs + offsetMinutesAt(zone, epochMs) * MINUTE_MS);
  return {
    year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(),
    hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(), millisecond: d.getUTCMilliseconds(),
  };
}

/**
 * The instant the zone's wall clock shows `wall`. A reading the clock skips (a spring-forward gap) is read with the
 * offset before the gap, so it lands as far past the gap's start as it was meant to; a reading the clock shows twice
 * (fall-back) is the earlier one.
 */
export function instantOfWallClock(wall: WallClock, zone: string): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.millisecond);
  const before = offsetMinutesAt(zone, asUtc - 86_400_000);
  const after = offsetMinutesAt(zone, asUtc + 86_400_000);
  const candidates = [asUtc - before * MINUTE_MS, asUtc - after * MINUTE_MS].sort((a, b) => a - b);
  const fits = candidates.find((instant) => instant + offsetMinutesAt(zone, instant) * MINUTE_MS === asUtc);
  return fits ?? asUtc - before * MINUTE_MS;
}

/** The day the zone's calendar shows at the instant. */
export function dayOf(epochMs: number, zone: string): CalendarDate {
  const wall = wallClockOf(epochMs, zone);
  return dateOf(wall.year, wall.month, wall.day);
}

/** The first instant of the day in the zone. */
export function startOfDay(date: CalendarDate, zone: string): number {
  return instantOfWallClock({ ...partsOf(date), hour: 0, minute: 0, second: 0, millisecond: 0 }, zone);
}

/** The instants of a run of days, `from` to `to` both included: `[start, end)`. */
export function daysSpan(from: CalendarDate, to: CalendarDate, zone: string): { start: number; end: number } {
  return { start: startOfDay(from, zone), end: startOfDay(addDays(to, 1), zone) };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `+08:00`, `-03:30`, `+00:00`. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * The instant as ISO 8601 on the zone's wall clock with its offset: `2026-11-28T00:41:09+08:00`, milliseconds only
 * when there are some. Any ISO reader (ABP clients, moment, Date.parse) takes it as the same instant.
 */
export function formatInstant(epochMs: number, zone: string): string {
  const offset = offsetMinutesAt(zone, epochMs);
  // The wall clock's reading is the instant moved by the offset, read as UTC (`2026-11-28T00:41:09.000Z`).
  const wall = new Date(epochMs + offset * MINUTE_MS).toISOString();
  const fraction = wall.slice(19, 23) === '.000' ? '' : wall.slice(19, 23);
  return `${wall.slice(0, 19)}${fraction}${offsetText(offset)}`;
}

/** What a person reads: `2026-11-28 00:41` (or with seconds), on the zone's wall clock. */
export function formatWallClock(epochMs: number, zone: string, precision: 'minute' | 'second' = 'minute'): string {
  const w = wallClockOf(epochMs, zone);
  const seconds = precision === 'second' ? `:${pad(w.second)}` : '';
  return `${dateOf(w.year, w.month, w.day)} ${pad(w.hour)}:${pad(w.minute)}${seconds}`;
}

/** `HH:mm:ss` (or `HH:mm`) on the zone's wall clock. */
export function formatTimeOfDay(epochMs: number, zone: string, precision: 'minute' | 'second' = 'second'): string {
  const w = wallClockOf(epochMs, zone);
  return precision === 'second' ? `${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}` : `${pad(w.hour)}:${pad(w.minute)}`;
}
