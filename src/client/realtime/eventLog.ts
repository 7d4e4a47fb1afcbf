import type { UnknownAction } from '@reduxjs/toolkit';
import type { EventsAfterResult, LiveEvent, LiveFrame } from '../../shared/live/events';
import { loggedOut } from '../session/appSlice';
import {
  chatUnreadLoaded, devicesSnapshotLoaded, liveCatchUpLoaded, liveEventsReceived, liveFrameReceived, storageSnapshotLoaded,
  warningsSnapshotLoaded,
} from './liveActions';
import {
  emptyProjection, foldProjection, type LiveProjection, withChatSnapshot, withDeviceSnapshot, withStorageSnapshot,
  withWarningSnapshot,
} from './projection';

/**
 * The client's event log: a bounded window of the latest events (ascending seq) over a `base` projection into which
 * evicted events are folded, so the derived views stay right however many events went by.
 *
 * A plain reducer rather than an immer slice: the window is rebuilt by merging sorted arrays, which immer's draft
 * proxies would only slow down (the bench feeds it 100,000 events), and it runs in plain Node.
 */

/** The window never holds more events than this. */
export const LOG_LIMIT = 2000;
/**
 * When it would, the oldest are evicted down to LOG_LIMIT - LOG_EVICT_BATCH: folding into the base copies its maps,
 * which is worth doing once per few hundred events, not once per push.
 */
const LOG_EVICT_BATCH = 250;

/** Seqs above `after` up to `upTo` may have been missed (visible seqs have holes, so it is only suspected). */
interface SeqGap {
  after: number;
  upTo: number;
}

interface EventLogStats {
  /** Events accepted as new. */
  received: number;
  /** Events dropped because the log already held (or had folded) them. */
  duplicates: number;
  /** Events moved from the window into the base. */
  evicted: number;
}

export interface EventLogState {
  /** The window, ascending seq, at most LOG_LIMIT; every seq in it is above `foldedSeq`. */
  events: LiveEvent[];
  /** Everything up to here the user may see has been received; null until the first catch-up told the head. */
  lastSeq: number | null;
  /** The highest seq folded into `base` (0: none). */
  foldedSeq: number;
  gap: SeqGap | null;
  base: LiveProjection;
  stats: EventLogStats;
}

/**
 * Frozen state is what the rest of the store holds (immer freezes it), and RTK's development checks skip frozen
 * objects: unfrozen, they walk the whole window on every action. Objects already frozen are taken as frozen all the
 * way down, so each call only visits what is new.
 */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const nested of Object.values(value)) deepFreeze(nested);
  return value;
}

/**
 * Freezes a new state, all but the window array itself: V8 copies frozen arrays on a slow path, and the window is
 * copied on every push. Its events are frozen as they come in.
 */
function freezeState(state: EventLogState): EventLogState {
  deepFreeze(state.base);
  deepFreeze(state.gap);
  deepFreeze(state.stats);
  return Object.freeze(state);
}

export const initialEventLogState: EventLogState = freezeState({
  events: [],
  lastSeq: null,
  foldedSeq: 0,
  gap: null,
  base: emptyProjection(),
  stats: { received: 0, duplicates: 0, evicted: 0 },
});

