import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import { callApi } from '../../api/http';
import { analysesRequested, analysesSlice, defaultQuery, watchAnalyses, type AnalysesState } from './analyses';

type ApiCall = [method: string, url: string, payload?: Record<string, unknown>, options?: { silent?: boolean }];
type State = { analyses: AnalysesState };
const reducer = combineReducers({ analyses: analysesSlice.reducer });

const answering = (answer: (args: ApiCall) => unknown): EffectProviders => ({
  call(effect, next) {
    return effect.fn === callApi ? answer(effect.args as ApiCall) : next();
  },
});

const QUERY = { from: '2026-06-01', to: '2026-06-30', level: 'varea', grain: 'month', days: 14 } as const;
const ANSWERS: Record<string, unknown> = {
  GetRblistParticipation: { items: [{ areaId: 1, areaName: '甲小区', enrolled: 3, participating: 1, rate: 0.3333 }], total: { enrolled: 3, participating: 1, rate: 0.3333 } },
  GetRblistCollectorAnalyse: { items: [] },
  GetGarbageDisposalTop: { compounds: [], households: [], collectors: [] },
  GetRblistTrend: { items: [{ period: '2026-06', rubbishType1: 1, weight: 2, records: 1 }] },
  GetPointsFlow: { items: [{ period: '2026-06', issued: 20, redeemed: 0 }] },
  GetRblistUpNotData: { days: 14, households: { totalCount: 0, items: [] }, compounds: [] },
};

describe('the records’ analyses', () => {
  it('defaults to the 30 days up to the tenant\'s today, by community and day', () => {
    expect(defaultQuery('2026-11-28')).toEqual({ from: '2026-10-30', to: '2026-11-28', level: 'carea', grain: 'day', days: 7 });
    expect(defaultQuery('2026-03-01')).toMatchObject({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('asks every figure for the one query and shows them together', async () => {
    const calls: ApiCall[] = [];
    const { storeState } = await expectSaga(watchAnalyses)
      .withReducer(reducer)
      .provide(answering((args) => {
        calls.push(args);
        return ANSWERS[args[1].split('/').pop()!];
      }))
      .dispatch(analysesRequested(QUERY))
      .silentRun(30);
    const period = { From: '2026-06-01', To: '2026-06-30' };
    expect(calls.map((c) => [c[1].split('/').slice(-2).join('/'), c[2]])).toEqual([
      ['Rblist/GetRblistParticipation', { ...period, Level: 'varea' }],
      ['Rblist/GetRblistCollectorAnalyse', period],
      ['Rblist/GetGarbageDisposalTop', { ...period, Top: 10 }],
      ['Rblist/GetRblistTrend', { ...period, Grain: 'month' }],
      ['Integral/GetPointsFlow', { ...period, Grain: 'month' }],
      ['Rblist/GetRblistUpNotData', { Days: 14, MaxResultCount: 100 }],
    ]);
    const state = (storeState as State).analyses;
    expect(state).toMatchObject({ query: QUERY, loading: false, error: null });
    expect(state.data?.trend).toEqual([{ period: '2026-06', rubbishType1: 1, weight: 2, records: 1 }]);
    expect(state.data?.flow[0].issued).toBe(20);
  });

  it('keeps the figures shown when a later query fails, with its error', async () => {
    let answered = 0;
    const { storeState } = await expectSaga(watchAnalyses)
      .withReducer(reducer)
      .provide(answering((args) => {
        answered += 1;
        // The first query's six calls succeed; the second query's fail.
        if (answered > 6) throw Object.assign(new Error('Network Error'), { code: 'ERR_NETWORK' });
        return ANSWERS[args[1].split('/').pop()!];
      }))
      .dispatch(analysesRequested(QUERY))
      .delay(10)
      .dispatch(analysesRequested({ ...QUERY, level: 'qarea' }))
      .silentRun(30);
    const state = (storeState as State).analyses;
    expect(state.data?.participation.total.enrolled).toBe(3);
    expect(state).toMatchObject({ loading: false, query: { level: 'qarea' } });
    expect(state.error).not.toBeNull();
  });
});
