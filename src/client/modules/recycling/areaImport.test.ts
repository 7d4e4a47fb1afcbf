import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import { callApi } from '../../api/http';
import { crudActions as A, crudReducer, initialCrudState, lookupKey } from '../../crud/slice';
import type { CrudState } from '../../crud/types';
import {
  areaImportSlice, IMPORT_DIVISIONS_PATH, importClosed, importOpened, importRequested, initialAreaImportState, watchAreaImport,
  type AreaImportState,
} from './areaImport';

type ApiCall = [method: string, url: string, payload?: Record<string, unknown>, options?: { silent?: boolean }];
type State = { crud: CrudState; areaImport: AreaImportState };

const reducer = combineReducers({ crud: crudReducer, areaImport: areaImportSlice.reducer });
const loaded = { items: [{ id: 1, name: '西湖区' }], loading: false, loaded: true, error: null };
/** The dialog open, with the tree's districts and one district's streets cached, and a device model's list beside them. */
const initial = (): State => ({
  crud: {
    ...initialCrudState,
    lookups: {
      [lookupKey('Qarea', 'GetAllData')]: loaded,
      [lookupKey('Sarea', 'GetAllData', { qareaId: 1 })]: loaded,
      [lookupKey('Equipmentmodel', 'GetAllData')]: loaded,
    },
  },
  areaImport: { ...initialAreaImportState, open: true },
});

const answering = (answer: (args: ApiCall) => unknown): EffectProviders => ({
  call(effect, next) {
    return effect.fn === callApi ? answer(effect.args as ApiCall) : next();
  },
});

describe('importing divisions', () => {
  it('sends the chosen code, shows what was added and drops every cached list of the hierarchy', async () => {
    const calls: ApiCall[] = [];
    const result = { districts: 1, streets: 11, communities: 196 };
    const { storeState } = await expectSaga(watchAreaImport)
      .withReducer(reducer, initial())
      .provide(answering((args) => { calls.push(args); return result; }))
      .dispatch(importRequested({ code: '330106' }))
      .put(A.listRequested({ resource: 'Qarea@area' }))
      .silentRun(50);
    expect(calls).toEqual([['POST', IMPORT_DIVISIONS_PATH, { code: '330106' }, { silent: true }]]);
    const state = storeState as State;
    expect(state.areaImport).toEqual({ open: true, running: false, result, error: null });
    expect(Object.keys(state.crud.lookups)).toEqual([lookupKey('Equipmentmodel', 'GetAllData')]);
  });

  it('keeps the server’s refusal in the dialog and the cached lists as they were', async () => {
    const refusal = Object.assign(new Error('请给出一个市（4位）或区县（6位）的区划代码'), {
      response: { status: 400, data: { error: { message: '请给出一个市（4位）或区县（6位）的区划代码', validationErrors: [{ message: 'x', members: ['code'] }] } } },
    });
    const { storeState } = await expectSaga(watchAreaImport)
      .withReducer(reducer, initial())
      .provide(answering(() => { throw refusal; }))
      .dispatch(importRequested({ code: '33' }))
      .not.put.actionType(A.lookupsInvalidated.type)
      .silentRun(50);
    const state = storeState as State;
    expect(state.areaImport.running).toBe(false);
    expect(state.areaImport.result).toBeNull();
    expect(state.areaImport.error).not.toBeNull();
    expect(Object.keys(state.crud.lookups)).toHaveLength(3);
  });

  it('cannot be closed while it runs; opening again starts clean', () => {
    const running = areaImportSlice.reducer({ ...initialAreaImportState, open: true }, importRequested({ code: '3301' }));
    expect(areaImportSlice.reducer(running, importClosed())).toBe(running);
    const failed = { ...initialAreaImportState, open: true, error: { message: 'x' } } as AreaImportState;
    expect(areaImportSlice.reducer(failed, importOpened())).toEqual({ ...initialAreaImportState, open: true });
  });
});
