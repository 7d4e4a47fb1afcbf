import { datePlaceholder, formatDateText, parseDateText, readingOfValue, valueOfReading } from './dateText';

const NOV_28 = { year: 2026, month: 11, day: 28, hour: 0, minute: 0 };
const MORNING = { ...NOV_28, hour: 9, minute: 30 };
const EVENING = { ...NOV_28, hour: 21, minute: 5 };

describe('dates as people write them in inputs', () => {
  it('writes year first in zh-CN and month first in en-US', () => {
    expect(formatDateText(NOV_28, 'date', 'zh-CN')).toBe('2026-11-28');
    expect(formatDateText(MORNING, 'datetime', 'zh-CN')).toBe('2026-11-28 09:30');
    expect(formatDateText(NOV_28, 'date', 'en-US')).toBe('11/28/2026');
    expect(formatDateText(MORNING, 'datetime', 'en-US')).toBe('11/28/2026 9:30 AM');
    expect(formatDateText(EVENING, 'datetime', 'en-US')).toBe('11/28/2026 9:05 PM');
    expect(formatDateText(NOV_28, 'datetime', 'en-US')).toBe('11/28/2026 12:00 AM');
    expect([datePlaceholder('date', 'zh-CN'), datePlaceholder('date', 'en-US')]).toEqual(['YYYY-MM-DD', 'MM/DD/YYYY']);
  });

  it('reads what each language writes, and year first in both', () => {
    expect(parseDateText('2026-11-28', 'date', 'zh-CN')).toEqual(NOV_28);
    expect(parseDateText('2026/11/28', 'date', 'zh-CN')).toEqual(NOV_28);
    expect(parseDateText('2026年11月28日', 'date', 'zh-CN')).toEqual(NOV_28);
    expect(parseDateText('11/28/2026', 'date', 'en-US')).toEqual(NOV_28);
    expect(parseDateText('2026-11-28', 'date', 'en-US')).toEqual(NOV_28);
    expect(parseDateText('2026-11-28 09:30', 'datetime', 'zh-CN')).toEqual(MORNING);
    expect(parseDateText('11/28/2026 9:30 am', 'datetime', 'en-US')).toEqual(MORNING);
    expect(parseDateText('11/28/2026 21:05', 'datetime', 'en-US')).toEqual(EVENING);
    expect(parseDateText('11/28/2026 12:00 AM', 'datetime', 'en-US')).toEqual(NOV_28);
  });

  it('refuses days and times that do not exist instead of rolling them over', () => {
    for (const text of ['2026-02-30', '2026-13-45', '2025-02-29', '1899-12-31', 'notadate', '28/11/2026', '']) {
      expect(parseDateText(text, 'date', 'zh-CN')).toBeNull();
    }
    expect(parseDateText('02/30/2026', 'date', 'en-US')).toBeNull();
    // Month first is American: a zh-CN input does not guess it.
    expect(parseDateText('11/28/2026', 'date', 'zh-CN')).toBeNull();
    expect(parseDateText('2026-11-28 24:00', 'datetime', 'zh-CN')).toBeNull();
    expect(parseDateText('2026-11-28 23:60', 'datetime', 'zh-CN')).toBeNull();
    expect(parseDateText('11/28/2026 13:00 PM', 'datetime', 'en-US')).toBeNull();
    expect(parseDateText('2026-11-28', 'datetime', 'zh-CN')).toBeNull();
    expect(parseDateText('2028-02-29', 'date', 'zh-CN')).toEqual({ ...NOV_28, year: 2028, month: 2, day: 29 });
  });

  it('holds a day as YYYY-MM-DD and a date-time as a wall time without an offset', () => {
    expect(valueOfReading(NOV_28, 'date')).toBe('2026-11-28');
    expect(valueOfReading(MORNING, 'datetime')).toBe('2026-11-28T09:30');
    expect(readingOfValue('2026-11-28T09:30', 'datetime')).toEqual(MORNING);
    expect(readingOfValue('2026-11-28', 'date')).toEqual(NOV_28);
    expect(readingOfValue('2026-02-30', 'date')).toBeNull();
    expect(readingOfValue('2026-11-28T24:30', 'datetime')).toBeNull();
    expect(readingOfValue(null, 'date')).toBeNull();
  });
});
