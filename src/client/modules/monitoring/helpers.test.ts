import { createTranslator } from '../../crud/translator';
import { chartPoints, DAY_MS } from './chartSeries';
import { formatKg, formatRatio, relativeTime } from './format';
import { DEFAULT_TIME_ZONE } from '../../../shared/time';
import { activeMutes, muteEnd } from './preferences';
import { countBySeverity, groupWarnings, type ConsoleWarning } from './selectors';
import { enterprisesOf, filterStorageRows, nextSort, sortStorageRows } from './storageRows';
import { storagePoint, warningPayload } from './test-support';

const t = createTranslator('zh-CN');
// A tenant on China's clock; the test process runs in Los Angeles.
const CHINA = DEFAULT_TIME_ZONE;

describe('numbers and times as a Chinese clerk reads them', () => {
  it('writes kilograms with thousands separators and at most three decimals', () => {
    expect([formatKg(1234567.891), formatKg(0.0004), formatKg(12.5), formatKg(1000), formatKg(null)]).toEqual(['1,234,567.891', '0', '12.5', '1,000', '']);
    expect([formatRatio(0.6173), formatRatio(1.25)]).toEqual(['61.7%', '125%']);
  });

  it('says how long ago an instant was, from the instant itself whatever zone wrote it', () => {
    // Now: 30 s after China's midnight of 28 November (16:00:30 UTC, still the 27th in the process's Los Angeles).
    const now = Date.UTC(2026, 10, 27, 16, 0, 30);
    expect(['2026-11-28T00:00:25+08:00', '2026-11-27T15:59:50Z', '2026-11-27T23:30:30+08:00', '2026-11-27T21:00:00+08:00', '2026-11-25T00:00:30+08:00']
      .map((v) => relativeTime(v, now, t, CHINA))).toEqual(['刚刚', '40 秒前', '30 分钟前', '3 小时前', '3 天前']);
    // A wall time without an offset is the tenant's: 00:00:25 in China is seconds ago, not 8 or 16 hours.
    expect(relativeTime('2026-11-28T00:00:25', now, t, CHINA)).toBe('刚刚');
    expect(relativeTime('2026-11-28T00:00:25', now, t, 'UTC')).toBe('稍后');
    expect(relativeTime(null, now, t, CHINA)).toBe('');
  });
});

describe('the 24-hour chart', () => {
  // Now: 2025-03-02 12:00 in China.
  const now = Date.UTC(2025, 2, 2, 4, 0);
  it('extends the loaded series with live points newer than its seq, inside the last 24 hours', () => {
    const series = [{ at: '2025-03-01T11:00:00+08:00', weight: 1 }, { at: '2025-03-01T13:00:00+08:00', weight: 2 }, { at: '2025-03-02T10:00:00+08:00', weight: 3 }];
    const live = [
      { seq: 40, at: '2025-03-02T10:00:00+08:00', weight: 99 },
      { seq: 51, at: '2025-03-02T03:00:00Z', weight: 4 },
      { seq: 52, at: '2025-03-02T11:30:00+08:00', weight: 5 },
    ];
    const points = chartPoints(series, live, 50, now, CHINA);
    expect(points.map((p) => p[1])).toEqual([2, 3, 4, 5]);
    expect(points.map((p) => p[0])).toEqual([Date.UTC(2025, 2, 1, 5), Date.UTC(2025, 2, 2, 2), Date.UTC(2025, 2, 2, 3), Date.UTC(2025, 2, 2, 3, 30)]);
    expect(points[0][0]).toBeGreaterThanOrEqual(now - DAY_MS);
  });
});

