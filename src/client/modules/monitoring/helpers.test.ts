import { createTranslator } from '../../crud/translator';
import { chartPoints, DAY_MS } from './chartSeries';
import { formatKg, formatRatio, parseServerTime, relativeTime } from './format';
import { activeMutes, muteEnd } from './preferences';
import { countBySeverity, groupWarnings, type ConsoleWarning } from './selectors';
import { enterprisesOf, filterStorageRows, nextSort, sortStorageRows } from './storageRows';
import { storagePoint, warningPayload } from './test-support';

const t = createTranslator('zh-CN');

describe('numbers and times as a Chinese clerk reads them', () => {
  it('writes kilograms with thousands separators and at most three decimals', () => {
    expect([formatKg(1234567.891), formatKg(0.0004), formatKg(12.5), formatKg(1000), formatKg(null)]).toEqual(['1,234,567.891', '0', '12.5', '1,000', '']);
    expect([formatRatio(0.6173), formatRatio(1.25)]).toEqual(['61.7%', '125%']);
  });

  it('reads server wall-clock times as local, and says how long ago', () => {
    const at = parseServerTime('2025-03-01T10:00:00.5');
    expect(at).toBe(new Date(2025, 2, 1, 10, 0, 0, 500).getTime());
    const now = new Date(2025, 2, 1, 12, 30).getTime();
    expect(['2025-03-01T12:29:55', '2025-03-01T12:29:20', '2025-03-01T12:00:00', '2025-03-01T09:10:00', '2025-02-26T12:30:00']
      .map((v) => relativeTime(v, now, t))).toEqual(['刚刚', '40 秒前', '30 分钟前', '3 小时前', '3 天前']);
    expect(relativeTime(null, now, t)).toBe('');
  });
});

describe('the 24-hour chart', () => {
  const now = new Date(2025, 2, 2, 12, 0).getTime();
  it('extends the loaded series with live points newer than its seq, inside the last 24 hours', () => {
    const series = [{ at: '2025-03-01T11:00:00', weight: 1 }, { at: '2025-03-01T13:00:00', weight: 2 }, { at: '2025-03-02T10:00:00', weight: 3 }];
    const live = [
      { seq: 40, at: '2025-03-02T10:00:00', weight: 99 },
      { seq: 51, at: '2025-03-02T11:00:00', weight: 4 },
      { seq: 52, at: '2025-03-02T11:30:00', weight: 5 },
    ];
    const points = chartPoints(series, live, 50, now);
    expect(points.map((p) => p[1])).toEqual([2, 3, 4, 5]);
    expect(points[0][0]).toBeGreaterThanOrEqual(now - DAY_MS);
  });
});

describe('storage rows', () => {
  const rows = [
    storagePoint({ id: 1, serialNumber: 'B-2', enterpriseId: 2, enterpriseName: '华东化工', fillRatio: 0.5, lastChangeTime: null }),
    storagePoint({ id: 2, serialNumber: 'A-10', enterpriseId: 3, enterpriseName: '绿源处置', fillRatio: 0.9, storagePlace: '贮存池', lastChangeTime: '2025-03-01T09:00:00' }),
    storagePoint({ id: 3, serialNumber: 'A-9', enterpriseId: 2, enterpriseName: '华东化工', fillRatio: 0.5, lastChangeTime: '2025-03-01T10:00:00' }),
  ];
  it('sort with ties by id and empty values last both ways', () => {
    const ids = (field: Parameters<typeof nextSort>[1], direction: 'asc' | 'desc') => sortStorageRows(rows, { field, direction }).map((r) => r.id);
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
  it('end after the chosen time, “until tomorrow” at the next midnight, and expire', () => {
    const now = new Date(2025, 2, 1, 22, 40).getTime();
    expect(muteEnd('15m', now) - now).toBe(15 * 60_000);
    expect(muteEnd('4h', now) - now).toBe(4 * 3600_000);
    expect(muteEnd('tomorrow', now)).toBe(new Date(2025, 2, 2, 0, 0).getTime());
    expect(activeMutes({ 1: now + 1, 2: now, 3: now - 1 }, now)).toEqual({ 1: now + 1 });
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
