// The one reader of dates and times that people and devices send. It is strict where the platform is lenient:
// 2026-02-30 is refused rather than rolled to March, 24:00:01 and 13:61 are refused, and so are years outside
// MIN_YEAR–MAX_YEAR and anything that is not ISO 8601.
import { dateOf, isRealDay, type CalendarDate } from './calendar';
import { instantOfWallClock, type WallClock } from './zone';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// `2026-11-28T09:30`, `2026-11-28 09:30:15.250`, `2026-11-28T01:30:00Z`, `…+08:00`, `…+0800`, `…+08`.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:\s?([Zz]|[+-]\d{2}(?::?\d{2})?))?$/;

/** The longest offset any zone has had: UTC−12 to UTC+14. */
const MAX_OFFSET_MINUTES = 14 * 60;

/** A calendar date written `YYYY-MM-DD` that exists, else null. */
export function parseCalendarDate(text: unknown): CalendarDate | null {
  if (typeof text !== 'string') return null;
  const m = DATE.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isRealDay(year, month, day) ? dateOf(year, month, day) : null;
}

/** Minutes east of UTC of an offset as written (`Z`, `+08:00`, `-0330`, `+08`), or null when out of range. */
function offsetMinutes(text: string): number | null {
  if (text === 'Z' || text === 'z') return 0;
  const sign = text.startsWith('-') ? -1 : 1;
  const digits = text.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
  if (minutes > 59 || hours * 60 + minutes > MAX_OFFSET_MINUTES) return null;
  return sign * (hours * 60 + minutes);
}

interface ReadDateTime {
  wall: WallClock;
  /** Minutes east of UTC as written; null when the text carries no offset. */
  offset: number | null;
}

function readDateTime(text: unknown): ReadDateTime | null {
  if (typeof text !== 'string') return null;
  const m = DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
  const second = m[6] === undefined ? 0 : Number(m[6]);
  if (!isRealDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  const millisecond = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000);
  const offset = m[8] === undefined ? null : offsetMinutes(m[8]);
  if (m[8] !== undefined && offset === null) return null;
  return { wall: { year, month, day, hour, minute, second, millisecond }, offset };
}

/**
 * The instant an ISO 8601 date-time names: one with `Z` or an offset is converted, one without is a wall time read in
 * `zone` (as forms send them). Null when the text is not such a time or names none that exists.
 */
export function parseInstant(text: unknown, zone: string): number | null {
  const read = readDateTime(text);
  if (!read) return null;
  const { wall, offset } = read;
  if (offset === null) return instantOfWallClock(wall, zone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.millisecond) - offset * 60_000;
}

/** Like `parseInstant`, for senders that must say which instant they mean (devices): text without an offset is null. */
export function parseZonedInstant(text: unknown): number | null {
  const read = readDateTime(text);
  return read && read.offset !== null ? parseInstant(text, 'UTC') : null;
}