/** Index of the first event with seq ≥ `seq`. */
function lowerBound(events: readonly LiveEvent[], seq: number): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (events[mid].seq < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function holdsSeq(state: EventLogState, seq: number): boolean {
  const i = lowerBound(state.events, seq);
  return i < state.events.length && state.events[i].seq === seq;
}

/**
 * Already known: in the window, or folded while covered. An event at or below `foldedSeq` but above `lastSeq` can only
 * come from a gap that stayed open while the window overflowed; it is new and is folded straight into the base.
 */
function isKnown(state: EventLogState, seq: number): boolean {
  return holdsSeq(state, seq) || (state.lastSeq !== null && seq <= state.lastSeq && seq <= state.foldedSeq);
}

/** The events of `incoming` the log would accept, ascending seq, each once. The hub saga reports these as applied. */
export function newEvents(state: EventLogState, incoming: readonly LiveEvent[]): LiveEvent[] {
  const sorted = [...incoming].sort((a, b) => a.seq - b.seq);
  const fresh: LiveEvent[] = [];
  for (const event of sorted) {
    if (fresh.length > 0 && fresh[fresh.length - 1].seq === event.seq) continue;
    if (!isKnown(state, event.seq)) fresh.push(event);
  }
  return fresh;
}

/** The window with `fresh` (ascending) merged in, and the oldest events that no longer fit. */
function mergeBounded(held: LiveEvent[], fresh: readonly LiveEvent[]): { events: LiveEvent[]; evicted: LiveEvent[] } {
  if (fresh.length === 0) return { events: held, evicted: [] };
  const size = held.length + fresh.length;
  const overflow = size > LOG_LIMIT ? size - (LOG_LIMIT - LOG_EVICT_BATCH) : 0;
  // Pushes arrive in commit order: the common case appends, and is done with one copy.
  if (held.length === 0 || fresh[0].seq > held[held.length - 1].seq) {
    if (overflow <= held.length) return { events: held.slice(overflow).concat(fresh), evicted: held.slice(0, overflow) };
    const all = held.concat(fresh);
    return { events: all.slice(overflow), evicted: all.slice(0, overflow) };
  }
  const merged: LiveEvent[] = [];
  let i = 0;
  let j = 0;
  while (i < held.length || j < fresh.length) {
    if (j >= fresh.length || (i < held.length && held[i].seq < fresh[j].seq)) merged.push(held[i++]);
    else merged.push(fresh[j++]);
  }
  return { events: overflow ? merged.slice(overflow) : merged, evicted: merged.slice(0, overflow) };
}

/**
 * Takes `incoming` (a push or a catch-up page); `covered`, from a catch-up, is a seq up to which nothing visible is
 * missing any more.
 */
function accept(state: EventLogState, incoming: readonly LiveEvent[], covered: number | null): EventLogState {
  const fresh = newEvents(state, incoming);
  for (const event of fresh) deepFreeze(event);
  const straightToBase = fresh.filter((e) => e.seq <= state.foldedSeq);
  const { events, evicted } = mergeBounded(state.events, straightToBase.length ? fresh.filter((e) => e.seq > state.foldedSeq) : fresh);
  const toFold = straightToBase.length ? [...straightToBase, ...evicted] : evicted;
  const foldedSeq = evicted.length ? Math.max(state.foldedSeq, evicted[evicted.length - 1].seq) : state.foldedSeq;

  let lastSeq = covered === null ? state.lastSeq : Math.max(state.lastSeq ?? covered, covered);
  if (lastSeq !== null) {
    for (const event of straightToBase) if (event.seq === lastSeq + 1) lastSeq = event.seq;
    for (let i = lowerBound(events, lastSeq + 1); i < events.length && events[i].seq === lastSeq + 1; i++) lastSeq = events[i].seq;
  }
  const highest = Math.max(foldedSeq, events.length ? events[events.length - 1].seq : 0);
  const gap = lastSeq !== null && highest > lastSeq ? { after: lastSeq, upTo: highest } : null;
  const sameGap = gap && state.gap && gap.after === state.gap.after && gap.upTo === state.gap.upTo;

  if (fresh.length === 0 && lastSeq === state.lastSeq && (sameGap || gap === state.gap)) {
    return incoming.length ? { ...state, stats: { ...state.stats, duplicates: state.stats.duplicates + incoming.length } } : state;
  }
  return {
    events,
    lastSeq,
    foldedSeq,
    gap: sameGap ? state.gap : gap,
    base: foldProjection(state.base, toFold),
    stats: {
      received: state.stats.received + fresh.length,
      duplicates: state.stats.duplicates + incoming.length - fresh.length,
      evicted: state.stats.evicted + evicted.length,
    },
  };
}

/** Up to where a catch-up page proves nothing is missing: its last item while more pages follow, else the head. */
function coveredBy(page: EventsAfterResult): number | null {
  const lastItem = page.items.reduce((max, e) => Math.max(max, e.seq), -Infinity);
  if (page.hasMore) return page.items.length ? lastItem : null;
  return Math.max(page.head, lastItem);
}

export function eventLogReducer(state: EventLogState = initialEventLogState, action: UnknownAction): EventLogState {
  const next = reduce(state, action);
  return next === state ? state : freezeState(next);
}

/**
 * A frame covers every event the user sees and subscribed to in (after, upTo], the superseded ones left out: one that
 * starts within what the log covers extends it to `upTo`; one that starts above leaves (after of the log, upTo] a gap
 * for the catch-up, even when it carries no event.
 */
function acceptFrame(state: EventLogState, { after, upTo, events }: LiveFrame): EventLogState {
  if (state.lastSeq !== null && after <= state.lastSeq) return accept(state, events, upTo);
  const next = accept(state, events, null);
  if (next.lastSeq === null || upTo <= next.lastSeq || (next.gap && next.gap.upTo >= upTo)) return next;
  return { ...next, gap: { after: next.lastSeq, upTo } };
}

function reduce(state: EventLogState, action: UnknownAction): EventLogState {
  if (liveEventsReceived.match(action)) return accept(state, action.payload, null);
  if (liveFrameReceived.match(action)) return acceptFrame(state, action.payload);
  if (liveCatchUpLoaded.match(action)) return accept(state, action.payload.items, coveredBy(action.payload));
  if (storageSnapshotLoaded.match(action)) {
    const { items, seq, complete = false } = action.payload;
    return { ...state, base: withStorageSnapshot(state.base, items, seq, complete) };
  }
  if (devicesSnapshotLoaded.match(action)) {
    const { items, seq, complete = false } = action.payload;
    return { ...state, base: withDeviceSnapshot(state.base, items, seq, complete) };
  }
  if (warningsSnapshotLoaded.match(action)) {
    const { items, seq, complete = false } = action.payload;
    return { ...state, base: withWarningSnapshot(state.base, items, seq, complete) };
  }
  if (chatUnreadLoaded.match(action)) {
    const { userId, counts, seq } = action.payload;
    return { ...state, base: withChatSnapshot(state.base, userId, counts, seq) };
  }
  // Another user may log in next: nothing of this one's stays.
  if (loggedOut.match(action)) return initialEventLogState;
  return state;
}
