import { combineReducers, type Action, type Reducer } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import { all, fork } from 'redux-saga/effects';
import { callApi } from '../../api/http';
import { fetchFileBlob, takeHeldFile } from '../../crud/files';
import { createCrudSaga } from '../../crud/sagas';
import { crudActions as A, crudReducer, initialCrudState, initialResourceState } from '../../crud/slice';
import { liveEventsApplied } from '../../realtime/liveActions';
import { inventoryEvent, noticeEvent, transferEvent } from '../../realtime/test-support-events';
import { showToast } from '../../util/toaster';
import { detailRequested, listShown, moveRequested, printRequested } from './ordersSlice';
import { ORDER, ROW, abpError, withState } from './test-support';
import { selectListRows, transferReducer, initialTransferState, type TransferRootState, type TransferState } from './transferSlice';
import { watchTransfer } from './transferSaga';
import { listKey, TRANSFER_PATHS } from './transferView';
import type { TransferOrderDetail } from './types';

type ApiCall = [method: string, url: string, payload?: unknown, options?: { silent?: boolean }];
type State = TransferRootState & { app: { session: { user: { id: number; name: string; userName: string } }; config: { auth: { grantedPermissions: Record<string, string> } } } };
const APP_STATE = {
  session: { user: { id: 2, name: '三', surname: '张', userName: 'zhangsan' } },
  config: { auth: { grantedPermissions: { 'Pages.Users': 'true', 'Pages.EnterpriseInformation': 'true' } } },
};

const C = listKey('C');
const S = listKey('S');
const APP = '/api/services/app';

/** The reducers of the store, and the state they held when the API was last called (the optimistic one). */
function harness() {
  const inner = combineReducers({
    crud: crudReducer, transfer: transferReducer,
    app: ((s = APP_STATE) => s) as Reducer,
  });
  let latest: State | undefined;
  const reducer = ((state: State | undefined, action: Action) => {
    latest = inner(state, action) as State;
    return latest;
  }) as Reducer<State>;
  return { reducer, latest: () => latest! };
}

function fakeBackend(answer: (...args: ApiCall) => unknown, seen?: () => State) {
  const calls: ApiCall[] = [];
  const states: State[] = [];
  const providers: EffectProviders = {
    call(effect, next) {
      if (effect.fn === callApi) {
        calls.push(effect.args as ApiCall);
        if (seen) states.push(seen());
        return answer(...(effect.args as ApiCall));
      }
      if (effect.fn === showToast) return undefined;
      if (effect.fn === takeHeldFile) return new File(['png'], 'seal.png', { type: 'image/png' });
      return next();
    },
  };
  return { calls, states, providers };
}

function* transferAndCrud() {
  yield all([fork(createCrudSaga()), fork(watchTransfer)]);
}

/** List C shows the row, the drawer shows the order, both at version 3. */
function loaded(order: TransferOrderDetail = ORDER, transfer: Partial<TransferState['orders']> = {}): State {
  return {
    app: APP_STATE,
    crud: { ...initialCrudState, byResource: { [C]: { ...initialResourceState, items: [{ ...order, lines: undefined }], totalCount: 1, loaded: true, scope: { List: 'C' } } } },
    transfer: {
      ...initialTransferState,
      orders: { ...initialTransferState.orders, detail: { id: order.id, status: 'loaded', order, error: null, refusal: null }, shown: { [C]: 1 }, ...transfer },
    },
  } as State;
}

describe('lists', () => {
  it('loads each list with its own scope and keeps its own paging', async () => {
    const { reducer } = harness();
    const backend = fakeBackend(() => ({ totalCount: 25, items: [ROW] }));
    const result = await expectSaga(transferAndCrud)
      .withReducer(reducer)
      .provide(backend.providers)
      .dispatch(listShown({ list: 'C', key: C }))
      .delay(5)
      .dispatch(listShown({ list: 'S', key: S }))
      .delay(5)
      .dispatch(A.pageChanged({ resource: C, page: 2 }))
      .silentRun(50);
    const lists = backend.calls.filter((c) => c[1] === `${APP}/TransferOrder/GetAll`).map((c) => c[2]);
    expect(lists).toEqual([
      { SkipCount: 0, MaxResultCount: 10, List: 'C' },
      { SkipCount: 0, MaxResultCount: 10, List: 'S' },
      { SkipCount: 10, MaxResultCount: 10, List: 'C' },
    ]);
    const state = result.storeState as State;
    expect(state.crud.byResource[C].currentPage).toBe(2);
    expect(state.crud.byResource[S].currentPage).toBe(1);
    expect(state.transfer.orders.shown).toEqual({ [C]: 1, [S]: 1 });
  });

  it('reloads a list shown again with the query it kept', async () => {
    const { reducer } = harness();
    const backend = fakeBackend(() => ({ totalCount: 1, items: [ROW] }));
    const start = loaded();
    start.crud.byResource[C] = { ...start.crud.byResource[C], filters: { signStatus: 2 } };
    await expectSaga(transferAndCrud).withReducer(reducer, start).provide(backend.providers)
      .put(A.listRequested({ resource: C }))
      .dispatch(listShown({ list: 'C', key: C }))
      .silentRun(50);
    expect(backend.calls[0][2]).toEqual({ SkipCount: 0, MaxResultCount: 10, signStatus: 2, List: 'C' });
  });
});