describe('storage rows', () => {
  const rows = [
    storagePoint({ id: 1, serialNumber: 'B-2', enterpriseId: 2, enterpriseName: '华东化工', fillRatio: 0.5, lastChangeTime: null }),
    storagePoint({ id: 2, serialNumber: 'A-10', enterpriseId: 3, enterpriseName: '绿源处置', fillRatio: 0.9, storagePlace: '贮存池', lastChangeTime: '2025-03-01T09:00:00+08:00' }),
    storagePoint({ id: 3, serialNumber: 'A-9', enterpriseId: 2, enterpriseName: '华东化工', fillRatio: 0.5, lastChangeTime: '2025-03-01T02:00:00Z' }),
  ];
  it('sort with ties by id and empty values last both ways', () => {
    const ids = (field: Parameters<typeof nextSort>[1], direction: 'asc' | 'desc') => sortStorageRows(rows, { field, direction }, CHINA).map((r) => r.id);
    expect(ids('fillRatio', 'desc')).toEqual([2, 1, 3]);
    expect(ids('serialNumber', 'asc')).toEqual([3, 2, 1]);
    expect(ids('lastChangeTime', 'asc')).toEqual([2, 3, 1]);
    expect(ids('lastChangeTime', 'desc')).toEqual([3, 2, 1]);
    expect(nextSort({ field: 'fillRatio', direction: 'desc' }, 'fillRatio')).toEqual({ field: 'fillRatio', direction: 'asc' });
    expect(nextSort({ field: 'fillRatio', direction: 'desc' }, 'storagePlace')).toEqual({ field: 'storagePlace', direction: 'asc' });
  });

  it('filter by enterprise and keyword, and list the enterprises present', () => {
    expect(filterStorageRows(rows, 2, '').map((r) => r.id)).toEqual([1, 3]);
    expect(filterStorageRows(rows, null, 'a-').map((r) => r.id)).toEqual([2, 3]);
    expect(filterStorageRows(rows, 2, '贮存池')).toEqual([]);
    expect(enterprisesOf(rows)).toEqual([{ id: 2, name: '华东化工' }, { id: 3, name: '绿源处置' }]);
  });
});

describe('mutes', () => {
  it('end after the chosen time, “until tomorrow” at the tenant’s next midnight, and expire', () => {
    // 23:59:30 and 00:00:30 in China (15:59:30 and 16:00:30 UTC, the same afternoon in Los Angeles).
    const beforeMidnight = Date.UTC(2026, 10, 27, 15, 59, 30);
    const afterMidnight = Date.UTC(2026, 10, 27, 16, 0, 30);
    expect(muteEnd('15m', beforeMidnight, CHINA) - beforeMidnight).toBe(15 * 60_000);
    expect(muteEnd('4h', beforeMidnight, CHINA) - beforeMidnight).toBe(4 * 3600_000);
    expect(muteEnd('tomorrow', beforeMidnight, CHINA)).toBe(Date.UTC(2026, 10, 27, 16));
    expect(muteEnd('tomorrow', afterMidnight, CHINA)).toBe(Date.UTC(2026, 10, 28, 16));
    expect(activeMutes({ 1: afterMidnight + 1, 2: afterMidnight, 3: afterMidnight - 1 }, afterMidnight)).toEqual({ 1: afterMidnight + 1 });
  });
});

describe('console grouping', () => {
  const w = (overrides: Parameters<typeof warningPayload>[0]): ConsoleWarning =>
    ({ ...warningPayload(overrides), seq: 1, pending: false, enterpriseName: null, storagePlace: null });

  it('puts unhandled groups first, then the most severe, then the newest', () => {
    const groups = groupWarnings([
      w({ id: 1, smartequipmentId: 1, warningType: 1, raisedAt: '2025-03-01T12:00:00' }),
      w({ id: 2, smartequipmentId: 2, warningType: 4, raisedAt: '2025-03-01T08:00:00', status: 1 }),
      w({ id: 3, smartequipmentId: 3, warningType: 3, raisedAt: '2025-03-01T09:00:00' }),
      w({ id: 4, smartequipmentId: 4, warningType: 3, raisedAt: '2025-03-01T10:00:00' }),
      w({ id: 5, smartequipmentId: 4, warningType: 3, raisedAt: '2025-03-01T07:00:00', occurrences: 4, lastSeenAt: '2025-03-01T11:00:00', status: 1 }),
    ]);
    expect(groups.map((g) => [g.key, g.head.id, g.occurrences])).toEqual([['4:3', 4, 5], ['3:3', 3, 1], ['1:1', 1, 1], ['2:4', 2, 1]]);
    // Within a group the most recently seen first.
    expect(groups[0].warnings.map((x) => x.id)).toEqual([5, 4]);
  });

  it('counts by severity level', () => {
    expect(countBySeverity([w({ warningType: 4 }), w({ warningType: 2 }), w({ warningType: 7 }), w({ warningType: 6 })]))
      .toEqual({ total: 4, critical: 2, major: 1, minor: 1 });
  });
});
