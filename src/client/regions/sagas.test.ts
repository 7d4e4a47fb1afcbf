import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import { callApi } from '../api/http';
import { abpError, later } from '../crud/test-support';
import { GET_CITYS, watchRegions } from './sagas';
import { initialRegionsState, regionsActions as A, regionsReducer, type Region, type RegionsRootState, type RegionsState } from './slice';

type ApiCall = [method: string, url: string, payload?: Record<string, unknown>];

const rootReducer = combineReducers({ regions: regionsReducer });

const PROVINCES: Region[] = [
  { code: '11', name: '北京市', level: 1, hasChildren: true },
  { code: '33', name: '浙江省', level: 1, hasChildren: true },
];
const ZHEJIANG: Region[] = [{ code: '3301', name: '杭州市', level: 2, hasChildren: true }];

/** Answers `callApi` with `api` and records every call. */
function fakeBackend(api: (...args: ApiCall) => unknown) {
  const calls: ApiCall[] = [];
  const providers: EffectProviders = {
    call(effect, next) {
      if (effect.fn !== callApi) return next();
      const args = effect.args as ApiCall;
      calls.push(args);
      return api(...args);
    },
  };
  return { calls, providers };
}

const byParent = (result: { storeState: unknown }) => (result.storeState as RegionsRootState).regions.byParent;
const state = (regions: RegionsState = initialRegionsState): RegionsRootState => ({ regions });

describe('watchRegions', () => {
  it('asks GetCitys without a parent for the provinces and caches them under ""', async () => {
    const backend = fakeBackend(() => ({ items: PROVINCES }));
    const result = await expectSaga(watchRegions)
      .withReducer(rootReducer, state())
      .provide(backend.providers)
      .dispatch(A.childrenRequested({ parentCode: null }))
      .silentRun(50);
    expect(backend.calls).toEqual([['GET', GET_CITYS, {}]]);
    expect(GET_CITYS).toBe('/api/services/app/EnterpriseInformation/GetCitys');
    expect(byParent(result)).toEqual({ '': { items: PROVINCES, loading: false, loaded: true, error: null } });
  });

  it('sends the parent code as ParentCode and keeps each parent’s children apart', async () => {
    const backend = fakeBackend((_m, _u, payload) => ({ items: payload?.ParentCode === '33' ? ZHEJIANG : PROVINCES }));
    const result = await expectSaga(watchRegions)
      .withReducer(rootReducer, state())
      .provide(backend.providers)
      .dispatch(A.childrenRequested({ parentCode: null }))
      .dispatch(A.childrenRequested({ parentCode: '33' }))
      .silentRun(50);
    expect(backend.calls).toEqual([['GET', GET_CITYS, {}], ['GET', GET_CITYS, { ParentCode: '33' }]]);
    expect(byParent(result)['33'].items).toEqual(ZHEJIANG);
    expect(byParent(result)[''].items).toEqual(PROVINCES);
  });

  it('does not ask again for children it has or is loading', async () => {
    const backend = fakeBackend(() => later(20, { items: ZHEJIANG }));
    const cached = state({ byParent: { '': { items: PROVINCES, loading: false, loaded: true, error: null } } });
    const result = await expectSaga(watchRegions)
      .withReducer(rootReducer, cached)
      .provide(backend.providers)
      .dispatch(A.childrenRequested({ parentCode: null }))
      .dispatch(A.childrenRequested({ parentCode: '33' }))
      .dispatch(A.childrenRequested({ parentCode: '33' })) // while the first ask is on its way
      .delay(40)
      .dispatch(A.childrenRequested({ parentCode: '33' })) // once it is cached
      .silentRun(80);
    expect(backend.calls).toEqual([['GET', GET_CITYS, { ParentCode: '33' }]]);
    expect(byParent(result)['33']).toEqual({ items: ZHEJIANG, loading: false, loaded: true, error: null });
  });

  it('shows the parent as loading until the answer arrives', async () => {
    // An answer that has not come by the end of the run, however slow the machine running the test.
    const backend = fakeBackend(() => new Promise(() => undefined));
    const result = await expectSaga(watchRegions)
      .withReducer(rootReducer, state())
      .provide(backend.providers)
      .dispatch(A.childrenRequested({ parentCode: '33' }))
      .silentRun(10);
    expect(byParent(result)['33']).toEqual({ items: [], loading: true, loaded: false, error: null });
  });

  it('stores a failure with the server message and asks again on the next request', async () => {
    let answer: () => unknown = () => { throw abpError(400, 'Your request is not valid!'); };
    const backend = fakeBackend(() => answer());
    const failed = await expectSaga(watchRegions)
      .withReducer(rootReducer, state())
      .provide(backend.providers)
      .dispatch(A.childrenRequested({ parentCode: '99' }))
      .silentRun(50);
    expect(byParent(failed)['99']).toMatchObject({ items: [], loading: false, loaded: false, error: { message: 'Your request is not valid!', status: 400 } });

    answer = () => ({ items: [] });
    const retried = await expectSaga(watchRegions)
      .withReducer(rootReducer, failed.storeState as RegionsRootState)
      .provide(backend.providers)
      .dispatch(A.childrenRequested({ parentCode: '99' }))
      .silentRun(50);
    expect(backend.calls).toHaveLength(2);
    expect(byParent(retried)['99']).toEqual({ items: [], loading: false, loaded: true, error: null });
  });
});