describe('detail', () => {
  it('reads the order with Get and shows it; a failure is kept for the drawer', async () => {
    const { reducer } = harness();
    const ok = await expectSaga(watchTransfer).withReducer(reducer)
      .provide(fakeBackend((m, url) => (url === TRANSFER_PATHS.get ? ORDER : null)).providers)
      .dispatch(detailRequested({ id: 7 })).silentRun(50);
    expect((ok.storeState as State).transfer.orders.detail).toMatchObject({ id: 7, status: 'loaded', order: { manifestNo: ORDER.manifestNo } });

    const failed = await expectSaga(watchTransfer).withReducer(reducer)
      .provide(fakeBackend(() => { throw abpError(404, '没有找到联单'); }).providers)
      .dispatch(detailRequested({ id: 8 })).silentRun(50);
    expect((failed.storeState as State).transfer.orders.detail).toMatchObject({ id: 8, status: 'failed', error: { message: '没有找到联单', status: 404 } });
  });

  it('reads the declarant and the user’s enterprises from User/Get of the session user', async () => {
    const { reducer } = harness();
    const backend = fakeBackend(() => ({ id: 2, name: '三', surname: '张', userName: 'zhangsan', enterpriseIds: [3] }));
    const result = await expectSaga(watchTransfer).withReducer(reducer).provide(backend.providers)
      .dispatch({ type: 'transfer/orders/meRequested' }).silentRun(50);
    expect(backend.calls[0]).toEqual(['GET', `${APP}/User/Get`, { Id: 2 }, { silent: true }]);
    expect((result.storeState as State).transfer.orders.me).toEqual({ status: 'loaded', name: '张三', enterpriseIds: [3] });
  });

  it('falls back to the session’s name when User/Get fails', async () => {
    const { reducer } = harness();
    const backend = fakeBackend(() => { throw abpError(500, 'down'); });
    const result = await expectSaga(watchTransfer).withReducer(reducer, loaded() as State).provide(backend.providers)
      .dispatch({ type: 'transfer/orders/meRequested' }).silentRun(50);
    expect(backend.calls).toHaveLength(1);
    expect((result.storeState as State).transfer.orders.me).toEqual({ status: 'failed', name: '张三', enterpriseIds: null });
  });
});

