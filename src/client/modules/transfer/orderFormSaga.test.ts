import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import { callApi } from '../../api/http';
import { crudActions as A, crudReducer, initialCrudState } from '../../crud/slice';
import { showToast } from '../../util/toaster';
import { bodyKey, formCreateOpened, formEditOpened, formSubmitted, orderFormSlice } from './orderFormSlice';
import { watchOrderForm } from './orderFormSaga';
import { detailRequested } from './ordersSlice';
import { ORDER, abpError } from './test-support';
import { initialTransferState, transferReducer, type TransferRootState } from './transferSlice';
import { listKey, TRANSFER_PATHS } from './transferView';
import type { OrderBody } from './types';

type ApiCall = [method: string, url: string, payload?: Record<string, unknown>, options?: { silent?: boolean }];
const reducer = combineReducers({ crud: crudReducer, transfer: transferReducer });
const C = listKey('C');

const BODY: OrderBody = {
  producerId: 3, transporterId: 4, receiverId: 5, plannedDate: '2026-11-21', remarks: null, attachments: [],
  lines: [{ hazardouswasteId: 11, quantity: 1, containerCount: 4, containerType: 3, physicalForm: 2, hazardCharacteristics: ['T'], disposalMethod: 1 }],
};
const WARNING = { code: 'inventory', message: '产废单位900-214-08库存0.500吨，少于本次转移量1.000吨' };

function fakeBackend(answer: (...args: ApiCall) => unknown) {
  const calls: ApiCall[] = [];
  const providers: EffectProviders = {
    call(effect, next) {
      if (effect.fn === callApi) {
        calls.push(effect.args as ApiCall);
        return answer(...(effect.args as ApiCall));
      }
      if (effect.fn === showToast) return undefined;
      return next();
    },
  };
  return { calls, providers };
}

function opened(): TransferRootState {
  const state = { crud: initialCrudState, transfer: { ...initialTransferState, orders: { ...initialTransferState.orders, shown: { [C]: 1 } } } };
  return { ...state, transfer: { ...state.transfer, form: orderFormSlice.reducer(null, formCreateOpened()) } } as TransferRootState;
}

