import { createAction, createSelector, type UnknownAction } from '@reduxjs/toolkit';
import { LIVE_STREAMS, streamsAllowed, type LiveStream } from '../../shared/live/events';
import { selectIsGranted } from '../session/selectors';
import type { AppState } from '../session/appSlice';

/**
 * The live streams the open screens use. A screen declares its streams while mounted (useLiveStreams); several screens
 * may share one, so each is counted, and the hub saga keeps the connection subscribed to those counted at least once.
 */
export const liveStreamsOpened = createAction<LiveStream[]>('live/streamsOpened');
export const liveStreamsClosed = createAction<LiveStream[]>('live/streamsClosed');

export type LiveStreamsState = Readonly<Partial<Record<LiveStream, number>>>;

export function liveStreamsReducer(state: LiveStreamsState = {}, action: UnknownAction): LiveStreamsState {
  const opened = liveStreamsOpened.match(action);
  if (!opened && !liveStreamsClosed.match(action)) return state;
  const next: Partial<Record<LiveStream, number>> = { ...state };
  for (const stream of action.payload) {
    // A close without its open (a screen unmounted twice) must not leave a count below zero.
    const count = Math.max(0, (state[stream] ?? 0) + (opened ? 1 : -1));
    if (count > 0) next[stream] = count;
    else delete next[stream];
  }
  return next;
}

export interface LiveStreamsRootState {
  liveStreams: LiveStreamsState;
  app: Pick<AppState, 'config'>;
}

const selectStreamCounts = (state: LiveStreamsRootState) => state.liveStreams;

/**
 * The streams to subscribe to: those an open screen uses and the user's permissions allow (the hub refuses the
 * others, all of a request's streams with them), in the contract's order.
 */
export const selectWantedStreams = createSelector([selectStreamCounts, selectIsGranted], (counts, isGranted): LiveStream[] => {
  const allowed = new Set(streamsAllowed(isGranted));
  return LIVE_STREAMS.filter((stream) => (counts[stream] ?? 0) > 0 && allowed.has(stream));
});
