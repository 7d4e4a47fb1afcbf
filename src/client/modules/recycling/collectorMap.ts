import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import { crudPath } from '../../../shared/resource-kit';
import { callApi } from '../../api/http';
import type { RootState } from '../../app/store';
import { rootReducer } from '../../app/store';
import { toCrudError, type CrudError } from '../../crud';
import { loggedOut } from '../../session/appSlice';
import type { CalendarDate } from '../../../shared/time';

export const POSITIONS_PATH = crudPath('Igcs_Location', 'GetAll');
export const TRACK_PATH = crudPath('Igcs_Location', 'GetTrack');

export interface CollectorPosition { collectorId: number; name: string; phone: string; longitude: number; latitude: number; at: string }
export interface TrackPoint { longitude: number; latitude: number; at: string }

/** The collectors' map: everyone's latest position of a day of the tenant, and the chosen collector's track of that day. */
export interface CollectorMapState {
  /** The day shown (null until the drawer first opens: then the tenant's today). */
  date: CalendarDate | null;
  positions: CollectorPosition[];
  collectorId: number | null;
  track: TrackPoint[];
  loading: boolean;
  error: CrudError | null;
}

const initial = (): CollectorMapState => ({ date: null, positions: [], collectorId: null, track: [], loading: false, error: null });

export const collectorMapSlice = createSlice({
  name: 'collectorMap',
  initialState: initial,
  reducers: {
    mapRequested(state, { payload }: PayloadAction<{ date: string; collectorId: number | null }>) {
      state.date = payload.date;
      state.collectorId = payload.collectorId;
      state.loading = true;
      state.error = null;
    },
    /** The drawer opened: the day and track it showed last (at first the tenant's `today`), read again. */
    mapOpened(state, { payload }: PayloadAction<CalendarDate>) {
      state.date ??= payload;
      state.loading = true;
      state.error = null;
    },
    mapLoaded(state, { payload }: PayloadAction<{ positions: CollectorPosition[]; track: TrackPoint[] }>) {
      state.positions = payload.positions;
      state.track = payload.track;
      state.loading = false;
    },
    mapFailed(state, { payload }: PayloadAction<CrudError>) {
      state.loading = false;
      state.error = payload;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, initial),
}).injectInto(rootReducer);

export const { mapRequested, mapOpened, mapLoaded, mapFailed } = collectorMapSlice.actions;
export const selectCollectorMap = (state: RootState) => collectorMapSlice.selectSlice(state);

export function* loadMap(): SagaIterator {
  const { date, collectorId }: CollectorMapState = yield select(selectCollectorMap);
  if (date === null) return;
  try {
    const day: { items: CollectorPosition[] } = yield call(callApi, 'GET', POSITIONS_PATH, { Date: date }, { silent: true });
    const track: { items: TrackPoint[] } = collectorId === null
      ? { items: [] }
      : yield call(callApi, 'GET', TRACK_PATH, { CollectorId: collectorId, Date: date }, { silent: true });
    yield put(mapLoaded({ positions: day.items, track: track.items }));
  } catch (e) {
    yield put(mapFailed(toCrudError(e)));
  }
}

export function* watchCollectorMap(): SagaIterator {
  yield takeLatest([mapRequested.type, mapOpened.type], loadMap);
}
