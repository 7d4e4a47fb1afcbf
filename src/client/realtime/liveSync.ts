import type { SagaIterator } from 'redux-saga';
import { call, put, select } from 'redux-saga/effects';
import { EVENTS_PAGE_MAX, type EventsAfterResult, type LiveEvent } from '../../shared/live/events';
import { type EventLogState, newEvents } from './eventLog';
import { getEventsAfter } from './eventsApi';
import { liveCatchUpLoaded, liveEventsApplied, liveEventsReceived } from './liveActions';
import { selectEventLog } from './liveSelectors';
import { numberOf, textOf } from '../../shared/json';

/** A suspected gap waits this long for the pushes that may fill it before a catch-up is asked. */
export const GAP_DEBOUNCE_MS = 250;

const isLiveEvent = (value: unknown): value is LiveEvent => {
  const seq = numberOf(value, 'seq');
  return seq !== undefined && Number.isSafeInteger(seq) && seq > 0 && textOf(value, 'type') !== undefined;
};

/** The LiveEvent batch a push carries as its one argument, or null for pushes of the older shapes. */
export function liveEventsOf(args: readonly unknown[]): LiveEvent[] | null {
  const [batch] = args;
  return Array.isArray(batch) ? batch.filter(isLiveEvent) : null;
}

/** Hands a push to the log, then tells the others which of its events were new. */
export function* applyPushedEvents(events: LiveEvent[]): SagaIterator {
  const log: EventLogState = yield select(selectEventLog);
  const fresh = newEvents(log, events);
  yield put(liveEventsReceived(events));
  if (fresh.length) yield put(liveEventsApplied(fresh));
}

function* applyCatchUpPage(page: EventsAfterResult): SagaIterator {
  const log: EventLogState = yield select(selectEventLog);
  const fresh = newEvents(log, page.items);
  yield put(liveCatchUpLoaded(page));
  if (fresh.length) yield put(liveEventsApplied(fresh));
}

/**
 * Fetches what happened after the last seq the log covers, page by page until the server has no more; a fresh log
 * asks without `after` and starts at the head. Returns whether it got through (a failure is logged, not thrown).
 */
export function* catchUp(): SagaIterator {
  try {
    const log: EventLogState = yield select(selectEventLog);
    let after = log.lastSeq;
    for (;;) {
      const page: EventsAfterResult = yield call(getEventsAfter, after, EVENTS_PAGE_MAX);
      yield* applyCatchUpPage(page);
      if (!page.hasMore || page.items.length === 0) return true;
      after = page.items.reduce((max, e) => Math.max(max, e.seq), after ?? 0);
    }
  } catch (error) {
    console.warn('[realtime] catch-up failed', error);
    return false;
  }
}
