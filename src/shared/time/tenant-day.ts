import { addDays, type CalendarDate } from './calendar';
import { systemClock, type Clock } from './clock';
import { dayOf, daysSpan, formatInstant, startOfDay } from './zone';

/**
 * A tenant's calendar: its zone and the clock that says what time it is. Every "today", day bucket, cap and cut-off
 * of a tenant is one of these questions.
 */
export interface TenantCalendar {
  readonly zone: string;
  now(): number;
  /** The tenant's day now. */
  today(): CalendarDate;
  /** The tenant's day `days` from today (negative: before). */
  todayPlus(days: number): CalendarDate;
  /** The tenant's day of an instant. */
  dayOf(epochMs: number): CalendarDate;
  /** The first instant of a day of the tenant. */
  startOf(date: CalendarDate): number;
  /** The instants of the days `from`–`to`, both included: `[start, end)`. */
  span(from: CalendarDate, to: CalendarDate): { start: number; end: number };
  /** An instant as the API writes it: ISO 8601 with the tenant's offset. */
  format(epochMs: number): string;
}

export function tenantCalendar(zone: string, clock: Clock = systemClock): TenantCalendar {
  return {
    zone,
    now: () => clock.now(),
    today: () => dayOf(clock.now(), zone),
    todayPlus: (days) => addDays(dayOf(clock.now(), zone), days),
    dayOf: (epochMs) => dayOf(epochMs, zone),
    startOf: (date) => startOfDay(date, zone),
    span: (from, to) => daysSpan(from, to, zone),
    format: (epochMs) => formatInstant(epochMs, zone),
  };
}
