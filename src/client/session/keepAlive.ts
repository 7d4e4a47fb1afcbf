import { call } from 'redux-saga/effects';

/**
 * Runs a watcher so that an unexpected exception is logged and the watcher restarted, instead of tearing down the
 * root saga (and with it every other flow of the application).
 */
export function* keepAlive(saga: () => Generator): Generator {
  for (;;) {
    try {
      yield call(saga);
      return;
    } catch (error) {
      console.error(`[saga] ${saga.name} failed; restarting`, error);
    }
  }
}
