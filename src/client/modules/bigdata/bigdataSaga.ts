import type { SagaIterator } from 'redux-saga';
import { all, call, delay, put, race, select, take, takeLatest } from 'redux-saga/effects';
import {
  REPLAY_EVENTS_MAX, REPLAY_PAGE_MAX, type BigDataOverview, type EnterpriseCard, type ReplayPage, type TimeStatistics, type WallSettings,
  type WasteStatistics,
} from '../../../shared/bigdata';
import type { LiveEvent } from '../../../shared/live/events';
import { describeError, toCrudError } from '../../crud/api-error';
import { liveCatchUpLoaded, liveEventsApplied } from '../../realtime/liveActions';
import { realtimeStatusChanged } from '../../session/appSlice';
import { selectLiveWindow } from '../../realtime/liveSelectors';
import { livePollStarted, livePollStopped, pollScreen, type VisibilitySource } from '../../realtime/polling';
import { fetchEnterpriseCard, fetchOverview, fetchReplay, fetchTimeStatistics, fetchWallSettings, fetchWasteStatistics } from './api';
import { addDays, addMonths, dayOf, firstOfMonth, parseInstant, yearOf, type CalendarDate } from '../../../shared/time';
import { selectTimeZone } from '../../session/selectors';
import { currentTime } from '../../time/clock';
import { buildTimeline } from './replay';
import { BIGDATA_SCREEN, bigdataActions as A, bigdataSlice, type BigDataState } from './bigdataSlice';

export const bigDataScreenShown = () => livePollStarted({ screen: BIGDATA_SCREEN });
export const bigDataScreenLeft = () => livePollStopped({ screen: BIGDATA_SCREEN });

/**
 * Events keep the figures current; the overview is read again this often so that they cannot drift (an edit, stock,
 * an event the log missed), and not at all while the page is hidden.
 */
export const RECONCILE_MS = 60_000;
/** After an event the figures cannot fold exactly, the overview is read again once things have been quiet this long. */
export const STALE_RELOAD_MS = 5_000;

/**
 * Trend windows ending on the tenant's day of the overview: 30 days, 12 months (this one included), and this year's
 * waste codes — the whole year, as the server answers whole months from its month rollup.
 */
export function trendQueries(today: CalendarDate) {
  const year = yearOf(today);
  const monthsStart = addMonths(firstOfMonth(today), -11);
  return {
    days: { Start: addDays(today, -29), End: today, Granularity: 'day' as const },
    months: { Start: monthsStart, End: today, Granularity: 'month' as const },
    wastes: { Start: `${year}-01-01`, End: `${year}-12-31` },
  };
}

function* loadTrends(today: string): SagaIterator {
  const q = trendQueries(today);
  try {
    const [days, months, wastes]: [TimeStatistics, TimeStatistics, WasteStatistics] = yield all([
      call(fetchTimeStatistics, q.days), call(fetchTimeStatistics, q.months), call(fetchWasteStatistics, q.wastes),
    ]);
    const at: number = yield call(currentTime);
    yield put(A.trendsLoaded({ trends: { days, months, wastes }, at }));
  } catch (error) {
    // The trend panels keep their last series and show its age.
    console.warn('[bigdata] trends failed', error);
  }
}

/** Reads the overview, folds on what the log already holds past its head, then the trends. */
export function* loadScreen(): SagaIterator {
  yield put(A.overviewRequested());
  let overview: BigDataOverview;
  try {
    overview = yield call(fetchOverview);
  } catch (error) {
    yield put(A.overviewFailed(describeError(toCrudError(error))));
    return;
  }
  const window: LiveEvent[] = yield select(selectLiveWindow);
  const zone: string = yield select(selectTimeZone);
  const at: number = yield call(currentTime);
  yield put(A.overviewLoaded({ overview, window: window.filter((e) => e.seq > overview.head), at, zone }));
  yield call(loadTrends, dayOf(parseInstant(overview.asOf, zone) ?? at, zone));
  yield call(loadWallSettings);
}

/** Read with the figures: an administrator's new title or pace reaches the walls within a minute. */
function* loadWallSettings(): SagaIterator {
  try {
    const settings: WallSettings = yield call(fetchWallSettings);
    yield put(A.wallSettingsLoaded(settings));
  } catch (error) {
    // The last settings (or the defaults) stay.
    console.warn('[bigdata] wall settings failed', error);
  }
}

function* reloadWhenStale(waitMs: number): SagaIterator {
  const { figures, shown }: BigDataState = yield select(bigdataSlice.selectSlice);
  if (!figures?.stale || shown === 0) return;
  // takeLatest restarts the wait on every new event: a burst of edits costs one read.
  yield delay(waitMs);
  yield call(loadScreen);
}

