import { type Action, createAction } from '@reduxjs/toolkit';
import { buffers, type EventChannel, eventChannel, type SagaIterator, type Task } from 'redux-saga';
import { call, cancel, fork, race, take, delay } from 'redux-saga/effects';
import { loggedOut } from '../session/appSlice';

/** What polling needs of `document`; tests pass a fake, plain Node has none (then the screen counts as visible). */
export interface VisibilitySource {
  readonly visibilityState: string;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

const documentVisibility = (): VisibilitySource | null => (typeof document === 'undefined' ? null : document);

const isVisible = (source: VisibilitySource | null) => source === null || source.visibilityState !== 'hidden';

/** Emits the new visibility (true: visible) each time it changes. */
function visibilityChannel(source: VisibilitySource): EventChannel<boolean> {
  return eventChannel<boolean>((emit) => {
    let visible = isVisible(source);
    const listener = () => {
      if (isVisible(source) === visible) return;
      visible = !visible;
      emit(visible);
    };
    source.addEventListener('visibilitychange', listener);
    return () => source.removeEventListener('visibilitychange', listener);
  }, buffers.sliding<boolean>(1));
}

/** A screen's fetch: a saga or an async function; its own failures are its business (polling carries on). */
type PollFetch = () => SagaIterator | Promise<unknown>;

function* fetchOnce(fetch: PollFetch): SagaIterator {
  try {
    yield call(fetch);
  } catch (error) {
    console.warn('[polling] fetch failed', error);
  }
}

/**
 * Runs `fetch` now and every `intervalMs` after the previous one finished, until cancelled (fork it from the screen's
 * saga, or use `pollScreen`). While the page is hidden nothing is fetched; when it shows again it fetches at once.
 */
export function* pollWhileVisible(fetch: PollFetch, intervalMs: number, source: VisibilitySource | null = documentVisibility()): SagaIterator {
  const changes: EventChannel<boolean> | null = source ? yield call(visibilityChannel, source) : null;
  try {
    let visible = isVisible(source);
    for (;;) {
      if (!changes) {
        yield call(fetchOnce, fetch);
        yield delay(intervalMs);
        continue;
      }
      if (!visible) {
        visible = yield take(changes);
        continue;
      }
      yield call(fetchOnce, fetch);
      // Wait out the interval unless the page is hidden meanwhile (a change during the fetch is already buffered).
      const { change }: { change?: boolean } = yield race({ change: take(changes), tick: delay(intervalMs) });
      if (change !== undefined) visible = change;
    }
  } finally {
    changes?.close();
  }
}

/** A screen that polls came on screen / left it; `screen` is the key the screen's pollScreen saga was given. */
export const livePollStarted = createAction<{ screen: string }>('live/pollStarted');
export const livePollStopped = createAction<{ screen: string }>('live/pollStopped');

/**
 * Polls for one screen key: from livePollStarted({screen}) until livePollStopped({screen}) or logout. Fork it once per
 * screen key (e.g. from the module's watcher); the screen dispatches the two actions on mount and unmount.
 */
export function* pollScreen(screen: string, fetch: PollFetch, intervalMs: number, source?: VisibilitySource | null): SagaIterator {
  const forScreen = (creator: typeof livePollStarted | typeof livePollStopped) => (action: Action) =>
    creator.match(action) && action.payload.screen === screen;
  for (;;) {
    yield take(forScreen(livePollStarted));
    const task: Task = yield fork(pollWhileVisible, fetch, intervalMs, source === undefined ? documentVisibility() : source);
    yield take([forScreen(livePollStopped), loggedOut.type]);
    yield cancel(task);
  }
}
