import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import { crudPath } from '../../../shared/resource-kit';
import { addDays, type CalendarDate } from '../../../shared/time';
import { callApi } from '../../api/http';
import type { RootState } from '../../app/store';
import { rootReducer } from '../../app/store';
import { toCrudError, type CrudError } from '../../crud';
import { loggedOut } from '../../session/appSlice';

export type AreaLevel = 'qarea' | 'sarea' | 'carea' | 'varea';
export type Grain = 'day' | 'month';

export interface AnalysesQuery {
  from: string;
  to: string;
  level: AreaLevel;
  grain: Grain;
  /** Silent for this many days. */
  days: number;
}

export interface ParticipationRow { areaId: number; areaName: string; enrolled: number; participating: number; rate: number }
export interface CollectorRow { collectorId: number; name: string; records: number; households: number; weight: number; weight1: number; weight2: number; weight3: number; weight4: number }
export interface RankedRow { id: number; name: string; weight: number; records: number }
export interface TrendRow { period: string; rubbishType1: number; weight: number; records: number }
export interface FlowRow { period: string; issued: number; redeemed: number }
export interface SilentHousehold { id: number; name: string; cardNo: string; vareaName: string; lastRecordTime: string | null }

export interface Analyses {
  participation: { items: ParticipationRow[]; total: { enrolled: number; participating: number; rate: number } };
  collectors: CollectorRow[];
  top: { compounds: RankedRow[]; households: RankedRow[]; collectors: RankedRow[] };
  trend: TrendRow[];
  flow: FlowRow[];
  silent: { households: { totalCount: number; items: SilentHousehold[] }; compounds: { vareaId: number; name: string; households: number }[] };
}

export interface AnalysesState {
  /** The period and choices of the figures (null until the tab first asks: then the 30 days up to the tenant's today). */
  query: AnalysesQuery | null;
  data: Analyses | null;
  loading: boolean;
  error: CrudError | null;
}


/** The first figures the tab shows: the 30 days up to `today` (the tenant's), by community and day. */
export const defaultQuery = (today: CalendarDate): AnalysesQuery => ({ from: addDays(today, -29), to: today, level: 'carea', grain: 'day', days: 7 });

export const analysesSlice = createSlice({
  name: 'analyses',
  initialState: (): AnalysesState => ({ query: null, data: null, loading: false, error: null }),
  reducers: {
    analysesRequested(state, { payload }: PayloadAction<AnalysesQuery>) {
      state.query = payload;
      state.loading = true;
      state.error = null;
    },
    analysesLoaded(state, { payload }: PayloadAction<Analyses>) {
      state.data = payload;
      state.loading = false;
    },
    analysesFailed(state, { payload }: PayloadAction<CrudError>) {
      state.loading = false;
      state.error = payload;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => ({ query: null, data: null, loading: false, error: null })),
}).injectInto(rootReducer);

export const { analysesRequested, analysesLoaded, analysesFailed } = analysesSlice.actions;
export const selectAnalyses = (state: RootState) => analysesSlice.selectSlice(state);

const RECORDS = (method: string) => crudPath('Rblist', method);

/** Every figure of the tab for one query, fetched together: the tab shows one period at a time, never a mix. */
export function* loadAnalyses(): SagaIterator {
  const { query }: AnalysesState = yield select(selectAnalyses);
  if (!query) return;
  const period = { From: query.from, To: query.to };
  try {
    const [participation, collectors, top, trend, flow, silent] = yield all([
      call(callApi, 'GET', RECORDS('GetRblistParticipation'), { ...period, Level: query.level }, { silent: true }),
      call(callApi, 'GET', RECORDS('GetRblistCollectorAnalyse'), period, { silent: true }),
      call(callApi, 'GET', RECORDS('GetGarbageDisposalTop'), { ...period, Top: 10 }, { silent: true }),
      call(callApi, 'GET', RECORDS('GetRblistTrend'), { ...period, Grain: query.grain }, { silent: true }),
      call(callApi, 'GET', crudPath('Integral', 'GetPointsFlow'), { ...period, Grain: query.grain }, { silent: true }),
      call(callApi, 'GET', RECORDS('GetRblistUpNotData'), { Days: query.days, MaxResultCount: 100 }, { silent: true }),
    ]);
    yield put(analysesLoaded({ participation, collectors: collectors.items, top, trend: trend.items, flow: flow.items, silent }));
  } catch (e) {
    yield put(analysesFailed(toCrudError(e)));
  }
}

export function* watchAnalyses(): SagaIterator {
  yield takeLatest(analysesRequested.type, loadAnalyses);
}
