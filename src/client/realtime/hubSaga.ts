import type { Action } from '@reduxjs/toolkit';
import { buffers, type Channel, type EventChannel, eventChannel, type SagaIterator, type Task } from 'redux-saga';
import { actionChannel, call, cancel, cancelled, delay, fork, put, race, select, take } from 'redux-saga/effects';
import { FRAME_TARGET, SUBSCRIBE_METHOD, UNSUBSCRIBE_METHOD, type LiveFrame, type LiveStream } from '../../shared/live/events';
import { realtimeStatusChanged } from '../session/appSlice';
import { HUB_TARGETS, type HubTarget, realtimeReceived } from './actions';
import { accessTokenRefused } from '../session/actions';
import { HubTokenRefusedError, type HubConnectionFactory, type HubConnectionLike } from './connection';
import type { EventLogState } from './eventLog';
import { selectEventLog } from './liveSelectors';
import { liveStreamsClosed, liveStreamsOpened, selectWantedStreams } from './liveStreams';
import { RECONNECT_DELAY_MS } from './hubWatcher';
import { currentTime } from '../time/clock';
import { applyFrame, applyPushedEvents, catchUp, GAP_DEBOUNCE_MS, liveEventsOf, liveFrameOf } from './liveSync';

/** A failed catch-up is asked again after the same interval, on the connection that is still up. */
const CATCH_UP_RETRY_MS = RECONNECT_DELAY_MS;

type HubEvent = { kind: 'message'; target: HubTarget; args: unknown[] } | { kind: 'closed'; error?: Error };

/**
 * The connection's pushes and its close as one saga channel. It buffers: pushes that arrive while the saga is busy
 * catching up wait here and are applied after, in order.
 */
function createHubChannel(connection: HubConnectionLike): EventChannel<HubEvent> {
  return eventChannel<HubEvent>((emit) => {
    for (const target of HUB_TARGETS) connection.on(target, (...args: unknown[]) => emit({ kind: 'message', target, args }));
    connection.onclose((error) => emit({ kind: 'closed', error }));
    return () => {
      for (const target of HUB_TARGETS) connection.off?.(target);
    };
  }, buffers.expanding<HubEvent>(64));
}

/**
 * Forwards pushes until the connection closes. It starts with a catch-up (what happened while no connection was up),
 * and runs one again, at most one at a time, when a push leaves a suspected gap for GAP_DEBOUNCE_MS or a catch-up
 * failed CATCH_UP_RETRY_MS ago.
 */
function* followConnection(channel: EventChannel<HubEvent>): SagaIterator {
  let plan: CatchUpPlan = yield call(catchUpAndPlan);
  for (;;) {
    let event: HubEvent | undefined;
    if (plan.due === null) {
      event = yield take(channel);
    } else {
      const now: number = yield call(currentTime);
      ({ event } = yield race({ event: take(channel), timeout: delay(Math.max(0, plan.due - now)) }));
    }
    if (event === undefined) {
      plan = yield call(catchUpAndPlan);
      continue;
    }
    if (event.kind === 'closed') return;
    yield put(realtimeReceived({ target: event.target, args: event.args }));
    let proven = false;
    if (event.target === FRAME_TARGET) {
      const frame = liveFrameOf(event.args);
      if (!frame) continue;
      proven = yield call(startsAboveLog, frame);
      yield* applyFrame(frame);
    } else {
      const live = liveEventsOf(event.args);
      if (!live?.length) continue;
      yield* applyPushedEvents(live);
    }
    if (plan.failed) continue;
    const log: EventLogState = yield select(selectEventLog);
    // A frame that starts above the log proves the gap: no other push will fill it, catch up now. A suspected gap
    // waits; the first push that opens it sets the time, later ones do not push it back (a steady stream would starve it).
    if (!log.gap) plan = { failed: false, due: null };
    else if (proven || plan.due === null) {
      const now: number = yield call(currentTime);
      plan = { failed: false, due: proven ? now : now + GAP_DEBOUNCE_MS };
    }
  }
}

function* startsAboveLog(frame: LiveFrame): SagaIterator {
  const log: EventLogState = yield select(selectEventLog);
  return log.lastSeq !== null && frame.after > log.lastSeq;
}

