// How a person writes a date or a date-time in an input, by interface language: zh-CN reads year first
// (`2026-11-28`, `2026-11-28 09:30`), en-US month first with a 12-hour clock (`11/28/2026`, `11/28/2026 9:30 AM`),
// whatever the browser's own locale. Typed text is read leniently as to separators and spelling (year first is
// understood in both languages) and strictly as to the day: every reading passes the shared parser, so 2026-02-30 or
// 24:00 is refused, never rolled over.
import type { Language } from '../../shared/resource-kit';
import { dateOf, parseCalendarDate, parseInstant, type CalendarDate, type WallClock } from '../../shared/time';

export type DateKind = 'date' | 'datetime';

/** What a date input holds: a day, and for a date-time a time of day to the minute. */
export type WallReading = Pick<WallClock, 'year' | 'month' | 'day' | 'hour' | 'minute'>;

const pad = (n: number) => String(n).padStart(2, '0');

/** The reading as the language writes it. */
export function formatDateText(reading: WallReading, kind: DateKind, language: Language): string {
  const { year, month, day, hour, minute } = reading;
  if (language === 'en-US') {
    const date = `${pad(month)}/${pad(day)}/${year}`;
    if (kind === 'date') return date;
    const h12 = hour % 12 === 0 ? 12 : hour % 12;
    return `${date} ${h12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
  }
  const date = dateOf(year, month, day);
  return kind === 'date' ? date : `${date} ${pad(hour)}:${pad(minute)}`;
}

/** What an empty input shows: the shape the language expects. */
export function datePlaceholder(kind: DateKind, language: Language): string {
  if (language === 'en-US') return kind === 'date' ? 'MM/DD/YYYY' : 'MM/DD/YYYY h:mm AM';
  return kind === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm';
}

// Year first (`2026-11-28`, `2026/11/28`, `2026年11月28日`) and, in en-US, month first (`11/28/2026`).
const YEAR_FIRST = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/;
const MONTH_FIRST = /^(\d{1,2})\s*\/\s*(\d{1,2})\s*\/\s*(\d{4})$/;
// `9:30`, `09:30`, `9:30 PM`, `9:30pm`.
const TIME = /^(\d{1,2}):(\d{2})\s*([AaPp][Mm])?$/;

function readDay(text: string, language: Language): CalendarDate | null {
  const yearFirst = YEAR_FIRST.exec(text);
  const monthFirst = language === 'en-US' ? MONTH_FIRST.exec(text) : null;
  const [year, month, day] = yearFirst ? [yearFirst[1], yearFirst[2], yearFirst[3]]
    : monthFirst ? [monthFirst[3], monthFirst[1], monthFirst[2]] : [];
  if (year === undefined) return null;
  return parseCalendarDate(dateOf(Number(year), Number(month), Number(day)));
}

function readTime(text: string): { hour: number; minute: number } | null {
  const m = TIME.exec(text);
  if (!m) return null;
  let hour = Number(m[1]);
  const meridiem = m[3]?.toUpperCase();
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'PM' ? 12 : 0);
  }
  return { hour, minute: Number(m[2]) };
}

/** The reading a typed text names, or null when it names none (an impossible day or time included). */
export function parseDateText(text: string, kind: DateKind, language: Language): WallReading | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (kind === 'date') {
    const day = readDay(trimmed, language);
    return day === null ? null : readingOf(day, 0, 0);
  }
  // The time is what follows the last space before `H:mm` (a Chinese day may hold spaces: `2026 年 11 月 28 日`).
  const split = /^(.*?)[\sT]+(\d{1,2}:\d{2}(?:\s*[AaPp][Mm])?)$/.exec(trimmed);
  if (!split) return null;
  const day = readDay(split[1], language);
  const time = readTime(split[2]);
  if (day === null || time === null) return null;
  // The shared parser has the last word on whether the wall time exists (hour 24, minute 60 …).
  const wall = `${day}T${pad(time.hour)}:${pad(time.minute)}`;
  return parseInstant(wall, 'UTC') === null ? null : readingOf(day, time.hour, time.minute);
}

function readingOf(day: CalendarDate, hour: number, minute: number): WallReading {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), day: Number(day.slice(8, 10)), hour, minute };
}

/** The form value of a reading: `YYYY-MM-DD`, or a wall time `YYYY-MM-DDTHH:mm` (no offset: the tenant's zone). */
export function valueOfReading(reading: WallReading, kind: DateKind): string {
  const date = dateOf(reading.year, reading.month, reading.day);
  return kind === 'date' ? date : `${date}T${pad(reading.hour)}:${pad(reading.minute)}`;
}

/** The reading of a form value, or null when it holds none. */
export function readingOfValue(value: string | null | undefined, kind: DateKind): WallReading | null {
  if (!value) return null;
  if (kind === 'date') {
    const day = parseCalendarDate(value);
    return day === null ? null : readingOf(day, 0, 0);
  }
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m || parseInstant(value, 'UTC') === null) return null;
  return readingOf(m[1], Number(m[2]), Number(m[3]));
}
