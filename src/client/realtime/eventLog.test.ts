import type { UnknownAction } from '@reduxjs/toolkit';
import type { LiveEvent } from '../../shared/live/events';
import { loggedOut } from '../session/appSlice';
import { type EventLogState, eventLogReducer, initialEventLogState, LOG_LIMIT, newEvents } from './eventLog';
import { liveCatchUpLoaded, liveEventsReceived } from './liveActions';
import { page, plainEvents } from './test-support-events';

const reduce = (actions: UnknownAction[], state: EventLogState = initialEventLogState) => actions.reduce(eventLogReducer, state);
const seqs = (state: EventLogState) => state.events.map((e) => e.seq);
const push = (from: number, to = from) => liveEventsReceived(plainEvents(from, to));
/** A log that started at head 0 (so it tracks coverage from seq 1). */
const started = (...actions: UnknownAction[]) => reduce([liveCatchUpLoaded(page([], 0)), ...actions]);

describe('event log reducer', () => {
  it('keeps the window in seq order and inserts late arrivals in place', () => {
    const state = started(push(1, 2), push(5), push(3), liveEventsReceived([...plainEvents(7, 7), ...plainEvents(4, 4)]), push(6));
    expect(seqs(state)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(state.lastSeq).toBe(7);
    expect(state.gap).toBeNull();
    expect(state.stats).toEqual({ received: 7, duplicates: 0, evicted: 0 });
  });

  it('ignores events it holds, within and across batches and catch-up pages', () => {
    const state = started(push(1, 3), push(2, 4), liveEventsReceived([...plainEvents(5, 5), ...plainEvents(5, 5)]),
      liveCatchUpLoaded(page(plainEvents(1, 5), 5)));
    expect(seqs(state)).toEqual([1, 2, 3, 4, 5]);
    expect(state.stats).toEqual({ received: 5, duplicates: 2 + 1 + 5, evicted: 0 });
  });

  it('suspects a gap on a jump and closes it with a catch-up head', () => {
    let state = started(push(1, 2), push(5));
    expect(state.lastSeq).toBe(2);
    expect(state.gap).toEqual({ after: 2, upTo: 5 });
    state = reduce([push(7)], state);
    expect(state.gap).toEqual({ after: 2, upTo: 7 });

    // 3 and 6 were someone else's: the page brings only 4, and the head says nothing else up to 8 is for this user.
    state = reduce([liveCatchUpLoaded(page(plainEvents(4, 4), 8))], state);
    expect(seqs(state)).toEqual([1, 2, 4, 5, 7]);
    expect(state.lastSeq).toBe(8);
    expect(state.gap).toBeNull();
  });

  it('trusts only the last item of a page that has more, and keeps a gap for pushes above the head', () => {
    let state = started(push(1), push(9));
    state = reduce([liveCatchUpLoaded(page(plainEvents(3, 4), 20, true))], state);
    expect(state.lastSeq).toBe(4);
    expect(state.gap).toEqual({ after: 4, upTo: 9 });

    state = reduce([push(12), liveCatchUpLoaded(page(plainEvents(6, 6), 10))], state);
    expect(state.lastSeq).toBe(10);
    expect(state.gap).toEqual({ after: 10, upTo: 12 });
    state = reduce([push(11)], state);
    expect(state.lastSeq).toBe(12);
    expect(state.gap).toBeNull();
  });

  it('has no coverage before the first head: pushes are held, no gap is suspected', () => {
    let state = reduce([push(41), push(43)]);
    expect(state.lastSeq).toBeNull();
    expect(state.gap).toBeNull();
    expect(seqs(state)).toEqual([41, 43]);
    state = reduce([liveCatchUpLoaded(page([], 43))], state);
    expect(state.lastSeq).toBe(43);
    expect(state.gap).toBeNull();
  });

  it('stays bounded: the oldest events are evicted, counted, and are duplicates afterwards', () => {
    const total = LOG_LIMIT + 500;
    let state = started();
    for (let from = 1; from <= total; from += 100) state = reduce([push(from, Math.min(total, from + 99))], state);
    const { evicted } = state.stats;
    expect(state.events.length).toBeLessThanOrEqual(LOG_LIMIT);
    expect(evicted).toBeGreaterThanOrEqual(500);
    expect(state.events.length + evicted).toBe(total);
    expect(state.events[0].seq).toBe(evicted + 1);
    expect(state.foldedSeq).toBe(evicted);
    expect(state.lastSeq).toBe(total);
    expect(state.stats).toEqual({ received: total, duplicates: 0, evicted });

    const again = reduce([push(10), push(evicted, evicted + 1)], state);
    expect(again.events).toBe(state.events);
    expect(again.stats.duplicates).toBe(3);
  });

  it('names the new events of a batch once each, ascending', () => {
    const state = started(push(1, 3));
    const incoming: LiveEvent[] = [...plainEvents(5, 5), ...plainEvents(2, 4), ...plainEvents(5, 5)];
    expect(newEvents(state, incoming).map((e) => e.seq)).toEqual([4, 5]);
  });

  it('forgets everything at logout', () => {
    expect(reduce([loggedOut()], started(push(1, 3)))).toBe(initialEventLogState);
  });

  it('returns the same state for an action it does not handle', () => {
    const state = started(push(1));
    expect(eventLogReducer(state, { type: 'other/action' })).toBe(state);
  });
});
