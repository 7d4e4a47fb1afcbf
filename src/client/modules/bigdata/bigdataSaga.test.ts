import { combineReducers, type Action } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { warningType } from '../../../shared/enums';
import type { LiveEvent } from '../../../shared/live/events';
import { eventLogReducer } from '../../realtime/eventLog';
import { liveCatchUpLoaded, liveEventsApplied, liveEventsReceived } from '../../realtime/liveActions';
import { realtimeStatusChanged } from '../../session/appSlice';
import { transferEvent, warningEvent } from '../../realtime/test-support-events';
import { REPLAY_PAGE_MAX, WALL_DEFAULTS } from '../../../shared/bigdata';
import { fetchOverview, fetchReplay, fetchTimeStatistics, fetchWallSettings, fetchWasteStatistics } from './api';
import { bigDataScreenShown, createBigDataWatcher, loadReplay, loadScreen, staleBanner, trendQueries } from './bigdataSaga';
import { bigdataSlice } from './bigdataSlice';
import { CHINA, overviewFixture, TODAY } from './test-support';
import { currentTime } from '../../time/clock';
import { sleep } from '../../../../test/support/wait';

const reducer = combineReducers({ eventLog: eventLogReducer, bigdata: bigdataSlice.reducer });
type State = ReturnType<typeof reducer>;
const raised = (seq: number, id: number): LiveEvent => ({ ...warningEvent(seq, id, { warningType: warningType.battery }), type: 'warning.raised' });
const batteryOpen = (state: State) => state.bigdata.figures?.overview.openWarnings.find((c) => c.warningType === warningType.battery)?.count;

const emptyStats = { granularity: 'day' as const, items: [] };
/** The screen's clock in these tests: 10:00:05 in China on TODAY (the saga never reads the real one). */
const NOW = Date.UTC(2026, 10, 20, 2, 0, 5);
const apis = (overview = overviewFixture()): StaticProvider[] => [
  [matchers.call.fn(currentTime), NOW],
  [matchers.call.fn(fetchWallSettings), WALL_DEFAULTS],
  [matchers.call.fn(fetchOverview), overview],
  [matchers.call.fn(fetchTimeStatistics), emptyStats],
  [matchers.call.fn(fetchWasteStatistics), { items: [] }],
];

