import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BigDataOverview, EnterpriseCard, TimeStatistics, WallSettings, WasteStatistics } from '../../../shared/bigdata';
import type { LiveEvent } from '../../../shared/live/events';
import { rootReducer } from '../../app/store';
import { liveEventsApplied } from '../../realtime/liveActions';
import { livePollStarted, livePollStopped } from '../../realtime/polling';
import { loggedOut } from '../../session/appSlice';
import { figuresOf, foldEvents, type ScreenFigures } from './fold';
import type { ReplayTimeline } from './replay';

/** The trend panels' series, read with the overview (they change by the day, not by the event). */
export interface Trends {
  days: TimeStatistics;
  months: TimeStatistics;
  wastes: WasteStatistics;
}

interface CardState {
  id: number;
  status: 'loading' | 'loaded' | 'failed';
  card: EnterpriseCard | null;
  error: string | null;
}

/** The polling key of the big-data screen (in the shell and on the wall alike). */
export const BIGDATA_SCREEN = 'bigdata';

export interface BigDataState {
  /** Screens showing the figures now: events are folded either way, reads happen only while one is shown. */
  shown: number;
  figures: ScreenFigures | null;
  /** Epoch ms of the last overview read: the age a panel shows when it grows old. */
  loadedAt: number | null;
  loading: boolean;
  /** The last read's failure, while no later read succeeded. */
  error: string | null;
  trends: Trends | null;
  trendsLoadedAt: number | null;
  card: CardState | null;
  /** Epoch ms since when the live connection is lost (shown once past a grace period), until it caught up again. */
  staleSince: number | null;
  /** The wall's settings as last read (null until then: the defaults apply). */
  wall: WallSettings | null;
  replay: ReplayState;
}

/** A replay of the last minutes, loaded on request; while it is open the screen shows it instead of the live figures. */
export type ReplayState =
  | { status: 'off' }
  | { status: 'loading'; minutes: number }
  | { status: 'failed'; minutes: number; error: string }
  | { status: 'ready'; minutes: number; timeline: ReplayTimeline; truncated: boolean };

export const initialBigDataState: BigDataState = {
  shown: 0, figures: null, loadedAt: null, loading: false, error: null, trends: null, trendsLoadedAt: null, card: null, staleSince: null, wall: null, replay: { status: 'off' },
};

/** Injected into the root reducer as this screen's chunk loads: `selectSlice` reads the initial state until then. */
export const bigdataSlice = createSlice({
  name: 'bigdata',
  initialState: initialBigDataState,
  reducers: {
    overviewRequested(state) {
      state.loading = true;
    },
    /** The operator asks again after a failed read. */
    retryRequested() {},
    /** The overview, with the events of the log's window it does not hold yet folded on, counted in the tenant's `zone`. */
    overviewLoaded(state, action: PayloadAction<{ overview: BigDataOverview; window: LiveEvent[]; at: number; zone: string }>) {
      state.figures = foldEvents(figuresOf(action.payload.overview, action.payload.zone), action.payload.window);
      state.loadedAt = action.payload.at;
      state.loading = false;
      state.error = null;
    },
    overviewFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    trendsLoaded(state, action: PayloadAction<{ trends: Trends; at: number }>) {
      state.trends = action.payload.trends;
      state.trendsLoadedAt = action.payload.at;
    },
    cardRequested(state, action: PayloadAction<number>) {
      state.card = { id: action.payload, status: 'loading', card: null, error: null };
    },
    cardLoaded(state, action: PayloadAction<EnterpriseCard>) {
      if (state.card?.id === action.payload.id) state.card = { ...state.card, status: 'loaded', card: action.payload };
    },
    cardFailed(state, action: PayloadAction<{ id: number; error: string }>) {
      if (state.card?.id === action.payload.id) state.card = { ...state.card, status: 'failed', error: action.payload.error };
    },
    cardClosed(state) {
      state.card = null;
    },
    staleShown(state, action: PayloadAction<number>) {
      state.staleSince = action.payload;
    },
    wallSettingsLoaded(state, action: PayloadAction<WallSettings>) {
      state.wall = action.payload;
    },
    replayRequested(state, action: PayloadAction<number>) {
      state.replay = { status: 'loading', minutes: action.payload };
    },
    replayLoaded(state, action: PayloadAction<{ timeline: ReplayTimeline; truncated: boolean }>) {
      if (state.replay.status === 'loading') state.replay = { status: 'ready', minutes: state.replay.minutes, ...action.payload };
    },
    replayFailed(state, action: PayloadAction<string>) {
      if (state.replay.status === 'loading') state.replay = { status: 'failed', minutes: state.replay.minutes, error: action.payload };
    },
    /** Back to live. */
    replayClosed(state) {
      state.replay = { status: 'off' };
    },
    staleCleared(state) {
      state.staleSince = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(liveEventsApplied, (state, action) => {
        if (state.figures) state.figures = foldEvents(state.figures, action.payload);
      })
      .addCase(livePollStarted, (state, action) => {
        if (action.payload.screen === BIGDATA_SCREEN) state.shown += 1;
      })
      .addCase(livePollStopped, (state, action) => {
        if (action.payload.screen === BIGDATA_SCREEN) state.shown = Math.max(0, state.shown - 1);
      })
      .addCase(loggedOut, () => initialBigDataState);
  },
}).injectInto(rootReducer);

export const bigdataActions = bigdataSlice.actions;
