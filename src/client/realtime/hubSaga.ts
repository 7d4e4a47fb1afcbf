import { type EventChannel, eventChannel, type SagaIterator, type Task } from 'redux-saga';
import { call, cancel, cancelled, delay, fork, put, take } from 'redux-saga/effects';
import { loggedOut, realtimeStatusChanged } from '../app/appSlice';
import { HUB_TARGETS, type HubTarget, realtimeReceived, realtimeStartRequested, realtimeStopRequested } from './actions';
import type { HubConnectionFactory, HubConnectionLike } from './connection';

/** Specification §4/§9: a failed or closed chat connection is retried every 5 seconds. */
export const RECONNECT_DELAY_MS = 5000;

export type HubEvent = { kind: 'message'; target: HubTarget; args: unknown[] } | { kind: 'closed'; error?: Error };

/** The connection's pushes and its close as one saga channel. */
export function createHubChannel(connection: HubConnectionLike): EventChannel<HubEvent> {
  return eventChannel<HubEvent>((emit) => {
    for (const target of HUB_TARGETS) connection.on(target, (...args: unknown[]) => emit({ kind: 'message', target, args }));
    connection.onclose((error) => emit({ kind: 'closed', error }));
    return () => {
      for (const target of HUB_TARGETS) connection.off?.(target);
    };
  });
}

/** One connection's life: build, start, forward pushes until it closes (or fails to start). */
export function* runConnection(factory: HubConnectionFactory): SagaIterator {
  let connection: HubConnectionLike | null = null;
  let channel: EventChannel<HubEvent> | null = null;
  try {
    connection = yield call(factory);
    channel = yield call(createHubChannel, connection!);
    yield call([connection!, connection!.start]);
    yield put(realtimeStatusChanged('connected'));
    for (;;) {
      const event: HubEvent = yield take(channel!);
      if (event.kind === 'closed') return;
      yield put(realtimeReceived({ target: event.target, args: event.args }));
    }
  } catch (error) {
    console.warn('[realtime] connection failed', error);
  } finally {
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

/** Starts the loop when asked (logged in, features on) and stops it at logout. */
export function* hubWatcher(factory: HubConnectionFactory): SagaIterator {
  for (;;) {
    yield take(realtimeStartRequested.type);
    const task: Task = yield fork(hubLoop, factory);
    yield take([loggedOut.type, realtimeStopRequested.type]);
    yield cancel(task);
    yield put(realtimeStatusChanged('off'));
  }
}