describe('optimistic moves', () => {
  const dispatched = withState(ORDER, 0, 1, 0);
  const answer = { ...dispatched, vehicleIds: [31], vehicleNames: ['浙A12345'], driverIds: [41], driverNames: ['李四'], version: 4 };
  const dispatch = moveRequested({ id: 7, party: 'transporter', version: 3, input: { action: 'dispatch', vehicleIds: [31], driverIds: [41] } });

  it('shows the expected statuses at once, then the server’s order', async () => {
    const { reducer, latest } = harness();
    const backend = fakeBackend(() => answer, latest);
    const result = await expectSaga(watchTransfer).withReducer(reducer, loaded()).provide(backend.providers)
      .dispatch(dispatch).silentRun(50);
    expect(backend.calls).toEqual([['PUT', TRANSFER_PATHS.vehicles, { id: 7, version: 3, vehicleIds: [31], driverIds: [41] }, { silent: true }]]);
    // While the call was out: the list row and the drawer already said "dispatched".
    const during = backend.states[0];
    expect(selectListRows(during, C)[0]).toMatchObject({ id: 7, dispatchStatus: 1, version: 3 });
    expect(during.transfer.orders.detail?.order).toMatchObject({ dispatchStatus: 1, vehicleIds: [31] });
    const after = result.storeState as State;
    expect(selectListRows(after, C)[0]).toMatchObject({ dispatchStatus: 1, vehicleNames: ['浙A12345'], version: 4 });
    expect(after.transfer.orders.detail?.order).toEqual(answer);
    expect(after.transfer.orders.pending).toEqual({});
  });

  it.each([
    ['a 400 refusal', abpError(400, '联单当前状态为“待签收 / 已派车 / 待确认”，不能派车', ['declareStatus']), false],
    ['a 409 conflict', abpError(409, '联单已被他人修改（当前版本 4），请刷新后重试'), true],
  ])('puts back the previous row and order on %s and says why', async (_name, error, conflict) => {
    const { reducer, latest } = harness();
    const backend = fakeBackend(() => { throw error; }, latest);
    const result = await expectSaga(watchTransfer).withReducer(reducer, loaded()).provide(backend.providers)
      .dispatch(dispatch).silentRun(50);
    expect(selectListRows(backend.states[0], C)[0].dispatchStatus).toBe(1);
    const after = result.storeState as State;
    expect(selectListRows(after, C)[0]).toMatchObject({ dispatchStatus: 0, version: 3 });
    expect(after.transfer.orders.detail?.order).toEqual(ORDER);
    expect(after.transfer.orders.detail?.refusal).toEqual({ conflict, error: expect.objectContaining({ message: error.response.data.error.message }) });
    expect(after.transfer.orders.pending).toEqual({});
  });

  it('agrees with the received quantities and shows them before the server answers', async () => {
    const { reducer, latest } = harness();
    const start = loaded(withState(ORDER, 0, 1, 0));
    const backend = fakeBackend(() => { throw abpError(400, '产废单位库存不足'); }, latest);
    const result = await expectSaga(watchTransfer).withReducer(reducer, start).provide(backend.providers)
      .dispatch(moveRequested({ id: 7, party: 'receiver', version: 3, input: { action: 'agree', lines: [{ id: 71, receivedQuantity: 0.95 }, { id: 72, receivedQuantity: 0.5 }] } }))
      .silentRun(50);
    expect(backend.calls[0]).toEqual(['PUT', TRANSFER_PATHS.reception,
      { id: 7, version: 3, signStatus: 1, lines: [{ id: 71, receivedQuantity: 0.95 }, { id: 72, receivedQuantity: 0.5 }] }, { silent: true }]);
    expect(backend.states[0].transfer.orders.detail?.order).toMatchObject({ declareStatus: 1, signStatus: 1, lines: [{ receivedQuantity: 0.95 }, { receivedQuantity: 0.5 }] });
    expect((result.storeState as State).transfer.orders.detail?.order).toMatchObject({ declareStatus: 0, signStatus: 0, lines: [{ receivedQuantity: null }, { receivedQuantity: null }] });
  });

  it('hides a deleted row at once, brings it back when refused, and reloads the lists when done', async () => {
    const { reducer, latest } = harness();
    const refused = fakeBackend(() => { throw abpError(400, '只有产废单位可以删除此联单', ['party']); }, latest);
    const back = await expectSaga(watchTransfer).withReducer(reducer, loaded()).provide(refused.providers)
      .dispatch(moveRequested({ id: 7, party: 'producer', version: 3, input: { action: 'delete' } })).silentRun(50);
    expect(refused.calls[0]).toEqual(['DELETE', TRANSFER_PATHS.remove, { Id: 7, version: 3 }, { silent: true }]);
    expect(selectListRows(refused.states[0], C)).toEqual([]);
    expect(selectListRows(back.storeState as State, C).map((r) => r.id)).toEqual([7]);

    const done = await expectSaga(watchTransfer).withReducer(reducer, loaded()).provide(fakeBackend(() => null).providers)
      .put(A.listRequested({ resource: C }))
      .dispatch(moveRequested({ id: 7, party: 'producer', version: 3, input: { action: 'delete' } })).silentRun(50);
    expect((done.storeState as State).transfer.orders.detail).toBeNull();
  });

  it('uploads the signee image for the chosen party’s signee field, then signs for that party', async () => {
    const { reducer } = harness();
    const backend = fakeBackend((method, url) => (url === TRANSFER_PATHS.upload ? { id: 99, name: 'seal.png', size: 3, contentType: 'image/png' } : { ...ORDER, version: 4, producerSignee: [{ id: 99 }] }));
    const result = await expectSaga(watchTransfer).withReducer(reducer, loaded()).provide(backend.providers)
      .dispatch(moveRequested({ id: 7, party: 'producer', version: 3, input: { action: 'sign', uploadId: 'upload-1' } })).silentRun(50);
    expect(backend.calls[0][0]).toBe('POST');
    expect(backend.calls[0][1]).toBe(TRANSFER_PATHS.upload);
    expect(backend.calls[0][2]).toBeInstanceOf(FormData);
    expect((backend.calls[0][2] as FormData).get('field')).toBe('producerSignee');
    expect(backend.calls[1]).toEqual(['PUT', TRANSFER_PATHS.signee, { id: 7, version: 3, fileId: 99, party: 'producer' }, { silent: true }]);
    expect((result.storeState as State).transfer.orders.detail?.order?.version).toBe(4);
  });
});

