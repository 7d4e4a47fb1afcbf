import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import { all, fork } from 'redux-saga/effects';
import { callApi } from '../../api/http';
import { createCrudSaga } from '../../crud/sagas';
import { crudActions as A, crudReducer, initialCrudState } from '../../crud/slice';
import type { CrudState } from '../../crud/types';
import { showToast } from '../../util/toaster';
import { newRow, planPayload, rowsFromServer, type PlanRowDraft } from './plan-rows';
import { PLAN_ROWS_PATH, PLAN_STATUS_PATH, watchPlans } from './plansSaga';
import { initialPlansState, planStatusAsked, planStatusRequested, plansSlice, type PlansState } from './plansSlice';

type ApiCall = [method: string, url: string, payload?: Record<string, unknown>, options?: { silent?: boolean }];

const reducer = combineReducers({ crud: crudReducer, plans: plansSlice.reducer });
type State = { crud: CrudState; plans: PlansState };
const initial = (): State => ({ crud: initialCrudState, plans: initialPlansState });

const APP = '/api/services/app';
const STORED_ROWS = [
  { id: 41, aid: 7, hazardouswasteId: 5, hazardouswasteName: '废矿物油', thisyearweight: 12.5, lastyearweight: 10, disposalMethod: 1, receiverId: 9, receiverName: '某某处置' },
  { id: 42, aid: 7, hazardouswasteId: 6, hazardouswasteName: '废包装桶', thisyearweight: 1, lastyearweight: 2, disposalMethod: 3, receiverId: null, receiverName: null },
];
const PLAN = { id: 7, enterpriseId: 3, enterpriseName: '某某化工', year: 2025, title: '2025年度计划', status: 0, remark: null };

/** Answers `callApi` from `answer` and records each call; toasts are swallowed. */
function fakeBackend(answer: (...args: ApiCall) => unknown) {
  const calls: ApiCall[] = [];
  const providers: EffectProviders = {
    call(effect, next) {
      if (effect.fn === callApi) {
        const args = effect.args as ApiCall;
        calls.push(args);
        return answer(...args);
      }
      if (effect.fn === showToast) return undefined;
      return next();
    },
  };
  return { calls, providers };
}

/** Both the generic flows (the plan's save goes through them) and the plan's own. */
function* plansAndCrud() {
  yield all([fork(createCrudSaga()), fork(watchPlans)]);
}

const abpFailure = (message: string, members: string[]) => Object.assign(new Error('Request failed with status code 400'), {
  response: { status: 400, data: { success: false, error: { code: 0, message, details: null, validationErrors: [{ message, members }] }, __abp: true } },
});

/** The body the dialog sends: the declared fields converted, the rows section's values, through the screen's transform. */
const dialogBody = (rows: PlanRowDraft[], extra: Record<string, unknown> = {}) =>
  planPayload({ enterpriseId: 3, year: 2025, title: '2025年度计划', remark: null, ...extra }, { details: rows, ...extra });