/** Invokes a stream method; answers the streams the connection then holds, or `held` unchanged when it failed. */
function* changeStreams(connection: HubConnectionLike, method: string, streams: LiveStream[], held: LiveStream[]): SagaIterator {
  try {
    const now: LiveStream[] = yield call([connection, connection.invoke], method, streams);
    return now;
  } catch (error) {
    console.warn(`[realtime] ${method} failed`, error);
    return held;
  }
}

/** Brings the connection's streams to those the open screens want: subscribes the new ones, drops the others. */
function* subscribeWanted(connection: HubConnectionLike, held: LiveStream[]): SagaIterator {
  const wanted: LiveStream[] = yield select(selectWantedStreams);
  const added = wanted.filter((s) => !held.includes(s));
  const removed = held.filter((s) => !wanted.includes(s));
  let now = held;
  if (added.length) now = yield call(changeStreams, connection, SUBSCRIBE_METHOD, added, now);
  if (removed.length) now = yield call(changeStreams, connection, UNSUBSCRIBE_METHOD, removed, now);
  return now;
}

/**
 * Follows the screens' stream declarations for the connection's life. Declarations made while a subscription is on
 * its way wait in the channel (one is enough: the wanted streams are read from the store), so a screen that opens as
 * another closes is never missed.
 */
function* followStreams(connection: HubConnectionLike, changes: Channel<Action>, held: LiveStream[]): SagaIterator {
  for (;;) {
    yield take(changes);
    held = yield call(subscribeWanted, connection, held);
  }
}

interface CatchUpPlan {
  failed: boolean;
  /** When to catch up next (epoch ms), or null while nothing calls for it. */
  due: number | null;
}

function* catchUpAndPlan(): SagaIterator {
  const ok: boolean = yield call(catchUp);
  const now: number = yield call(currentTime);
  if (!ok) return { failed: true, due: now + CATCH_UP_RETRY_MS } satisfies CatchUpPlan;
  const log: EventLogState = yield select(selectEventLog);
  return { failed: false, due: log.gap ? now + GAP_DEBOUNCE_MS : null } satisfies CatchUpPlan;
}

/** One connection's life: build, start, follow its pushes until it closes (or fails to start). */
export function* runConnection(factory: HubConnectionFactory): SagaIterator {
  let connection: HubConnectionLike | null = null;
  let channel: EventChannel<HubEvent> | null = null;
  let streams: Task | null = null;
  let changes: Channel<Action> | null = null;
  try {
    connection = yield call(factory);
    channel = yield call(createHubChannel, connection!);
    yield call([connection!, connection!.start]);
    yield put(realtimeStatusChanged('connected'));
    // A connection starts with no streams. Subscribed before the catch-up reads the head, so whatever comes after the
    // head arrives in frames; screens opening or closing meanwhile are heard from the channel after.
    changes = yield actionChannel([liveStreamsOpened.type, liveStreamsClosed.type], buffers.sliding<Action>(1));
    const held: LiveStream[] = yield call(subscribeWanted, connection!, []);
    streams = yield fork(followStreams, connection!, changes!, held);
    yield call(followConnection, channel!);
  } catch (error) {
    console.warn('[realtime] connection failed', error);
    // Said at once, not after the retry interval: a wall then exchanges its display token without waiting for a call.
    if (error instanceof HubTokenRefusedError) yield put(accessTokenRefused());
  } finally {
    if (streams) yield cancel(streams);
    changes?.close();
    channel?.close();
    if ((yield cancelled()) && connection) {
      try {
        yield call([connection, connection.stop]);
      } catch {
        // Already closed.
      }
    }
  }
}

/** Keeps a connection up: after every close or failed start, wait 5 s and try again, until cancelled. */
export function* hubLoop(factory: HubConnectionFactory): SagaIterator {
  yield put(realtimeStatusChanged('connecting'));
  for (;;) {
    yield call(runConnection, factory);
    yield put(realtimeStatusChanged('retrying'));
    yield delay(RECONNECT_DELAY_MS);
  }
}