describe('printing', () => {
  it('prints the parties’ phone and licence sent with the order, after the signee images are read', async () => {
    const { reducer } = harness();
    const parties = { 3: { id: 3, contactPhone: 'phone-3' }, 5: { id: 5, licenseNumber: 'licence-5' } };
    const signed = { ...ORDER, producerSignee: [{ id: 91, name: 'seal.png', size: 3, contentType: 'image/png' }], partyEnterprises: parties };
    const backend = fakeBackend(() => ({}));
    const blob = new Blob(['png']);
    const providers: EffectProviders = {
      call(effect, next) {
        if (effect.fn === fetchFileBlob) return blob;
        if (Array.isArray(effect.context) || (effect.context === URL)) return 'blob:seal';
        return backend.providers.call!(effect, next);
      },
    };
    const result = await expectSaga(watchTransfer).withReducer(reducer, loaded(signed)).provide(providers)
      .dispatch(printRequested({ id: 7 })).silentRun(50);
    expect(backend.calls).toEqual([]);
    const state = result.storeState as State;
    expect(state.transfer.orders.print).toEqual({ orderId: 7, status: 'ready', enterprises: parties });
    expect(state.transfer.orders.images[91]).toEqual({ status: 'loaded', url: 'blob:seal' });
  });
});

describe('live events', () => {
  // As the hub saga hands them on: pushed, or replayed by the catch-up after a reconnect.
  const pushed = (version: number, id = 7, action = 'dispatch') => liveEventsApplied([transferEvent(100 + version, { id, version, action })]);

  it('reloads the lists on screen and the open order when someone else changed it', async () => {
    const { reducer } = harness();
    await expectSaga(watchTransfer).withReducer(reducer, loaded()).provide(fakeBackend(() => ORDER).providers)
      .put(A.listRequested({ resource: C }))
      .put(detailRequested({ id: 7 }))
      .dispatch(pushed(4)).silentRun(50);
  });

  it('reloads nothing for a version the screen already holds (the user’s own move)', async () => {
    const { reducer } = harness();
    const backend = fakeBackend(() => ORDER);
    await expectSaga(watchTransfer).withReducer(reducer, loaded()).provide(backend.providers)
      .not.put(A.listRequested({ resource: C }))
      .not.put(detailRequested({ id: 7 }))
      .dispatch(pushed(3)).silentRun(50);
    expect(backend.calls).toEqual([]);
  });

  it('reloads the lists for an order they do not show yet, and leaves another open order alone', async () => {
    const { reducer } = harness();
    await expectSaga(watchTransfer).withReducer(reducer, loaded()).provide(fakeBackend(() => ORDER).providers)
      .put(A.listRequested({ resource: C }))
      .not.put(detailRequested({ id: 8 }))
      .not.put(detailRequested({ id: 7 }))
      .dispatch(pushed(1, 8)).silentRun(50);
  });

  it('reloads the lists for a deleted order even at the version they hold', async () => {
    const { reducer } = harness();
    await expectSaga(watchTransfer).withReducer(reducer, loaded()).provide(fakeBackend(() => ORDER).providers)
      .put(A.listRequested({ resource: C }))
      .dispatch(pushed(3, 7, 'delete')).silentRun(50);
  });

  it('reads a catch-up batch of several changes once: one list reload, one detail read', async () => {
    const { reducer } = harness();
    const result = await expectSaga(watchTransfer).withReducer(reducer, loaded()).provide(fakeBackend(() => ORDER).providers)
      .dispatch(liveEventsApplied([
        transferEvent(200, { id: 7, version: 4 }), transferEvent(201, { id: 8, version: 1, action: 'create' }),
        transferEvent(202, { id: 7, version: 5, action: 'agree' }),
      ])).silentRun(50);
    const puts = (result.effects.put ?? []).map((effect) => effect.payload.action as { type: string; payload?: unknown });
    expect(puts.filter((a) => A.listRequested.match(a))).toEqual([A.listRequested({ resource: C })]);
    expect(puts.filter((a) => detailRequested.match(a))).toEqual([detailRequested({ id: 7 })]);
  });

  it('ignores other events', async () => {
    const { reducer } = harness();
    await expectSaga(watchTransfer).withReducer(reducer, loaded()).provide(fakeBackend(() => ORDER).providers)
      .not.put(A.listRequested({ resource: C }))
      .not.put(detailRequested({ id: 7 }))
      .dispatch(liveEventsApplied([inventoryEvent(300, [3]), noticeEvent(301, { id: 7 })])).silentRun(50);
  });
});