describe('the big-data screen saga', () => {
  it('folds onto the overview what the log holds past its head, and nothing the overview already counts', async () => {
    // The log already holds a raise the overview counted (seq 100 = head) and one it did not (101).
    const withLog = reducer(undefined, liveEventsReceived([raised(100, 1), raised(101, 2)]));
    const { storeState } = await expectSaga(loadScreen)
      .withReducer(reducer, withLog)
      .provide(apis(overviewFixture({ openWarnings: [{ warningType: warningType.battery, count: 1 }] })))
      .run();
    const state = storeState as State;
    expect(state.bigdata.figures?.seq).toBe(101);
    expect(batteryOpen(state)).toBe(2);
    expect(state.bigdata.trends).not.toBeNull();
  });

  it('asks the trend windows of the server\'s date', async () => {
    await expectSaga(loadScreen)
      .withReducer(reducer)
      .provide(apis())
      .call(fetchTimeStatistics, { Start: '2026-10-22', End: TODAY, Granularity: 'day' })
      .call(fetchTimeStatistics, { Start: '2025-12-01', End: TODAY, Granularity: 'month' })
      .call(fetchWasteStatistics, { Start: '2026-01-01', End: '2026-12-31' })
      .run();
    expect(trendQueries('2026-12-31').months.Start).toBe('2026-01-01');
  });

  it('ends the trends on the tenant\'s day of the overview, just before and just after China\'s midnight', async () => {
    const askedEnd = async (asOf: string) => {
      const { effects } = await expectSaga(loadScreen).withReducer(reducer).provide(apis(overviewFixture({ asOf }))).run();
      return (effects.call ?? []).filter((e) => e.payload.fn === fetchTimeStatistics).map((e) => (e.payload.args[0] as { End: string }).End);
    };
    // 23:59:30 and 00:00:30 in China on the night into December (15:59:30 and 16:00:30 UTC, the 30th in Los Angeles).
    expect(await askedEnd('2026-11-30T15:59:30Z')).toEqual(['2026-11-30', '2026-11-30']);
    expect(await askedEnd('2026-11-30T16:00:30Z')).toEqual(['2026-12-01', '2026-12-01']);
    expect(trendQueries('2026-12-01')).toMatchObject({ days: { Start: '2026-11-02' }, months: { Start: '2026-01-01' }, wastes: { Start: '2026-01-01' } });
  });

  it('stamps the read with the clock it is given', async () => {
    const { storeState } = await expectSaga(loadScreen).withReducer(reducer).provide(apis()).run();
    expect((storeState as State).bigdata.loadedAt).toBe(NOW);
    expect((storeState as State).bigdata.trendsLoadedAt).toBe(NOW);
    expect((storeState as State).bigdata.figures?.zone).toBe(CHINA);
  });

  it('keeps the figures it has when a read fails, and says why', async () => {
    const loaded = reducer(undefined, bigdataSlice.actions.overviewLoaded({ overview: overviewFixture(), window: [], at: 1, zone: CHINA }));
    const { storeState } = await expectSaga(loadScreen)
      .withReducer(reducer, loaded)
      .provide([[matchers.call.fn(fetchOverview), throwError(new Error('offline'))]])
      .run();
    const state = storeState as State;
    expect(state.bigdata.error).toBe('offline');
    expect(state.bigdata.figures?.overview.head).toBe(100);
  });

  it('reads the overview again after an event it cannot fold exactly, once things are quiet, while shown', async () => {
    const edit = transferEvent(101, { id: 7, version: 2, action: 'edit', from: { declareStatus: 0, dispatchStatus: 0, signStatus: 0 }, to: { declareStatus: 0, dispatchStatus: 0, signStatus: 0 } });
    const run = (shown: boolean) => {
      const saga = expectSaga(createBigDataWatcher({ reconcileMs: 60_000, staleReloadMs: 50, visibility: null }))
        .withReducer(reducer)
        .provide(apis());
      const done = saga.silentRun(300);
      if (shown) saga.dispatch(bigDataScreenShown());
      else saga.dispatch(bigdataSlice.actions.overviewLoaded({ overview: overviewFixture(), window: [], at: 1, zone: CHINA }));
      setTimeout(() => saga.dispatch(liveEventsApplied([edit])), 60);
      return done;
    };
    const shown = await run(true);
    // The first read when shown, and one more after the edit.
    expect(shown.effects.call?.filter((e) => e.payload.fn === fetchOverview)).toHaveLength(2);
    expect((shown.storeState as State).bigdata.figures?.stale).toBe(false);
    const hidden = await run(false);
    expect(hidden.effects.call?.filter((e) => e.payload.fn === fetchOverview) ?? []).toHaveLength(0);
  });
});

