import { pointsReason, rubbishType1, warningType } from '../../../shared/enums';
import type { LiveEvent, PointsBalancePayload, RecordCountedPayload, TransferChangedPayload } from '../../../shared/live/events';
import { deviceEvent, transferEvent, warningEvent, weightEvent } from '../../realtime/test-support-events';
import { figuresOf, fillBandOf, foldEvents, unfoldEvents } from './fold';
import { CHINA, overviewFixture, TODAY } from './test-support';
import { foldTicker } from '../../../shared/ticker';
import { addMonths } from '../../../shared/time';

const countOf = (figures: ReturnType<typeof figuresOf>, type: number) =>
  figures.overview.openWarnings.find((c) => c.warningType === type)?.count;
const todayCount = (figures: ReturnType<typeof figuresOf>, type: number) =>
  figures.overview.warningsByDay.find((d) => d.day === TODAY)?.counts.find((c) => c.warningType === type)?.count;

const OPEN = { declareStatus: 0, dispatchStatus: 0, signStatus: 0 };
const IN_TRANSIT = { declareStatus: 0, dispatchStatus: 1, signStatus: 0 };
const COMPLETED = { declareStatus: 1, dispatchStatus: 1, signStatus: 1 };
const VOIDED = { declareStatus: 2, dispatchStatus: 0, signStatus: 0 };

function order(seq: number, change: Partial<TransferChangedPayload>): LiveEvent<TransferChangedPayload> {
  return transferEvent(seq, { id: 7, version: 2, plannedDate: TODAY, totalQuantity: 4, ...change });
}

