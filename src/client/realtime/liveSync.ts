import type { SagaIterator } from 'redux-saga';
import { call, put, select } from 'redux-saga/effects';
import { EVENTS_PAGE_MAX, type EventsAfterResult, type LiveEvent, type LiveFrame } from '../../shared/live/events';
import { type EventLogState, newEvents } from './eventLog';
import { getEventsAfter } from './eventsApi';
import { liveCatchUpLoaded, liveEventsApplied, liveEventsReceived, liveFrameReceived } from './liveActions';
import { selectEventLog } from './liveSelectors';
import { numberOf, propertyOf, textOf } from '../../shared/json';

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

/** The frame a `ReceiveFrame` push carries as its one argument, or null for anything else. */
export function liveFrameOf(args: readonly unknown[]): LiveFrame | null {
  const [frame] = args;
  const after = numberOf(frame, 'after');
  const upTo = numberOf(frame, 'upTo');
  const events = propertyOf(frame, 'events');
  if (after === undefined || upTo === undefined || upTo < after || !Array.isArray(events)) return null;
  return { after, upTo, events: events.filter(isLiveEvent) };
}

/** Hands a frame to the log, then tells the others which of its events were new. */
export function* applyFrame(frame: LiveFrame): SagaIterator {
  const log: EventLogState = yield select(selectEventLog);
  const fresh = newEvents(log, frame.events);
  yield put(liveFrameReceived(frame));
  if (fresh.length) yield put(liveEventsApplied(fresh));
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