describe('the stale-data banner', () => {
  const caughtUpPage = liveCatchUpLoaded({ items: [], head: 5, hasMore: false });
  /** When the connection drops, by the screen's clock: 30 s after China's midnight. */
  const LOST_AT = Date.UTC(2026, 10, 27, 16, 0, 30);
  const run = async (script: (dispatch: (action: Action) => void) => Promise<void>, total = 400) => {
    const saga = expectSaga(staleBanner, 60).withReducer(reducer).provide([[matchers.call.fn(currentTime), LOST_AT]]);
    const done = saga.silentRun(total);
    await script((action) => saga.dispatch(action));
    const result = await done;
    return { result, puts: (result.effects.put ?? []).map((e) => (e.payload.action as Action).type) };
  };

  it('shows after the grace period, saying since when, and clears once reconnected and caught up', async () => {
    const { result, puts } = await run(async (dispatch) => {
      dispatch(realtimeStatusChanged('retrying'));
      await sleep(120);
      dispatch(realtimeStatusChanged('connected'));
      await sleep(20);
      // Connected is not enough: the banner stays until what was missed is applied.
      dispatch(liveCatchUpLoaded({ items: [], head: 5, hasMore: true }));
      await sleep(20);
      dispatch(caughtUpPage);
    });
    expect(puts).toEqual([bigdataSlice.actions.staleShown.type, bigdataSlice.actions.staleCleared.type]);
    const shown = (result.effects.put ?? []).map((e) => e.payload.action as Action).find(bigdataSlice.actions.staleShown.match);
    expect(shown?.payload).toBe(LOST_AT);
    expect((result.storeState as State).bigdata.staleSince).toBeNull();
  });

  it('stays up while a reconnect drops again before its catch-up', async () => {
    const { result } = await run(async (dispatch) => {
      dispatch(realtimeStatusChanged('retrying'));
      await sleep(100);
      dispatch(realtimeStatusChanged('connected'));
      dispatch(realtimeStatusChanged('retrying'));
      dispatch(caughtUpPage);
    });
    expect((result.storeState as State).bigdata.staleSince).not.toBeNull();
  });

  it('says nothing of a blip shorter than the grace period', async () => {
    const { puts } = await run(async (dispatch) => {
      dispatch(realtimeStatusChanged('retrying'));
      await sleep(10);
      dispatch(realtimeStatusChanged('connected'));
      dispatch(caughtUpPage);
    });
    expect(puts).toEqual([]);
  });
});

describe('loading a replay', () => {
  const page = (seqs: number[], hasMore: boolean) => ({
    items: seqs.map((seq) => ({ ...raised(seq, seq), at: `${TODAY}T09:${String(seq % 60).padStart(2, '0')}:00+08:00` })), hasMore, now: `${TODAY}T10:00:00+08:00`,
  });
  const loaded = () => reducer(undefined, bigdataSlice.actions.overviewLoaded({ overview: overviewFixture({ head: 200 }), window: [], at: 1, zone: CHINA }));

  it('reads every page up to where the figures stand and builds the timeline of the window', async () => {
    const { storeState, effects } = await expectSaga(loadReplay, bigdataSlice.actions.replayRequested(60))
      .withReducer(reducer, reducer(loaded(), bigdataSlice.actions.replayRequested(60)))
      .provide({
        call(effect, next) {
          if (effect.fn !== fetchReplay) return next();
          const { After } = effect.args[0] as { After: number };
          return After === 0 ? page([101, 102], true) : page([103], false);
        },
      })
      .run();
    const calls = (effects.call ?? []).filter((e) => e.payload.fn === fetchReplay).map((e) => e.payload.args[0]);
    expect(calls).toEqual([
      { Minutes: 60, UpTo: 200, After: 0, MaxResultCount: REPLAY_PAGE_MAX },
      { Minutes: 60, UpTo: 200, After: 102, MaxResultCount: REPLAY_PAGE_MAX },
    ]);
    const replay = (storeState as State).bigdata.replay;
    expect(replay.status).toBe('ready');
    if (replay.status !== 'ready') return;
    expect(replay.timeline.events.map((e) => e.seq)).toEqual([101, 102, 103]);
    // The hour ends at the server's now, 10:00 in China, whatever the process's zone.
    expect(replay.timeline.end).toBe(Date.UTC(2026, 10, 20, 2));
    expect(replay.timeline.end - replay.timeline.start).toBe(60 * 60_000);
    expect(replay.timeline.times).toEqual([Date.UTC(2026, 10, 20, 1, 41), Date.UTC(2026, 10, 20, 1, 42), Date.UTC(2026, 10, 20, 1, 43)]);
    expect(replay.truncated).toBe(false);
  });

  it('says why when the server refuses', async () => {
    const { storeState } = await expectSaga(loadReplay, bigdataSlice.actions.replayRequested(60))
      .withReducer(reducer, reducer(loaded(), bigdataSlice.actions.replayRequested(60)))
      .provide([[matchers.call.fn(fetchReplay), throwError(new Error('offline'))]])
      .run();
    expect((storeState as State).bigdata.replay).toEqual({ status: 'failed', minutes: 60, error: 'offline' });
  });
});
