import { dayOf, DEFAULT_TIME_ZONE, tenantCalendar } from '../../shared/time';
import { createTranslator } from '../crud/translator';
import { relativeTime } from '../modules/monitoring/format';
import {
  dateStamp, formatClock, formatDate, formatDateTime, formatLocalDayAndTime, formatLocalTime, formatLongDate, formatShortDateTime, formatTime,
  instantOf,
} from './display';

// The test process runs in Los Angeles (test/support/far-from-china.ts); the tenant is on China's clock.
const CHINA = DEFAULT_TIME_ZONE;
const JUST_BEFORE = '2026-11-27T15:59:30Z';
const JUST_AFTER = '2026-11-27T16:00:30Z';

describe('times on the tenant\'s clock, whatever the process\'s zone', () => {
  it('runs far from China, so a browser-zone mistake shows', () => {
    expect(process.env.TZ).toBe('America/Los_Angeles');
  });

  it('shows an instant just after China\'s midnight on the new day, one just before on the old', () => {
    expect(formatDateTime(JUST_AFTER, CHINA)).toBe('2026-11-28 00:00');
    expect(formatDateTime(JUST_BEFORE, CHINA)).toBe('2026-11-27 23:59');
    expect(formatClock(Date.parse(JUST_AFTER), CHINA)).toBe('2026-11-28 00:00:30');
    expect(formatTime(JUST_AFTER, CHINA)).toBe('00:00:30');
    expect(formatTime(JUST_AFTER, CHINA, 'minute')).toBe('00:00');
    expect(formatShortDateTime(JUST_AFTER, CHINA)).toBe('11-28 00:00');
    expect(formatDate(JUST_AFTER, CHINA)).toBe('2026-11-28');
    expect(formatDate(JUST_BEFORE, CHINA)).toBe('2026-11-27');
    expect(dateStamp(Date.parse(JUST_AFTER), CHINA)).toBe('20261128');
  });

  it('reads the same instant alike whatever offset it was written with', () => {
    for (const text of ['2026-11-28T00:00:30+08:00', '2026-11-27T16:00:30Z', '2026-11-27T08:00:30-08:00', '2026-11-28T00:00:30.000+0800']) {
      expect(instantOf(text, CHINA)).toBe(Date.UTC(2026, 10, 27, 16, 0, 30));
      expect(formatDateTime(text, CHINA)).toBe('2026-11-28 00:00');
    }
    // Without an offset a time is a wall time of the tenant, not of the process.
    expect(instantOf('2026-11-28T00:00:30', CHINA)).toBe(Date.UTC(2026, 10, 27, 16, 0, 30));
    expect(instantOf('2026-02-30T00:00:00+08:00', CHINA)).toBeNull();
    expect(instantOf('not a time', CHINA)).toBeNull();
  });

  it('counts an instant just after China\'s midnight as today on the tenant\'s new day', () => {
    const calendar = tenantCalendar(CHINA, { now: () => Date.parse(JUST_AFTER) });
    expect(calendar.today()).toBe('2026-11-28');
    expect(dayOf(instantOf(JUST_AFTER, CHINA) ?? 0, CHINA)).toBe(calendar.today());
    expect(dayOf(instantOf(JUST_BEFORE, CHINA) ?? 0, CHINA)).toBe(calendar.todayPlus(-1));
  });

  it('shows a calendar date as it is, never converted', () => {
    expect(formatDate('2026-11-28', CHINA)).toBe('2026-11-28');
    expect(formatDate('2026-11-28', 'Pacific/Kiritimati')).toBe('2026-11-28');
    expect(formatDate('2026-11-28', 'America/Los_Angeles')).toBe('2026-11-28');
    expect(formatDateTime('2026-11-28', CHINA)).toBe('2026-11-28');
    expect(formatDate('2026-02-30', CHINA)).toBe('');
  });

  it('reads the age of a warning raised seconds ago as 刚刚, from its instant', () => {
    const t = createTranslator('zh-CN');
    const now = Date.parse(JUST_AFTER);
    expect(relativeTime('2026-11-28T00:00:25+08:00', now, t, CHINA)).toBe('刚刚');
    expect(relativeTime('2026-11-27T23:57:30+08:00', now, t, CHINA)).toBe('3 分钟前');
  });

  it('writes long dates and times of day in the interface language, on the tenant\'s clock', () => {
    const at = Date.parse(JUST_AFTER);
    expect(formatLongDate(at, CHINA, 'zh-CN')).toBe('2026年11月28日星期六');
    expect(formatLongDate(at, CHINA, 'en-US')).toBe('Saturday, November 28, 2026');
    expect(formatLongDate(Date.parse(JUST_BEFORE), CHINA, 'en-US')).toBe('Friday, November 27, 2026');
    expect(formatLocalTime(at, CHINA, 'zh-CN')).toBe('00:00');
    expect(formatLocalTime(at, CHINA, 'en-US')).toBe('12:00 AM');
    expect(formatLocalDayAndTime(JUST_AFTER, CHINA, 'zh-CN')).toBe('11/28 00:00');
    expect(formatLocalDayAndTime('garbage', CHINA, 'zh-CN')).toBe('');
  });
});
