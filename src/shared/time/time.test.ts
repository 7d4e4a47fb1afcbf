import {
  addDays, addMonths, daysBetween, daysFrom, dayOf, daysSpan, formatInstant, formatTimeOfDay, formatWallClock, instantOfWallClock,
  isTimeZone, canonicalZone, lastOfMonth, mondayOf, offsetMinutesAt, parseCalendarDate, parseInstant, parseZonedInstant, startOfDay,
  tenantCalendar, wallClockOf, weekdayOf,
} from '.';

const CHINA = 'Asia/Shanghai';
const at = (iso: string) => Date.parse(iso);

describe('the test process runs in a zone far from China', () => {
  it('so that nothing here passes by reading the process zone', () => {
    expect(new Date(at('2026-01-01T00:00:00Z')).getTimezoneOffset()).not.toBe(-480);
  });
});

describe('calendar dates', () => {
  it('are parsed strictly: impossible days, months, malformed text and far years are refused', () => {
    expect(parseCalendarDate('2026-11-28')).toBe('2026-11-28');
    expect(parseCalendarDate(' 2024-02-29 ')).toBe('2024-02-29');
    for (const bad of ['2026-02-30', '2025-02-29', '2026-13-45', '2026-00-10', '2026-04-31', 'notadate', '2026-1-5', '20261128',
      '2026-11-28T00:00:00', '0000-01-01', '1899-12-31', '3000-01-01', '', null, 20261128]) {
      expect(parseCalendarDate(bad)).toBeNull();
    }
  });

  it('add days, months and weeks on the calendar', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(daysBetween('2026-11-01', '2026-12-01')).toBe(30);
    expect(lastOfMonth('2028-02-10')).toBe('2028-02-29');
    expect(weekdayOf('2026-11-30')).toBe(1);
    expect(weekdayOf('2026-11-29')).toBe(7);
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(daysFrom('2026-11-29', '2026-12-02')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
    expect(daysFrom('2026-12-02', '2026-12-01')).toEqual([]);
  });
});

describe('instants in a zone', () => {
  it('China is eight hours ahead of UTC all year', () => {
    expect(offsetMinutesAt(CHINA, at('2026-01-15T00:00:00Z'))).toBe(480);
    expect(offsetMinutesAt(CHINA, at('2026-07-15T00:00:00Z'))).toBe(480);
  });

  it('an instant just after China midnight is on the next China day, whatever UTC says', () => {
    const justAfter = at('2026-11-27T16:00:30Z');
    expect(dayOf(justAfter, CHINA)).toBe('2026-11-28');
    expect(dayOf(justAfter - 60_000, CHINA)).toBe('2026-11-27');
    expect(dayOf(justAfter, 'UTC')).toBe('2026-11-27');
  });

  it('days start at the zone\'s midnight', () => {
    expect(startOfDay('2026-11-28', CHINA)).toBe(at('2026-11-27T16:00:00Z'));
    expect(daysSpan('2026-11-28', '2026-11-28', CHINA)).toEqual({ start: at('2026-11-27T16:00:00Z'), end: at('2026-11-28T16:00:00Z') });
    expect(startOfDay('2026-11-28', 'Pacific/Kiritimati')).toBe(at('2026-11-27T10:00:00Z'));
  });

  it('are written with the zone\'s offset, milliseconds only when there are some', () => {
    expect(formatInstant(at('2026-11-27T16:41:09Z'), CHINA)).toBe('2026-11-28T00:41:09+08:00');
    expect(formatInstant(at('2026-11-27T16:41:09.5Z'), CHINA)).toBe('2026-11-28T00:41:09.500+08:00');
    expect(formatInstant(at('2026-11-27T16:41:09Z'), 'UTC')).toBe('2026-11-27T16:41:09+00:00');
    expect(formatInstant(at('2026-11-27T16:41:09Z'), 'America/St_Johns')).toBe('2026-11-27T13:11:09-03:30');
    expect(formatWallClock(at('2026-11-27T16:41:09Z'), CHINA)).toBe('2026-11-28 00:41');
    expect(formatWallClock(at('2026-11-27T16:41:09Z'), CHINA, 'second')).toBe('2026-11-28 00:41:09');
    expect(formatTimeOfDay(at('2026-11-27T16:41:09Z'), CHINA)).toBe('00:41:09');
  });

  it('follow daylight saving where a zone has it: gaps move forward, repeats take the earlier', () => {
    const ny = 'America/New_York';
    expect(offsetMinutesAt(ny, at('2026-01-15T12:00:00Z'))).toBe(-300);
    expect(offsetMinutesAt(ny, at('2026-07-15T12:00:00Z'))).toBe(-240);
    const wall = { year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0, millisecond: 0 };
    expect(formatInstant(instantOfWallClock(wall, ny), ny)).toBe('2026-03-08T03:30:00-04:00');
    const repeated = { ...wall, month: 11, day: 1, hour: 1 };
    expect(formatInstant(instantOfWallClock(repeated, ny), ny)).toBe('2026-11-01T01:30:00-04:00');
    expect(wallClockOf(at('2026-03-08T07:30:00Z'), ny)).toMatchObject({ hour: 3, minute: 30 });
  });

  it('knows zones by their names', () => {
    expect(isTimeZone(CHINA)).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(8)).toBe(false);
    expect(canonicalZone('asia/shanghai')).toBe(CHINA);
  });
});

