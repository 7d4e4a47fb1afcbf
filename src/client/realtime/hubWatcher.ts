import type { SagaIterator, Task } from 'redux-saga';
import { call, cancel, delay, fork, put, take } from 'redux-saga/effects';
import { loggedOut, realtimeStatusChanged } from '../session/appSlice';
import { realtimeStartRequested, realtimeStopRequested } from './actions';
import type { HubConnectionFactory } from './connection';

/** A failed or closed hub connection is retried every 5 seconds, for as long as the user is logged in. */
export const RECONNECT_DELAY_MS = 5000;

type HubLoop = (factory: HubConnectionFactory) => SagaIterator;

/**
 * The hub's code (connection, streams, catch-up) comes in its own chunk with the first start after sign-in: the login
 * screen needs none of it.
 */
export const loadHubLoop = async (): Promise<HubLoop> => (await import(/* webpackChunkName: "hub" */ './hubSaga')).hubLoop;

/** Loads the hub's code, again after the retry interval while it cannot be fetched, then keeps a connection up. */
function* runHub(factory: HubConnectionFactory, loadLoop: () => Promise<HubLoop>): SagaIterator {
  for (;;) {
    try {
      const hubLoop: HubLoop = yield call(loadLoop);
      yield call(hubLoop, factory);
      return;
    } catch (error) {
      console.warn('[realtime] hub code failed to load', error);
      yield put(realtimeStatusChanged('retrying'));
      yield delay(RECONNECT_DELAY_MS);
    }
  }
}

/** Starts the hub when asked (logged in, features on) and stops it at logout. */
export function* hubWatcher(factory: HubConnectionFactory, loadLoop = loadHubLoop): SagaIterator {
  for (;;) {
    yield take(realtimeStartRequested.type);
    const task: Task = yield fork(runHub, factory, loadLoop);
    yield take([loggedOut.type, realtimeStopRequested.type]);
    yield cancel(task);
    yield put(realtimeStatusChanged('off'));
  }
}
