import type { Action } from '@reduxjs/toolkit';
import type { SagaIterator, Task } from 'redux-saga';
import { call, cancel, debounce, fork, put, take, takeLatest } from 'redux-saga/effects';
import { crudPath } from '../../../shared/resource-kit';
import { callApi } from '../../api/http';
import { loggedOut } from '../../session/appSlice';
import { toCrudError } from '../../crud/api-error';
import { liveEventsApplied } from '../../realtime/liveActions';
import type { LiveEventType } from '../../../shared/live/events';
import { inboxFailed, inboxHidden, inboxLoaded, inboxRequested, inboxShown, toInboxItems } from './inboxSlice';

export const INBOX_PATH = crudPath('Inbox', 'GetInbox');
/** One move writes an order and stock at once (two events, maybe two batches): they make one reload. */
export const INBOX_DEBOUNCE_MS = 300;
/** Events after which what awaits the user may have changed. */
const INBOX_EVENTS: readonly LiveEventType[] = ['transfer.changed', 'inventory.changed'];

/** Live events as they arrive and as the catch-up after a reconnect replays them. */
const isInboxEvent = (action: Action): boolean =>
  liveEventsApplied.match(action) && action.payload.some((event) => INBOX_EVENTS.includes(event.type));

/** The home page shows the failure beside the cards (with a retry), not in a modal. */
export function* loadInbox(): SagaIterator {
  try {
    const result: unknown = yield call(callApi, 'GET', INBOX_PATH, {}, { silent: true });
    yield put(inboxLoaded(toInboxItems(result)));
  } catch (e) {
    yield put(inboxFailed(toCrudError(e)));
  }
}

function* requestReload(): SagaIterator {
  yield put(inboxRequested());
}

/** While the home page is on screen: load now, on every retry, and once after each burst of relevant events. */
export function* inboxSession(): SagaIterator {
  // A newer request wins: an event arriving during a retry must not let the older answer land last.
  yield takeLatest(inboxRequested.type, loadInbox);
  yield debounce(INBOX_DEBOUNCE_MS, isInboxEvent, requestReload);
  yield put(inboxRequested());
}

/** Follows the home page: a session while it is shown, none (no calls for events) while another page is. */
export function* watchInbox(): SagaIterator {
  for (;;) {
    yield take(inboxShown.type);
    const session: Task = yield fork(inboxSession);
    yield take([inboxHidden.type, loggedOut.type]);
    yield cancel(session);
  }
}