describe('the order dialog', () => {
  it('opens with a fresh request key every time', () => {
    const first = orderFormSlice.reducer(null, formCreateOpened())!;
    const second = orderFormSlice.reducer(null, formCreateOpened())!;
    expect(first.requestKey).toMatch(/\S{8,}/);
    expect(second.requestKey).not.toBe(first.requestKey);
  });

  it('checks, then creates with the request key, closes, and reloads the lists', async () => {
    const start = opened();
    const backend = fakeBackend((method, url) => (url === TRANSFER_PATHS.check ? { errors: [], warnings: [] } : { ...ORDER, warnings: [] }));
    const result = await expectSaga(watchOrderForm).withReducer(reducer, start).provide(backend.providers)
      .put(A.listRequested({ resource: C }))
      .dispatch(formSubmitted({ body: BODY })).silentRun(50);
    expect(backend.calls).toEqual([
      ['POST', TRANSFER_PATHS.check, BODY, { silent: true }],
      ['POST', TRANSFER_PATHS.create, { ...BODY, requestKey: start.transfer.form!.requestKey }, { silent: true }],
    ]);
    const state = result.storeState as TransferRootState;
    expect(state.transfer.form).toBeNull();
    expect(state.transfer.orders.rows[7]).toMatchObject({ manifestNo: ORDER.manifestNo });
  });

  it('stops at blocking errors and keeps them for the cells', async () => {
    const errors = [{ message: '接收单位的经营许可证不含废物代码900-214-08', members: ['lines[0].wastecodeId'] }];
    const backend = fakeBackend(() => ({ errors, warnings: [WARNING] }));
    const result = await expectSaga(watchOrderForm).withReducer(reducer, opened()).provide(backend.providers)
      .dispatch(formSubmitted({ body: BODY })).silentRun(50);
    expect(backend.calls.map((c) => c[1])).toEqual([TRANSFER_PATHS.check]);
    expect((result.storeState as TransferRootState).transfer.form).toMatchObject({ phase: 'editing', errors, warnings: [WARNING] });
  });

  it('shows warnings first, and the same body submitted again goes through with them', async () => {
    const backend = fakeBackend((method, url) => (url === TRANSFER_PATHS.check ? { errors: [], warnings: [WARNING] } : ORDER));
    const warned = await expectSaga(watchOrderForm).withReducer(reducer, opened()).provide(backend.providers)
      .dispatch(formSubmitted({ body: BODY })).silentRun(50);
    const afterFirst = warned.storeState as TransferRootState;
    expect(afterFirst.transfer.form).toMatchObject({ phase: 'editing', warnings: [WARNING], warnedBody: bodyKey(BODY) });
    expect(backend.calls.map((c) => c[1])).toEqual([TRANSFER_PATHS.check]);

    // A changed body is checked and warned about again before anything is written.
    const changed = { ...BODY, remarks: '加急' };
    await expectSaga(watchOrderForm).withReducer(reducer, afterFirst).provide(backend.providers)
      .dispatch(formSubmitted({ body: changed })).silentRun(50);
    expect(backend.calls.map((c) => c[1])).toEqual([TRANSFER_PATHS.check, TRANSFER_PATHS.check]);

    const sent = await expectSaga(watchOrderForm).withReducer(reducer, afterFirst).provide(backend.providers)
      .dispatch(formSubmitted({ body: BODY })).silentRun(50);
    expect(backend.calls.at(-1)?.[1]).toBe(TRANSFER_PATHS.create);
    expect((sent.storeState as TransferRootState).transfer.form).toBeNull();
  });

  it('edits with Update, the version it read and the lines with their ids', async () => {
    const loadedForm = await expectSaga(watchOrderForm).withReducer(reducer, { crud: initialCrudState, transfer: initialTransferState })
      .provide(fakeBackend(() => ORDER).providers)
      .dispatch(formEditOpened({ id: 7 })).silentRun(50);
    const start = loadedForm.storeState as TransferRootState;
    expect(start.transfer.form).toMatchObject({ mode: 'edit', id: 7, version: 3, loading: false });

    const body = { ...BODY, lines: [{ ...BODY.lines[0], id: 71 }] };
    const backend = fakeBackend((method, url) => (url === TRANSFER_PATHS.check ? { errors: [], warnings: [] } : { ...ORDER, version: 4 }));
    await expectSaga(watchOrderForm).withReducer(reducer, start).provide(backend.providers)
      .dispatch(formSubmitted({ body })).silentRun(50);
    expect(backend.calls).toEqual([
      ['POST', TRANSFER_PATHS.check, { ...body, id: 7, version: 3 }, { silent: true }],
      ['PUT', TRANSFER_PATHS.update, { ...body, id: 7, version: 3 }, { silent: true }],
    ]);
  });

  it('reads the open drawer’s order again after an edit (Update answers the order without its parties and history)', async () => {
    const loadedForm = await expectSaga(watchOrderForm).withReducer(reducer, { crud: initialCrudState, transfer: initialTransferState })
      .provide(fakeBackend(() => ORDER).providers)
      .dispatch(detailRequested({ id: 7 }))
      .dispatch(formEditOpened({ id: 7 })).silentRun(50);
    const backend = fakeBackend((method, url) => (url === TRANSFER_PATHS.check ? { errors: [], warnings: [] } : { ...ORDER, version: 4 }));
    await expectSaga(watchOrderForm).withReducer(reducer, loadedForm.storeState as TransferRootState).provide(backend.providers)
      .put(detailRequested({ id: 7 }))
      .dispatch(formSubmitted({ body: { ...BODY, lines: [{ ...BODY.lines[0], id: 71 }] } })).silentRun(50);
  });

  it('keeps the dialog open on a refused save with the server’s members, and on a conflict', async () => {
    const refused = fakeBackend((method, url) => {
      if (url === TRANSFER_PATHS.check) return { errors: [], warnings: [] };
      throw abpError(400, '超出年度计划剩余量0.200吨', ['lines[0].quantity']);
    });
    const result = await expectSaga(watchOrderForm).withReducer(reducer, opened()).provide(refused.providers)
      .dispatch(formSubmitted({ body: BODY })).silentRun(50);
    expect((result.storeState as TransferRootState).transfer.form).toMatchObject({
      phase: 'editing', errors: [{ message: '超出年度计划剩余量0.200吨', members: ['lines[0].quantity'] }],
    });

    const stale = fakeBackend((method, url) => {
      if (url === TRANSFER_PATHS.check) throw abpError(409, '联单已被他人修改');
      return ORDER;
    });
    const conflict = await expectSaga(watchOrderForm).withReducer(reducer, opened()).provide(stale.providers)
      .dispatch(formSubmitted({ body: BODY })).silentRun(50);
    expect(stale.calls).toHaveLength(1);
    expect((conflict.storeState as TransferRootState).transfer.form?.error).toMatchObject({ status: 409 });
  });
});
