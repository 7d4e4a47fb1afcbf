import type { Action } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import type { EventsAfterResult, LiveEvent } from '../../shared/live/events';
import { realtimeStatusChanged } from '../session/appSlice';
import { realtimeReceived } from './actions';
import { hubLoop } from './hubSaga';
import { liveCatchUpLoaded, liveEventsApplied, liveFrameReceived } from './liveActions';
import { catchUp, GAP_DEBOUNCE_MS } from './liveSync';
import { chatMessage, frame, page, plainEvents } from './test-support-events';
import { fakeFactory, hubProviders, hubTestReducer } from './test-support-hub';
import { STOP_SAGA, STOPPABLE_RUN_MS, stoppable } from '../../../test/support/stoppable-saga';
import { sleep, waitFor } from '../../../test/support/wait';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const seqsOf = (events: LiveEvent[]) => events.map((e) => e.seq);

type Run = Awaited<ReturnType<ReturnType<typeof expectSaga>['silentRun']>>;
const putActions = (result: Run): Action[] => (result.effects.put ?? []).map((effect) => effect.payload.action as Action);
const applied = (result: Run) => putActions(result).filter(liveEventsApplied.match).map((a) => seqsOf(a.payload));

describe('hub saga with the event log', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('catches up after a reconnect, buffers the pushes meanwhile and applies every event exactly once', async () => {
    const { factory, created } = fakeFactory(['ok', 'ok']);
    let releaseFirstPage: () => void = () => undefined;
    const eventsAfter = (after: number | null): EventsAfterResult | Promise<EventsAfterResult> => {
      if (after === null) return page([], 0);
      // 6..9 happened while the connection was down; the first page is held until the pushes below arrived.
      if (after === 5) return new Promise((resolve) => { releaseFirstPage = () => resolve(page(plainEvents(6, 7), 9, true)); });
      if (after === 7) return page(plainEvents(8, 9), 9);
      throw new Error(`unexpected after=${after}`);
    };
    const { provider, eventsCalls, waits } = hubProviders({ eventsAfter, instantDelays: true });
    const run = expectSaga(hubLoop, factory).withReducer(hubTestReducer).provide(provider).silentRun(150);

    await tick();
    created[0].push('ReceiveFrame', frame(plainEvents(1, 3)));
    created[0].push('ReceiveFrame', frame(plainEvents(4, 5)));
    await tick();
    created[0].close(new Error('network'));
    await tick();
    await tick();
    expect(created).toHaveLength(2);
    expect(eventsCalls).toEqual([null, 5]);

    // The new connection's first frame starts where the hub's release stood when it connected.
    created[1].push('ReceiveFrame', frame(plainEvents(9, 10), 8));
    await tick();
    releaseFirstPage();
    const result = await run;

    expect(waits).toEqual([5000]);
    expect(eventsCalls).toEqual([null, 5, 7]);
    const log = result.storeState.eventLog;
    expect(seqsOf(log.events)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(log.lastSeq).toBe(10);
    expect(log.gap).toBeNull();
    expect(log.stats).toEqual({ received: 10, duplicates: 1, evicted: 0 });
    expect(applied(result)).toEqual([[1, 2, 3], [4, 5], [6, 7], [8, 9], [10]]);

    // The push that arrived during the catch-up was applied after its pages.
    const actions = putActions(result);
    const lastPage = actions.map((a) => liveCatchUpLoaded.match(a) && a.payload.items.some((e) => e.seq === 9)).lastIndexOf(true);
    const bufferedPush = actions.findIndex((a) => liveFrameReceived.match(a) && a.payload.events.some((e) => e.seq === 10));
    expect(lastPage).toBeGreaterThan(-1);
    expect(bufferedPush).toBeGreaterThan(lastPage);
  });

  it('pages on from each page\'s last item while hasMore, though the head is the tenant\'s latest, and stops at the last page', async () => {
    // The head (12) is the real latest seq on every page; the pages before the last prove only up to their last item.
    const pages: Record<number, EventsAfterResult> = {
      3: page(plainEvents(4, 5), 12, true),
      5: page(plainEvents(7, 8), 12, true),
      8: page(plainEvents(11, 11), 12),
    };
    const { provider, eventsCalls } = hubProviders({ eventsAfter: (after) => pages[after ?? -1] });
    const result = await expectSaga(catchUp).withReducer(hubTestReducer)
      .withState(hubTestReducer(undefined, liveCatchUpLoaded(page(plainEvents(1, 3), 3))))
      .provide(provider).returns(true).silentRun(100);
    expect(eventsCalls).toEqual([3, 5, 8]);
    const log = result.storeState.eventLog;
    expect(seqsOf(log.events)).toEqual([1, 2, 3, 4, 5, 7, 8, 11]);
    expect(log.lastSeq).toBe(12);
    expect(log.gap).toBeNull();
  });

  it('answers a suspected gap (a push without a range, as waiting chat messages come) with one catch-up, after the debounce', async () => {
    const { factory, created } = fakeFactory(['ok']);
    const calledAt: number[] = [];
    let pushedAt = 0;
    const eventsAfter = (after: number | null) => {
      calledAt.push(Date.now());
      // Seq 6 was another enterprise's: the page brings 7 only and its head covers the rest.
      return after === null ? page([], 5) : page(plainEvents(7, 7), 9);
    };
    const { provider, eventsCalls } = hubProviders({ eventsAfter });
    // A busy machine may run the debounce late: the run lasts until the catch-up has come, however long that is.
    const saga = expectSaga(stoppable(() => hubLoop(factory))).withReducer(hubTestReducer).provide(provider);
    const run = saga.silentRun(STOPPABLE_RUN_MS);
    await tick();
    pushedAt = Date.now();
    created[0].push('ReceiveMessage', plainEvents(8, 8));
    await sleep(50);
    created[0].push('ReceiveMessage', plainEvents(9, 9));
    await waitFor('the catch-up after the debounce', () => eventsCalls.length >= 2);
    saga.dispatch(STOP_SAGA);
    const result = await run;

    expect(eventsCalls).toEqual([null, 5]);
    expect(calledAt[1] - pushedAt).toBeGreaterThanOrEqual(GAP_DEBOUNCE_MS - 10);
    const log = result.storeState.eventLog;
    expect(seqsOf(log.events)).toEqual([7, 8, 9]);
    expect(log.lastSeq).toBe(9);
    expect(log.gap).toBeNull();
  });

  it('asks nothing when the push that fills the gap comes within the debounce', async () => {
    const { factory, created } = fakeFactory(['ok']);
    const { provider, eventsCalls } = hubProviders({ eventsAfter: () => page([], 5) });
    const run = expectSaga(hubLoop, factory).withReducer(hubTestReducer).provide(provider).silentRun(GAP_DEBOUNCE_MS + 200);
    await tick();
    created[0].push('ReceiveMessage', plainEvents(7, 7));
    await sleep(30);
    created[0].push('ReceiveMessage', plainEvents(6, 6));
    const result = await run;
    expect(eventsCalls).toEqual([null]);
    expect(result.storeState.eventLog.lastSeq).toBe(7);
  });

  it('retries a failed catch-up after 5 s on the same connection', async () => {
    const { factory, created } = fakeFactory(['ok']);
    let failures = 1;
    const eventsAfter = () => (failures-- > 0 ? Promise.reject(new Error('503')) : page([], 12));
    const { provider, eventsCalls, waits } = hubProviders({ eventsAfter, instantDelays: true });
    // The retry is due 5 s after the failure and waits what is left of that: on a still clock, all of it.
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 10, 27, 9));
    const result = await expectSaga(hubLoop, factory).withReducer(hubTestReducer).provide(provider)
      .put(realtimeStatusChanged('connected'))
      .silentRun(80)
      .finally(() => clock.mockRestore());
    expect(eventsCalls).toEqual([null, null]);
    expect(waits).toEqual([5000]);
    expect(created).toHaveLength(1);
    expect(result.storeState.eventLog.lastSeq).toBe(12);
  });

  it('takes frames from ReceiveFrame and LiveEvent batches from ReceiveMessage, forwards every push, and reports only new events', async () => {
    const { factory, created } = fakeFactory(['ok']);
    const { provider } = hubProviders({ eventsAfter: () => page([], 0) });
    const message = chatMessage(2, { id: 40, from: 3, to: 2 });
    const run = expectSaga(hubLoop, factory).withReducer(hubTestReducer).provide(provider)
      .put(realtimeReceived({ target: 'ReceiveFrame', args: [frame(plainEvents(1, 1))] }))
      .put(realtimeReceived({ target: 'ReceiveMessage', args: ['alice', 'hello'] }))
      .silentRun(60);
    await tick();
    created[0].push('ReceiveFrame', frame(plainEvents(1, 1)));
    created[0].push('ReceiveMessage', [message, { not: 'an event' }, null]);
    created[0].push('ReceiveMessage', 'alice', 'hello');
    created[0].push('ReceiveFrame', { after: 'nonsense' });
    created[0].push('ReceiveFrame', frame(plainEvents(1, 1), 0, 2));
    created[0].push('getNotification', [{ seq: 3, type: 'transfer.changed' }]);
    const result = await run;
    expect(seqsOf(result.storeState.eventLog.events)).toEqual([1, 2]);
    expect(applied(result)).toEqual([[1], [2]]);
    expect(result.storeState.eventLog.stats.duplicates).toBe(1);
  });
});
