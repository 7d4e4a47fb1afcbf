import { warningType } from '../enums';
import { compareWarnings, severityRank, WARNING_SEVERITY_ORDER, WARNING_TYPE } from './severity';

describe('warning severity', () => {
  it('ranks reduction first, then capacity, temperature, displacement, then offline, then battery and no-waste', () => {
    const { reduction, weight, temperature, displacement, offline, battery, noWasteInterval } = WARNING_TYPE;
    expect(WARNING_SEVERITY_ORDER).toEqual([reduction, weight, temperature, displacement, offline, battery, noWasteInterval]);
    expect(severityRank(reduction)).toBe(0);
    expect(severityRank(99)).toBe(WARNING_SEVERITY_ORDER.length);
  });

  it('uses the values of the warningType enum', () => {
    const english = new Map(warningType.options.map((o) => [o.value, o.label.en]));
    const named = Object.fromEntries(Object.values(WARNING_TYPE).map((value) => [value, english.get(value)]));
    expect(named).toEqual({
      1: 'Battery', 2: 'Temperature', 3: 'Weight', 4: 'Reduction', 5: 'Displacement', 6: 'No-waste interval', 7: 'Offline',
    });
  });

  it('sorts by severity, then the newest raised, then the newest id', () => {
    const w = (id: number, type: number, raisedAt: string) => ({ id, warningType: type, raisedAt });
    const sorted = [
      w(1, WARNING_TYPE.battery, '2025-01-03T00:00:00+08:00'),
      w(2, WARNING_TYPE.reduction, '2025-01-01T00:00:00+08:00'),
      w(3, WARNING_TYPE.reduction, '2025-01-02T00:00:00+08:00'),
      w(4, WARNING_TYPE.offline, '2025-01-01T00:00:00+08:00'),
      w(5, WARNING_TYPE.reduction, '2025-01-02T00:00:00+08:00'),
    ].sort(compareWarnings);
    expect(sorted.map((x) => x.id)).toEqual([5, 3, 2, 4, 1]);
  });

  it('compares raised times as the instants they name, across the hour a clock falls back', () => {
    const w = (id: number, raisedAt: string) => ({ id, warningType: WARNING_TYPE.battery, raisedAt });
    // 01:30 after New York's clocks fall back is later than 01:50 before, though it reads earlier.
    const sorted = [w(1, '2026-11-01T01:50:00-04:00'), w(2, '2026-11-01T01:30:00-05:00')].sort(compareWarnings);
    expect(sorted.map((x) => x.id)).toEqual([2, 1]);
  });
});