describe('folding live events into the big-data figures', () => {
  it('counts a warning while it is open: raised, acknowledged, then closed', () => {
    const start = figuresOf(overviewFixture(), CHINA);
    const raised = { ...warningEvent(101, 9, { warningType: warningType.temperature, raisedAt: `${TODAY}T09:59:00+08:00` }), type: 'warning.raised' as const };
    const acknowledged = warningEvent(102, 9, { warningType: warningType.temperature, status: 1 });
    const closed = warningEvent(103, 9, { warningType: warningType.temperature, status: 2 });

    const afterRaise = foldEvents(start, [raised]);
    expect(countOf(afterRaise, warningType.temperature)).toBe(1);
    expect(afterRaise.overview.map.devices.find((d) => d.id === 1)?.openWarnings).toBe(1);
    expect(todayCount(afterRaise, warningType.temperature)).toBe(1);

    const afterClose = foldEvents(afterRaise, [acknowledged, closed]);
    expect(countOf(afterClose, warningType.temperature)).toBe(0);
    expect(afterClose.overview.map.devices.find((d) => d.id === 1)?.openWarnings).toBe(0);
    // Raised warnings per day count raises, not what is open now.
    expect(todayCount(afterClose, warningType.temperature)).toBe(1);
    expect(afterClose.overview.recent.map((l) => l.event.seq)).toEqual([103, 102, 101]);
  });

  it('moves an agreed order\'s tonnes from in progress to transferred, in the periods of its planned date', () => {
    const start = figuresOf(overviewFixture({ manifests: { draft: 0, inTransit: 1, returned: 0, completed: 0, voided: 0 }, inProgressTonnes: 4 }), CHINA);
    const agreed = foldEvents(start, [order(101, { action: 'agree', from: IN_TRANSIT, to: COMPLETED, receivedQuantity: 3.5 })]);
    expect(agreed.overview.inProgressTonnes).toBe(0);
    expect(agreed.overview.manifests).toMatchObject({ inTransit: 0, completed: 1 });
    expect(agreed.overview.transferred.today.tonnes).toBe(4.5);
    expect(agreed.overview.transferred.month.tonnes).toBe(13.5);
    expect(agreed.overview.transferred.year.tonnes).toBe(103.5);
    expect(agreed.stale).toBe(false);

    const lastMonth = foldEvents(start, [order(101, { action: 'agree', from: IN_TRANSIT, to: COMPLETED, receivedQuantity: 2, plannedDate: '2026-10-31' })]);
    expect(lastMonth.overview.transferred.today.tonnes).toBe(1);
    expect(lastMonth.overview.transferred.month.tonnes).toBe(10);
    expect(lastMonth.overview.transferred.year.tonnes).toBe(102);
  });

  it('draws a created order as a flow and takes it away when voided', () => {
    const start = figuresOf(overviewFixture(), CHINA);
    const created = foldEvents(start, [order(101, { action: 'create', from: null, to: OPEN })]);
    expect(created.overview.manifests.draft).toBe(1);
    expect(created.overview.inProgressTonnes).toBe(4);
    expect(created.overview.map.flows.day).toEqual([{ producerId: 1, receiverId: 3, tonnes: 4, orders: 1 }]);
    expect(created.overview.map.flows.week).toEqual([{ producerId: 1, receiverId: 3, tonnes: 4, orders: 1 }]);

    const voided = foldEvents(created, [order(102, { action: 'void', from: OPEN, to: VOIDED })]);
    expect(voided.overview.manifests).toMatchObject({ draft: 0, voided: 1 });
    expect(voided.overview.inProgressTonnes).toBe(0);
    expect(voided.overview.map.flows.day).toEqual([]);
    expect(voided.overview.map.flows.week).toEqual([]);
  });

  it('ignores what the overview already holds and applies nothing twice', () => {
    const start = figuresOf(overviewFixture(), CHINA);
    const old = { ...warningEvent(100, 9), type: 'warning.raised' as const };
    expect(foldEvents(start, [old])).toBe(start);
    const raised = { ...warningEvent(101, 9), type: 'warning.raised' as const };
    const once = foldEvents(start, [raised]);
    expect(foldEvents(once, [raised])).toBe(once);
  });

  it('folds one device\'s repeated news into one ticker line with its count, as the overview does, however the events come', () => {
    const start = figuresOf(overviewFixture(), CHINA);
    const acknowledged = (seq: number) => warningEvent(seq, 9, { warningType: warningType.battery, status: 1 });
    const events = [acknowledged(101), acknowledged(102), order(103, { action: 'create', to: OPEN }), acknowledged(104), acknowledged(105), acknowledged(106)];
    const folded = foldEvents(start, events);
    expect(folded.overview.recent.map((l) => [l.event.seq, l.count])).toEqual([[106, 5], [103, 1]]);
    // Event by event, or in two frames: the same lines, and the same as the server makes of the log.
    const oneByOne = events.reduce((figures, event) => foldEvents(figures, [event]), start);
    expect(oneByOne.overview.recent).toEqual(folded.overview.recent);
    expect(foldEvents(foldEvents(start, events.slice(0, 3)), events.slice(3)).overview.recent).toEqual(folded.overview.recent);
    expect(foldTicker([], events)).toEqual(folded.overview.recent);
    // Another device, or another kind of news of the same device, is a line of its own.
    const other = foldEvents(folded, [warningEvent(107, 10, { warningType: warningType.battery, status: 1, smartequipmentId: 2 }), warningEvent(108, 9, { warningType: warningType.battery, status: 2 })]);
    expect(other.overview.recent.map((l) => [l.event.seq, l.count])).toEqual([[108, 1], [107, 1], [106, 5], [103, 1]]);
  });

  it('moves the year-earlier figures exactly when an order planned a year ago is completed or reopened', () => {
    const start = figuresOf(overviewFixture(), CHINA);
    const yearAgo = addMonths(TODAY, -12);
    const agreed = foldEvents(start, [order(101, { action: 'agree', plannedDate: yearAgo, from: IN_TRANSIT, to: COMPLETED, receivedQuantity: 3 })]);
    // The overview's year-earlier figures: that day, that month and that whole year.
    expect(agreed.overview.transferred).toEqual({
      today: { tonnes: 1, lastYear: 3.5 }, month: { tonnes: 10, lastYear: 11 }, year: { tonnes: 100, lastYear: 83 },
    });
    expect(agreed.stale).toBe(false);
    // Planned earlier in last year's month: the month and the year a year ago, not the day.
    const earlier = foldEvents(agreed, [order(102, { id: 8, action: 'agree', plannedDate: `${yearAgo.slice(0, 8)}01`, from: IN_TRANSIT, to: COMPLETED, receivedQuantity: 2 })]);
    expect(earlier.overview.transferred.month.lastYear).toBe(13);
    expect(earlier.overview.transferred.year.lastYear).toBe(85);
    // Another year before that: none of them.
    const older = foldEvents(earlier, [order(103, { id: 9, action: 'agree', plannedDate: addMonths(TODAY, -24), from: IN_TRANSIT, to: COMPLETED, receivedQuantity: 5 })]);
    expect(older.overview.transferred).toEqual(earlier.overview.transferred);
  });

  it('follows devices going offline (news for the ticker) and back online (not news)', () => {
    const start = figuresOf(overviewFixture(), CHINA);
    const offline = foldEvents(start, [deviceEvent(101, 1, 1)]);
    expect(offline.overview.devices.online).toBe(1);
    expect(offline.overview.recent.map((l) => l.event.seq)).toEqual([101]);
    const back = foldEvents(offline, [deviceEvent(102, 1, 0)]);
    expect(back.overview.devices.online).toBe(2);
    expect(back.overview.recent.map((l) => l.event.seq)).toEqual([101]);
  });

  it('adds a storage point\'s change to the tonnes stored and moves it between fill bands', () => {
    const start = figuresOf(overviewFixture(), CHINA);
    const event = weightEvent(101, 2, 900);
    const filled = foldEvents(start, [{ ...event, payload: { ...event.payload, delta: 400 } }]);
    expect(filled.overview.storage.tonnes).toBe(1.9);
    expect(filled.overview.fillBands).toEqual([0, 0, 2, 0, 1, 0]);
    expect(filled.overview.map).toBe(start.overview.map);
    // A weight that keeps the point in its band leaves the bands untouched: the same array, so no chart redraws.
    const small = foldEvents(filled, [{ ...event, seq: 102, payload: { ...event.payload, currentWeight: 950, delta: 50 } }]);
    expect(small.overview.storage.tonnes).toBe(1.95);
    expect(small.overview.fillBands).toBe(filled.overview.fillBands);
  });

  it('asks for a fresh overview after what it cannot fold exactly', () => {
    const start = figuresOf(overviewFixture(), CHINA);
    expect(foldEvents(start, [order(101, { action: 'edit', from: OPEN, to: OPEN })]).stale).toBe(true);
    const stock: LiveEvent = { seq: 101, type: 'inventory.changed', at: `${TODAY}T10:00:01+08:00`, enterpriseIds: [1], payload: { enterpriseIds: [1] } };
    expect(foldEvents(start, [stock]).stale).toBe(true);
  });

  it('adds up today\'s counted kilograms per class as records are entered, edited and rejected, and not other days\'', () => {
    const record = (seq: number, payload: RecordCountedPayload): LiveEvent => ({ seq, type: 'recycling.record', at: `${TODAY}T10:00:01+08:00`, enterpriseIds: null, payload });
    const paper = (kg: number, day = TODAY) => ({ rubbishType1: rubbishType1.recyclable, day, kg });
    const kgOf = (figures: ReturnType<typeof figuresOf>, type: number) => figures.overview.recycling.kgToday.find((c) => c.rubbishType1 === type)?.kg;
    const start = figuresOf(overviewFixture(), CHINA);
    const events = [
      record(101, { id: 1, before: null, after: paper(2.35) }),
      record(102, { id: 2, before: null, after: paper(1.2) }),
      // Corrected from paper to batteries (another class).
      record(103, { id: 2, before: paper(1.2), after: { rubbishType1: rubbishType1.hazardous, day: TODAY, kg: 0.8 } }),
      record(104, { id: 1, before: paper(2.35), after: null }),
      // A station's stored drop-off of yesterday, sent today, is yesterday's.
      record(105, { id: 3, before: null, after: paper(9, '2026-11-19') }),
    ];
    const folded = foldEvents(start, events);
    expect(kgOf(folded, rubbishType1.recyclable)).toBe(0);
    expect(kgOf(folded, rubbishType1.hazardous)).toBe(0.8);
    expect(folded.stale).toBe(false);
    expect(unfoldEvents(folded, events).overview.recycling).toEqual(start.overview.recycling);
  });

  it('counts awards net of reversals as issued and holds net of releases as redeemed; adjustments are neither', () => {
    const balance = (seq: number, amount: number, reason: number): LiveEvent<PointsBalancePayload> =>
      ({ seq, type: 'points.balance', at: `${TODAY}T10:00:01+08:00`, enterpriseIds: null, payload: { householdId: 5, points: 100, amount, reason } });
    const start = figuresOf(overviewFixture(), CHINA);
    const events = [
      balance(101, 23, pointsReason.recordApproved), balance(102, -23, pointsReason.reversal), balance(103, 40, pointsReason.recordApproved),
      balance(104, -15, pointsReason.hold), balance(105, -8, pointsReason.hold), balance(106, 8, pointsReason.release),
      balance(107, 7, pointsReason.adjustment),
    ];
    const folded = foldEvents(start, events);
    expect(folded.overview.recycling.pointsToday).toEqual({ issued: 120 + 40, redeemed: 30 + 15 });
    expect(unfoldEvents(folded, events).overview.recycling.pointsToday).toEqual(start.overview.recycling.pointsToday);
  });

  describe('around China\'s midnight, in the tenant\'s calendar whatever the process\'s zone', () => {
    // The overview was read at 00:00:40 on 21 November in China (16:00:40 UTC, still the 20th in Los Angeles), its
    // seven day bars ending on the 21st.
    const overview = () => overviewFixture({
      asOf: '2026-11-20T16:00:40Z',
      warningsByDay: ['2026-11-19', '2026-11-20', '2026-11-21'].map((day) => ({ day, counts: [{ warningType: warningType.temperature, count: 0 }] })),
    });
    const raisedAt = (seq: number, at: string): LiveEvent => ({
      ...warningEvent(seq, 9, { warningType: warningType.temperature, raisedAt: at }), type: 'warning.raised', at,
    });
    const bar = (figures: ReturnType<typeof figuresOf>, day: string) =>
      figures.overview.warningsByDay.find((d) => d.day === day)?.counts[0].count;

    it('lands a warning on the day bar of its instant: 23:59:30 on the 20th, 00:00:30 on the 21st', () => {
      const folded = foldEvents(figuresOf(overview(), CHINA), [
        raisedAt(101, '2026-11-20T23:59:30+08:00'), raisedAt(102, '2026-11-20T16:00:30Z'), raisedAt(103, '2026-11-21T00:00:35+08:00'),
      ]);
      expect([bar(folded, '2026-11-19'), bar(folded, '2026-11-20'), bar(folded, '2026-11-21')]).toEqual([0, 1, 2]);
    });

    it('counts a drop-off and a completed manifest as today\'s on the tenant\'s new day', () => {
      const start = figuresOf(overview(), CHINA);
      const kg = (counted: RecordCountedPayload['after']): LiveEvent =>
        ({ seq: 101, type: 'recycling.record', at: '2026-11-20T16:00:35Z', enterpriseIds: null, payload: { id: 1, before: null, after: counted } });
      const today = foldEvents(start, [kg({ rubbishType1: rubbishType1.recyclable, day: '2026-11-21', kg: 2 })]);
      expect(today.overview.recycling.kgToday.find((c) => c.rubbishType1 === rubbishType1.recyclable)?.kg).toBe(2);
      const yesterday = foldEvents(start, [kg({ rubbishType1: rubbishType1.recyclable, day: '2026-11-20', kg: 2 })]);
      expect(yesterday.overview.recycling.kgToday.find((c) => c.rubbishType1 === rubbishType1.recyclable)?.kg).toBe(0);
      const agreed = (plannedDate: string) => foldEvents(figuresOf({ ...overview(), manifests: { draft: 0, inTransit: 1, returned: 0, completed: 0, voided: 0 } }, CHINA),
        [order(101, { action: 'agree', from: IN_TRANSIT, to: COMPLETED, receivedQuantity: 3, plannedDate })]).overview.transferred.today.tonnes;
      expect(agreed('2026-11-21')).toBe(1 + 3);
      expect(agreed('2026-11-20')).toBe(1);
    });

    it('reads the same instants on another tenant\'s calendar by its own zone', () => {
      // In UTC the overview was read on the 20th: the 21st's bar gets nothing, the 20th gets all three.
      const folded = foldEvents(figuresOf(overview(), 'UTC'), [
        raisedAt(101, '2026-11-20T23:59:30+08:00'), raisedAt(102, '2026-11-20T16:00:30Z'), raisedAt(103, '2026-11-21T00:00:35+08:00'),
      ]);
      expect([bar(folded, '2026-11-20'), bar(folded, '2026-11-21')]).toEqual([3, 0]);
    });
  });

  it('puts fill ratios in bands of a fifth, overfilled in the last', () => {
    expect([0, 0.19, 0.2, 0.59, 0.8, 0.999, 1, 1.4].map(fillBandOf)).toEqual([0, 0, 1, 2, 4, 4, 5, 5]);
  });
});
