// Calendar dates (`YYYY-MM-DD`): a day of a calendar, not a point in time. Which instants a day covers depends on a
// time zone (see zone.ts); the arithmetic here needs none, so it runs on the proleptic Gregorian calendar in UTC terms.

/** A day as `YYYY-MM-DD`. Plain text, so that dates compare and sort as they read. */
export type CalendarDate = string;

/** A month as `YYYY-MM`. */
export type CalendarMonth = string;

/** Years a date may carry: a four-digit year of this or a neighbouring era; anything else is a typing mistake. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;

const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days in a month (1–12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Whether year, month and day name a real day within the accepted years. */
export function isRealDay(year: number, month: number, day: number): boolean {
  return Number.isInteger(year) && year >= MIN_YEAR && year <= MAX_YEAR && Number.isInteger(month) && month >= 1 && month <= 12
    && Number.isInteger(day) && day >= 1 && day <= daysInMonth(year, month);
}

export const dateOf = (year: number, month: number, day: number): CalendarDate => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** Year, month and day of a date known to be well formed. */
export function partsOf(date: CalendarDate): { year: number; month: number; day: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

/** Days since 1970-01-01 (negative before). */
export function dayNumber(date: CalendarDate): number {
  const { year, month, day } = partsOf(date);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

export function dateOfDayNumber(days: number): CalendarDate {
  const d = new Date(days * DAY_MS);
  return dateOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

export const addDays = (date: CalendarDate, days: number): CalendarDate => dateOfDayNumber(dayNumber(date) + days);

/** Whole days from `from` to `to` (positive when `to` is later). */
export const daysBetween = (from: CalendarDate, to: CalendarDate): number => dayNumber(to) - dayNumber(from);

/** The same day `months` later; a day the target month lacks becomes its last (01-31 plus one month: 02-28). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const { year, month, day } = partsOf(date);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  return dateOf(y, m, Math.min(day, daysInMonth(y, m)));
}

export const monthOf = (date: CalendarDate): CalendarMonth => date.slice(0, 7);
export const firstOfMonth = (date: CalendarDate): CalendarDate => `${date.slice(0, 7)}-01`;
export const firstOfYear = (date: CalendarDate): CalendarDate => `${date.slice(0, 4)}-01-01`;
export const yearOf = (date: CalendarDate): number => Number(date.slice(0, 4));

/** The last day of the date's month. */
export function lastOfMonth(date: CalendarDate): CalendarDate {
  const { year, month } = partsOf(date);
  return dateOf(year, month, daysInMonth(year, month));
}

/** ISO weekday: Monday 1 … Sunday 7. */
export const weekdayOf = (date: CalendarDate): number => ((((dayNumber(date) + 3) % 7) + 7) % 7) + 1;

/** The Monday of the date's ISO week. */
export const mondayOf = (date: CalendarDate): CalendarDate => addDays(date, 1 - weekdayOf(date));

/** Every day from `from` to `to`, both included (empty when `to` is earlier). */
export function daysFrom(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  const out: CalendarDate[] = [];
  for (let n = dayNumber(from), last = dayNumber(to); n <= last; n += 1) out.push(dateOfDayNumber(n));
  return out;
}