function* loadCard(action: ReturnType<typeof A.cardRequested>): SagaIterator {
  try {
    const card: EnterpriseCard = yield call(fetchEnterpriseCard, action.payload);
    yield put(A.cardLoaded(card));
  } catch (error) {
    yield put(A.cardFailed({ id: action.payload, error: describeError(toCrudError(error)) }));
  }
}

/** A connection lost for longer than this shows the stale-data banner; a reconnect within it is a blip. */
export const STALE_GRACE_MS = 3000;

const lost = (action: unknown) => realtimeStatusChanged.match(action) && (action.payload === 'connecting' || action.payload === 'retrying');
const connected = (action: unknown) => realtimeStatusChanged.match(action) && action.payload === 'connected';
const caughtUpPage = (action: unknown) => liveCatchUpLoaded.match(action) && !action.payload.hasMore;

/** Connected again, and the catch-up of what was missed meanwhile has been applied. */
function* caughtUp(): SagaIterator {
  for (;;) {
    yield take(connected);
    // A connection lost again before its catch-up finished starts over.
    const { done } = yield race({ done: take(caughtUpPage), lostAgain: take(lost) });
    if (done) return true;
  }
}

/**
 * The stale-data banner: shown once the live connection has been lost for STALE_GRACE_MS (saying since when), cleared
 * when it is back and the events missed meanwhile are applied, so figures on screen are never silently old.
 */
export function* staleBanner(graceMs = STALE_GRACE_MS): SagaIterator {
  for (;;) {
    yield take(lost);
    const lostAt: number = yield call(currentTime);
    const { back } = yield race({ back: call(caughtUp), grace: delay(graceMs) });
    if (back) continue;
    yield put(A.staleShown(lostAt));
    yield call(caughtUp);
    yield put(A.staleCleared());
  }
}

/**
 * Loads the replay's events page by page up to where the figures stand, keeping the latest REPLAY_EVENTS_MAX (a busy
 * hour then replays from where those begin), and builds its timeline from the figures.
 */
export function* loadReplay(action: ReturnType<typeof A.replayRequested>): SagaIterator {
  const minutes = action.payload;
  const { figures }: BigDataState = yield select(bigdataSlice.selectSlice);
  if (!figures) {
    yield put(A.replayFailed('—'));
    return;
  }
  let events: LiveEvent[] = [];
  let now = '';
  let truncated = false;
  try {
    for (let after = 0; ;) {
      const page: ReplayPage = yield call(fetchReplay, { Minutes: minutes, UpTo: figures.seq, After: after, MaxResultCount: REPLAY_PAGE_MAX });
      now = page.now;
      events = events.concat(page.items);
      if (events.length > REPLAY_EVENTS_MAX) {
        events = events.slice(events.length - REPLAY_EVENTS_MAX);
        truncated = true;
      }
      if (!page.hasMore || page.items.length === 0) break;
      after = page.items[page.items.length - 1].seq;
    }
  } catch (error) {
    yield put(A.replayFailed(describeError(toCrudError(error))));
    return;
  }
  const stampedEnd = parseInstant(now, figures.zone);
  const end: number = stampedEnd ?? (yield call(currentTime));
  const windowStart = end - minutes * 60_000;
  const start = truncated && events.length > 0 ? Math.max(windowStart, parseInstant(events[0].at, figures.zone) ?? windowStart) : windowStart;
  yield put(A.replayLoaded({ timeline: buildTimeline(figures, events, start, end), truncated }));
}

interface BigDataSagaOptions {
  reconcileMs?: number;
  staleReloadMs?: number;
  staleGraceMs?: number;
  /** undefined: the document; null: always visible (Node, tests). */
  visibility?: VisibilitySource | null;
}

export function createBigDataWatcher(options: BigDataSagaOptions = {}) {
  return function* watchBigData(): SagaIterator {
    yield all([
      call(pollScreen, BIGDATA_SCREEN, loadScreen, options.reconcileMs ?? RECONCILE_MS, options.visibility),
      takeLatest(liveEventsApplied.type, reloadWhenStale, options.staleReloadMs ?? STALE_RELOAD_MS),
      takeLatest(A.cardRequested.type, loadCard),
      takeLatest(A.retryRequested.type, loadScreen),
      takeLatest(A.replayRequested.type, loadReplay),
      call(staleBanner, options.staleGraceMs ?? STALE_GRACE_MS),
    ]);
  };
}

export const watchBigData = createBigDataWatcher();
