import { warningType } from '../../../shared/enums';
import type { LiveEvent, TransferChangedPayload } from '../../../shared/live/events';
import { deviceEvent, transferEvent, warningEvent, weightEvent } from '../../realtime/test-support-events';
import { FOLDED_FIGURES, figuresOf, foldEvents, unfoldEvents } from './fold';
import { panelReplays } from './panels';
import { buildTimeline, figuresAt, MARK_MS } from './replay';
import { CHINA, overviewFixture, TODAY } from './test-support';
import { formatInstant, instantOfWallClock, parseInstant } from '../../../shared/time';

/** 08:00 in China on TODAY: where the seeded events begin. */
const DAY_START = instantOfWallClock({ year: 2026, month: 11, day: 20, hour: 8, minute: 0, second: 0, millisecond: 0 }, CHINA);

/** A seeded day of a small tenant: warnings raised and closed, devices dropping out and back, weights, orders moving. */
function randomEvents(count: number, seed: number, firstSeq = 101): LiveEvent[] {
  let state = seed;
  const random = () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
  const open = new Set<number>();
  const online = new Map([[1, 0], [2, 0], [3, 1]]);
  const weights = new Map([[1, 500], [2, 500], [3, 500]]);
  const orders = new Map<number, { declareStatus: number; dispatchStatus: number; signStatus: number }>();
  const events: LiveEvent[] = [];
  for (let seq = firstSeq; events.length < count; seq++) {
    // Twenty seconds apart, in seq order as the log writes them.
    const at = formatInstant(DAY_START + (seq - firstSeq) * 20_000, CHINA);
    const pick = Math.floor(random() * 5);
    if (pick === 0) {
      const id = 1000 + seq;
      open.add(id);
      events.push({ ...warningEvent(seq, id, { warningType: warningType.temperature, raisedAt: `${TODAY}T09:00:00+08:00` }), type: 'warning.raised', at });
    } else if (pick === 1 && open.size > 0) {
      const [id] = open;
      open.delete(id);
      events.push({ ...warningEvent(seq, id, { warningType: warningType.temperature, status: 2 }), at });
    } else if (pick === 2) {
      const device = 1 + Math.floor(random() * 3);
      const next = 1 - (online.get(device) ?? 0);
      online.set(device, next);
      events.push({ ...deviceEvent(seq, device, next), at });
    } else if (pick === 3) {
      const storage = 1 + Math.floor(random() * 3);
      const weight = Math.round(random() * 1200);
      const base = weightEvent(seq, storage, weight);
      events.push({ ...base, at, payload: { ...base.payload, delta: weight - (weights.get(storage) ?? 0) } });
      weights.set(storage, weight);
    } else {
      const id = 1 + Math.floor(random() * 4);
      const from = orders.get(id) ?? null;
      const to = from === null ? { declareStatus: 0, dispatchStatus: 0, signStatus: 0 }
        : from.dispatchStatus === 0 ? { ...from, dispatchStatus: 1 }
          : from.declareStatus === 0 ? { declareStatus: 1, dispatchStatus: 1, signStatus: 1 } : null;
      if (to === null) continue;
      orders.set(id, to);
      const change: Partial<TransferChangedPayload> = {
        action: from === null ? 'create' : to.signStatus === 1 ? 'agree' : 'dispatch', from, to, plannedDate: TODAY, totalQuantity: id,
        receivedQuantity: to.signStatus === 1 ? id - 0.5 : null, producerId: 1, receiverId: 3,
      };
      events.push({ ...transferEvent(seq, { id, version: seq, ...change }), at });
    }
  }
  return events;
}

describe('taking events back out of the figures', () => {
  it.each([1, 2, 3, 4, 5])('gives back the figures they were folded onto (seed %i)', (seed) => {
    const start = figuresOf(overviewFixture({ openWarnings: [{ warningType: warningType.temperature, count: 2 }] }), CHINA);
    const events = randomEvents(80, seed);
    const folded = foldEvents(start, events);
    expect(folded.overview).not.toEqual(start.overview);
    const back = unfoldEvents(folded, events);
    expect(back.overview).toEqual(start.overview);
    expect(back.seq).toBe(100);
  });
});

describe('a replay timeline', () => {
  const events = randomEvents(120, 9);
  const times = events.map((e) => parseInstant(e.at, CHINA) ?? NaN);
  const start = Math.min(...times) - 30_000;
  const end = Math.max(...times) + 30_000;
  const base = figuresOf(overviewFixture({ openWarnings: [{ warningType: warningType.temperature, count: 2 }] }), CHINA);
  const live = foldEvents(base, events);
  const timeline = buildTimeline(live, events, start, end);

  it('starts where the figures stood before the window and ends at the live figures', () => {
    expect(figuresAt(timeline, start).overview).toEqual(base.overview);
    expect(figuresAt(timeline, end).overview).toEqual(live.overview);
  });

  it('stands at any moment where folding the events up to then stands, wherever it seeks from', () => {
    for (const at of [start + 45_000, start + 5 * MARK_MS + 1, end - 70_000, start + MARK_MS * 17 + 30_000]) {
      const upTo = events.filter((_, i) => times[i] <= at);
      expect(figuresAt(timeline, at).overview).toEqual(foldEvents(base, upTo).overview);
    }
  });

  it('shows the ticker of the moment, newest first', () => {
    const at = start + 10 * MARK_MS;
    const recent = figuresAt(timeline, at).overview.recent.map((l) => l.event.seq);
    expect(recent).toEqual([...recent].sort((a, b) => b - a));
    expect(Math.max(...recent.map((seq) => times[events.findIndex((e) => e.seq === seq)]))).toBeLessThanOrEqual(at);
  });
});

describe('what a replay moves', () => {
  it('moves only the figures it says it moves: events change no other figure, forward or back', () => {
    const start = figuresOf(overviewFixture(), CHINA);
    const events = randomEvents(300, 7);
    const forward = foldEvents(start, events).overview;
    const back = unfoldEvents(figuresOf(forward, CHINA), events).overview;
    const moved = (figures: typeof forward) => (Object.keys(start.overview) as (keyof typeof forward)[])
      .filter((key) => figures[key] !== start.overview[key]);
    for (const key of [...moved(forward), ...moved(back)]) expect(FOLDED_FIGURES).toContain(key);
  });

  it('marks the panels drawn from anything else as not replayed: the trends, the top producers, disposal and devices online', () => {
    const panels = ['trendDays', 'trendMonths', 'wastes', 'top', 'disposal', 'warningsWeek', 'fill', 'online', 'warningTypes', 'stages', 'recycling'] as const;
    expect(panels.filter((id) => !panelReplays(id))).toEqual(['trendDays', 'trendMonths', 'wastes', 'top', 'disposal', 'online']);
  });
});