describe('date-times as people and devices send them', () => {
  it('convert an offset or Z, and read a wall time without one in the given zone', () => {
    expect(parseInstant('2026-11-18T07:00:00+08:00', 'UTC')).toBe(at('2026-11-17T23:00:00Z'));
    expect(parseInstant('2026-11-18T07:00:00+0800', 'UTC')).toBe(at('2026-11-17T23:00:00Z'));
    expect(parseInstant('2026-11-18T07:00:00+08', 'UTC')).toBe(at('2026-11-17T23:00:00Z'));
    expect(parseInstant('2026-11-17T23:00:00Z', CHINA)).toBe(at('2026-11-17T23:00:00Z'));
    expect(parseInstant('2026-11-18T07:00', CHINA)).toBe(at('2026-11-17T23:00:00Z'));
    expect(parseInstant('2026-11-18 07:00:00.250', CHINA)).toBe(at('2026-11-17T23:00:00.250Z'));
    expect(parseInstant('2026-11-18T07:00:00.123456789Z', CHINA)).toBe(at('2026-11-18T07:00:00.123Z'));
  });

  it('refuse impossible calendar days, clock readings, offsets and malformed text', () => {
    for (const bad of ['2026-02-30T10:00:00', '2026-13-45T00:00:00', '2026-11-28T24:00:00', '2026-11-28T24:00:01',
      '2026-11-28T23:60:00', '2026-11-28T23:59:60', '2026-11-28T10:00:00+15:00', '2026-11-28T10:00:00+08:61',
      'notadate', '2026-11-28', '2026-11-28T10', '2026-11-28T10:00:00 CST', '1899-12-31T23:59:59Z', '10000-01-01T00:00:00Z',
      '', undefined, 1764288000000]) {
      expect(parseInstant(bad, CHINA)).toBeNull();
    }
  });

  it('from devices must carry an offset', () => {
    expect(parseZonedInstant('2026-11-18T07:00:00+08:00')).toBe(at('2026-11-17T23:00:00Z'));
    expect(parseZonedInstant('2026-11-18T07:00:00')).toBeNull();
    expect(parseZonedInstant('2026-02-30T07:00:00Z')).toBeNull();
  });
});

describe('a tenant\'s calendar', () => {
  it('answers today, spans and formats by its zone and its clock', () => {
    let now = at('2026-11-27T15:59:59Z');
    const calendar = tenantCalendar(CHINA, { now: () => now });
    expect(calendar.today()).toBe('2026-11-27');
    now += 2000;
    expect(calendar.today()).toBe('2026-11-28');
    expect(calendar.todayPlus(-6)).toBe('2026-11-22');
    expect(calendar.format(now)).toBe('2026-11-28T00:00:01+08:00');
    expect(calendar.span('2026-11-28', '2026-11-28').start).toBe(at('2026-11-27T16:00:00Z'));
  });
});