describe('plan saving', () => {
  it('creates the plan with its rows in one CreateAMP_AMPM call, then reloads the list', async () => {
    const backend = fakeBackend((method, url) => (url.endsWith('/GetAll') ? { totalCount: 1, items: [PLAN] } : { ...PLAN, details: [] }));
    const rows = [{ ...newRow(), hazardouswasteId: 5, disposalMethod: 1, thisyearweight: '12.5' }, { ...newRow(), hazardouswasteId: 6, disposalMethod: 3 }];
    const result = await expectSaga(plansAndCrud)
      .withReducer(reducer, initial())
      .provide(backend.providers)
      .dispatch(A.createOpened({ resource: 'AnnualManagementPlan', values: { details: [] } }))
      // A cell key the dialog kept for a message is not part of the body.
      .dispatch(A.saveRequested({ resource: 'AnnualManagementPlan', values: dialogBody(rows, { 'details[0].thisyearweight': undefined }) }))
      .silentRun(50);

    expect(backend.calls[0]).toEqual(['POST', `${APP}/AnnualManagementPlan/CreateAMP_AMPM`, {
      enterpriseId: 3, year: 2025, title: '2025年度计划', remark: null,
      details: [
        { hazardouswasteId: 5, thisyearweight: 12.5, lastyearweight: 0.01, disposalMethod: 1, receiverId: null },
        { hazardouswasteId: 6, thisyearweight: 0.01, lastyearweight: 0.01, disposalMethod: 3, receiverId: null },
      ],
    }]);
    expect(backend.calls[1][0]).toBe('GET');
    expect(backend.calls[1][1]).toBe(`${APP}/AnnualManagementPlan/GetAll`);
    const state = result.storeState as State;
    expect(state.crud.byResource.AnnualManagementPlan.editing).toBeNull();
    expect(state.crud.byResource.AnnualManagementPlan.flash?.kind).toBe('saved');
  });

  it('reads the rows when a plan is opened for editing and updates with kept, new and dropped rows', async () => {
    const backend = fakeBackend((method, url) => {
      if (url === PLAN_ROWS_PATH) return STORED_ROWS;
      if (url.endsWith('/Get')) return PLAN;
      if (url.endsWith('/GetAll')) return { totalCount: 1, items: [PLAN] };
      return PLAN;
    });
    const opened = await expectSaga(plansAndCrud)
      .withReducer(reducer, initial())
      .provide(backend.providers)
      .dispatch(A.editOpened({ resource: 'AnnualManagementPlan', id: 7, row: PLAN }))
      .silentRun(50);
    expect(backend.calls).toContainEqual(['GET', PLAN_ROWS_PATH, { Aid: 7 }, { silent: true }]);
    const afterOpen = opened.storeState as State;
    expect(afterOpen.plans.rows[7]).toEqual({ status: 'loaded', items: STORED_ROWS, error: null });

    // The clerk keeps the first row (changing its weight), drops the second and adds one.
    const [first] = rowsFromServer(afterOpen.plans.rows[7].items);
    const rows = [{ ...first, thisyearweight: '13' }, { ...newRow(), hazardouswasteId: 8, disposalMethod: 2, receiverId: 9 }];
    backend.calls.length = 0;
    await expectSaga(plansAndCrud)
      .withReducer(reducer, afterOpen)
      .provide(backend.providers)
      .dispatch(A.saveRequested({ resource: 'AnnualManagementPlan', values: dialogBody(rows) }))
      .silentRun(50);
    expect(backend.calls[0]).toEqual(['PUT', `${APP}/AnnualManagementPlan/UpdateAMP_AMPM`, {
      id: 7, enterpriseId: 3, year: 2025, title: '2025年度计划', remark: null,
      details: [
        { id: 41, hazardouswasteId: 5, thisyearweight: 13, lastyearweight: 10, disposalMethod: 1, receiverId: 9 },
        { hazardouswasteId: 8, thisyearweight: 0.01, lastyearweight: 0.01, disposalMethod: 2, receiverId: 9 },
      ],
    }]);
  });

  it('keeps the dialog open with the server’s row messages under their cell keys', async () => {
    const backend = fakeBackend(() => {
      throw abpFailure('本年度计划量必须大于0', ['details[1].thisyearweight']);
    });
    const result = await expectSaga(plansAndCrud)
      .withReducer(reducer, initial())
      .provide(backend.providers)
      .dispatch(A.createOpened({ resource: 'AnnualManagementPlan', values: { details: [] } }))
      .dispatch(A.saveRequested({ resource: 'AnnualManagementPlan', values: dialogBody([newRow(), newRow()]) }))
      .silentRun(50);
    const editing = (result.storeState as State).crud.byResource.AnnualManagementPlan.editing;
    expect(editing?.fieldErrors).toEqual({ 'details[1].thisyearweight': ['本年度计划量必须大于0'] });
    expect(backend.calls.map((c) => c[1])).toEqual([`${APP}/AnnualManagementPlan/CreateAMP_AMPM`]);
  });

  it('marks rows of a failed read as failed so the dialog can offer a retry', async () => {
    const backend = fakeBackend((method, url) => {
      if (url === PLAN_ROWS_PATH) throw new Error('Network Error');
      return PLAN;
    });
    const result = await expectSaga(plansAndCrud)
      .withReducer(reducer, initial())
      .provide(backend.providers)
      .dispatch(A.editOpened({ resource: 'AnnualManagementPlan', id: 7, row: PLAN }))
      .silentRun(50);
    expect((result.storeState as State).plans.rows[7]).toMatchObject({ status: 'failed', error: { message: 'Network Error' } });
  });
});

describe('plan status moves', () => {
  const asked = (to: number) => reducer(initial(), planStatusAsked({ id: 7, name: '2025年度计划', to }));

  it.each([
    ['submits a draft', 1],
    ['approves a submitted plan', 2],
    ['returns a submitted plan', 3],
  ])('%s through UpdateStatus and reloads the list', async (_name, to) => {
    const backend = fakeBackend((method, url) => (url === PLAN_STATUS_PATH ? { ...PLAN, status: to } : { totalCount: 1, items: [{ ...PLAN, status: to }] }));
    const result = await expectSaga(watchPlans)
      .withReducer(reducer, asked(to))
      .provide(backend.providers)
      .put(A.listRequested({ resource: 'AnnualManagementPlan' }))
      .dispatch(planStatusRequested({ id: 7, to }))
      .silentRun(50);
    expect(backend.calls).toEqual([['PUT', PLAN_STATUS_PATH, { id: 7, status: to }, { silent: true }]]);
    expect((result.storeState as State).plans.statusChange).toBeNull();
  });

  it('keeps the question open with the server’s refusal and does not reload', async () => {
    const backend = fakeBackend(() => {
      throw abpFailure('审批须由未关联企业的监管用户进行', ['status']);
    });
    const result = await expectSaga(watchPlans)
      .withReducer(reducer, asked(2))
      .provide(backend.providers)
      .not.put(A.listRequested({ resource: 'AnnualManagementPlan' }))
      .dispatch(planStatusRequested({ id: 7, to: 2 }))
      .silentRun(50);
    expect((result.storeState as State).plans.statusChange).toMatchObject({
      id: 7, to: 2, pending: false, error: { message: '审批须由未关联企业的监管用户进行' },
    });
  });
});
