import type { SagaIterator } from 'redux-saga';
import { call, race, take } from 'redux-saga/effects';

/** Dispatched by a test that is done with a saga started through `stoppable`. */
export const STOP_SAGA = { type: 'test/stopSaga' } as const;

/**
 * `saga`, ended by STOP_SAGA. A watcher never ends by itself, so an expectSaga run of one lasts its whole timeout; a
 * test that waits for timers (which a busy machine delays) gives the run a generous timeout and ends it when done.
 */
export function stoppable(saga: () => SagaIterator): () => SagaIterator {
  return function* untilStopped(): SagaIterator {
    yield race([call(saga), take(STOP_SAGA.type)]);
  };
}

/** Long enough for any wait a test makes; a stopped run ends at once. */
export const STOPPABLE_RUN_MS = 20_000;
