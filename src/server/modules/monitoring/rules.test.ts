import { warningStatus, warningType } from '../../../shared/enums';
import { foldReadings, type StorageState } from './fold';
import { BATTERY_RECOVERY, evaluateReadings, haversineMetres, WarningBook, type RuleReading, type Thresholds } from './rules';

const T: Thresholds = { batteryMin: 20, temperatureMax: 60, reductionMin: 5, displacementRadius: 50, capacity: 100, home: { latitude: 30, longitude: 120 } };
const at = (i: number) => `2026-03-01T08:00:${String(i).padStart(2, '0')}`;
const reading = (i: number, values: Partial<RuleReading>): RuleReading => ({
  readAt: at(i), weight: null, battery: null, temperature: null, latitude: null, longitude: null, ...values,
});
const storage: StorageState = { id: 9, currentWeight: 50, capacity: 100, fillRatio: 0.5, lastChangeTime: null, lastAddedTime: null };

function evaluate(readings: RuleReading[], book = new WarningBook([]), explained = false) {
  const { steps } = foldReadings(storage, readings);
  evaluateReadings({ book, thresholds: T, storageId: 9, readings, steps, explained: () => explained });
  return book;
}

describe('the warning rules', () => {
  it('battery: raise below the minimum, hold in the band, close at minimum + recovery', () => {
    const book = evaluate([reading(1, { battery: 19 }), reading(2, { battery: 20 + BATTERY_RECOVERY - 0.1 }), reading(3, { battery: 18 })]);
    expect(book.changes()).toEqual([{
      state: expect.objectContaining({ warningType: warningType.battery, status: warningStatus.open, occurrences: 2, value: 18, raisedAt: at(1), lastSeenAt: at(3) }),
      raised: expect.objectContaining({ occurrences: 1, value: 19 }),
    }]);
    evaluate([reading(4, { battery: 25 })], book);
    expect(book.anyOpen()).toBe(false);
    expect(book.changes()[0].state).toMatchObject({ status: warningStatus.closed, closedAt: at(4), closedBy: null });
  });

  it('a closed warning frees its type: the next raise is a new warning', () => {
    const book = evaluate([reading(1, { temperature: 61 }), reading(2, { temperature: 58 }), reading(3, { temperature: 70 })]);
    expect(book.changes().map((c) => [c.state.status, c.state.raisedAt])).toEqual([[warningStatus.closed, at(1)], [warningStatus.open, at(3)]]);
  });

  it('reduction: unexplained drops over the threshold add up on one warning; explained ones and small ones do not count', () => {
    const drops = [reading(1, { weight: 40 }), reading(2, { weight: 36 }), reading(3, { weight: 20 })];
    expect(evaluate(drops, new WarningBook([]), true).changes()).toEqual([]);
    const [change] = evaluate(drops).changes();
    expect(change.state).toMatchObject({ warningType: warningType.reduction, quantity: 26, occurrences: 2, value: 20, threshold: 5 });
  });

  it('weight over capacity and displacement from home raise and clear', () => {
    const north = (m: number) => ({ latitude: 30 + m / 111_195, longitude: 120 });
    const book = evaluate([reading(1, { weight: 101, ...north(51) }), reading(2, { weight: 100, ...north(49) })]);
    expect(book.changes().map((c) => [c.state.warningType, c.state.status])).toEqual([[warningType.weight, warningStatus.closed], [warningType.displacement, warningStatus.closed]]);
    expect(haversineMetres({ latitude: 30, longitude: 120 }, north(1000))).toBeCloseTo(1000, 0);
  });

  it('a reading closes offline; waste added closes no-waste; warnings loaded open stay untouched otherwise', () => {
    const open = (type: number, id: number) => ({
      id, storageId: 9, warningType: type, value: 1, threshold: 1, quantity: null, raisedAt: at(0), lastSeenAt: at(0), occurrences: 1, status: warningStatus.acknowledged,
      acknowledgedBy: 'a', acknowledgedAt: at(0), acknowledgeNote: null, closedBy: null, closedAt: null, closeNote: null,
    });
    const book = evaluate([reading(1, { weight: 50 })], new WarningBook([open(warningType.offline, 1), open(warningType.noWaste, 2), open(warningType.battery, 3)]));
    expect(book.changes().map((c) => c.state.id)).toEqual([1]);
    evaluate([reading(2, { weight: 51 })], book);
    expect(book.changes().map((c) => [c.state.id, c.state.status])).toEqual([[1, warningStatus.closed], [2, warningStatus.closed]]);
    expect(book.anyOpen()).toBe(true);
  });
});

describe('folding readings into a storage point', () => {
  it('keeps the last weight, the time of the last change and of the last rise', () => {
    const result = foldReadings(storage, [
      { readAt: at(1), weight: 60 }, { readAt: at(2), weight: null }, { readAt: at(3), weight: 55.0004 }, { readAt: at(4), weight: 55 },
    ]);
    expect(result.storage).toMatchObject({ currentWeight: 55, fillRatio: 0.55, lastChangeTime: at(3), lastAddedTime: at(1) });
    expect(result.steps.map((s) => [s.index, s.before, s.after])).toEqual([[0, 50, 60], [2, 60, 55]]);
    expect(result.initialWeight).toBe(50);
  });
});
