import { Input } from '../http/input';
import { AppError } from '../http/errors';
import { instantFromDatabase, isInstantText, onTenantClock } from '.';

describe('instants from the database', () => {
  it('come in one shape whatever offset the session wrote them with', () => {
    expect(instantFromDatabase('2026-11-28 05:41:09.123456+14')).toBe('2026-11-27T15:41:09.123Z');
    // Rounded as a timestamptz(3) column stores them, carrying into the next second.
    expect(instantFromDatabase('2026-11-28 05:41:09.8385+14')).toBe('2026-11-27T15:41:09.839Z');
    expect(instantFromDatabase('2026-11-28 05:41:09.9996+14')).toBe('2026-11-27T15:41:10.000Z');
    expect(instantFromDatabase('2026-11-27 12:11:09-03:30')).toBe('2026-11-27T15:41:09.000Z');
    expect(instantFromDatabase('1900-01-01 00:00:00+08:05:43')).toBe('1899-12-31T15:54:17.000Z');
    expect(instantFromDatabase('infinity')).toBe('infinity');
    // A UTC session's text, with and without milliseconds, and with microseconds to round.
    expect(instantFromDatabase('2026-11-27 16:41:09+00')).toBe('2026-11-27T16:41:09.000Z');
    expect(instantFromDatabase('2026-11-27 16:41:09.5+00')).toBe('2026-11-27T16:41:09.500Z');
    expect(instantFromDatabase('2026-11-27 16:41:09.12+00')).toBe('2026-11-27T16:41:09.120Z');
    expect(instantFromDatabase('2026-11-27 16:41:09.9996+00')).toBe('2026-11-27T16:41:10.000Z');
    expect(instantFromDatabase('2026-11-27 16:41:09+00:30')).toBe('2026-11-27T16:11:09.000Z');
    expect(isInstantText(instantFromDatabase('2026-11-28 05:41:09+14'))).toBe(true);
  });
});

describe('answers on the tenant\'s clock', () => {
  it('rewrite every instant, however deep, and nothing else, without touching the original', () => {
    const row = { at: '2026-11-27T16:41:09.000Z', day: '2026-11-28', note: '2026-11-27T16:41:09Z', list: [{ seen: '2026-11-27T16:00:00.500Z' }], n: 3 };
    const copy = structuredClone(row);
    expect(onTenantClock(row, 'Asia/Shanghai')).toEqual({
      at: '2026-11-28T00:41:09+08:00', day: '2026-11-28', note: '2026-11-27T16:41:09Z', list: [{ seen: '2026-11-28T00:00:00.500+08:00' }], n: 3,
    });
    expect(row).toEqual(copy);
    const untouched = { a: 'x', b: [1, 2] };
    expect(onTenantClock(untouched, 'Asia/Shanghai')).toBe(untouched);
    expect(onTenantClock(new Date(Date.UTC(2026, 10, 27, 16)), 'America/New_York')).toBe('2026-11-27T11:00:00-05:00');
  });
});

describe('dates and instants in a request', () => {
  const refusal = (read: () => unknown) => {
    try {
      read();
    } catch (error) {
      if (error instanceof AppError) return { status: error.status, members: error.validationErrors?.flatMap((e) => e.members) };
      throw error;
    }
    throw new Error('accepted');
  };

  it('are read strictly and refused naming the parameter', () => {
    const input = new Input({ From: '2026-02-28', To: '2026-02-30', Day: 'notadate', At: '2026-11-28T09:30', Bad: '2026-11-28T24:00:01' }, 'zh-CN');
    expect(input.optionalDate('From')).toBe('2026-02-28');
    expect(refusal(() => input.optionalDate('To'))).toEqual({ status: 400, members: ['to'] });
    expect(refusal(() => input.requiredDate('Day'))).toEqual({ status: 400, members: ['day'] });
    expect(refusal(() => input.requiredDate('Missing'))).toEqual({ status: 400, members: ['missing'] });
    expect(input.optionalDate('Missing')).toBeUndefined();
    expect(input.optionalInstant('At', 'Asia/Shanghai')).toBe(Date.UTC(2026, 10, 28, 1, 30));
    expect(refusal(() => input.optionalInstant('Bad', 'Asia/Shanghai'))).toEqual({ status: 400, members: ['bad'] });
  });
});
