import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, fork, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../api/http';
import { toCrudError } from '../../crud/api-error';
import { fetchFileBlob, takeHeldFile } from '../../crud/files';
import { crudActions, selectResourceState } from '../../crud/slice';
import type { CrudError, ResourceState } from '../../crud/types';
import { translate } from '../../i18n';
import { liveEventsApplied } from '../../realtime/liveActions';
import { personName, selectUser } from '../../session/selectors';
import { showToast } from '../../util/toaster';
import { moveRequest, refusalText, signRequest } from './moves';
import { watchOrderForm } from './orderFormSaga';
import {
  detailFailed, detailLoaded, detailRequested, imageFailed, imageLoaded, imageRequested, listShown, meFailed, meLoaded,
  meRequested, moveFailed, moveRequested, moveStarted, moveSucceeded, printReady, printRequested, type OrdersState, type PartyEnterprise,
} from './ordersSlice';
import { selectOrders, type TransferRootState } from './transferSlice';
import { LIST_KEYS, listScope, TRANSFER_PATHS, USER_GET_PATH, type TransferList } from './transferView';
import type { TransferOrderDetail, TransferOrderDto } from './types';
import type { LiveEvent, TransferChangedPayload } from '../../../shared/live/events';
import type { FileInfo } from '../../../shared/resource-kit';
import { SIGNEE_FIELD, type Party } from '../../../shared/transfer/machine';

// Every failure here is shown beside what failed (the drawer, the dialog, a toast), never in the error modal.
export const SILENT = { silent: true } as const;

type MoveRequested = ReturnType<typeof moveRequested>;

/** A 409, or an ABP error whose code says the same: the order changed since the screen read it. */
const isConflict = (error: CrudError) => error.status === 409;


/** The list on screen: the first time (or after its scope was lost) its scope is set, which loads it; else a reload. */
export function* showListSaga(action: PayloadAction<{ list: TransferList; key: string }>): SagaIterator {
  const { list, key } = action.payload;
  const state: ResourceState = yield select(selectResourceState, key);
  if (state.scope.List !== list) yield put(crudActions.scopeChanged({ resource: key, scope: listScope(list) }));
  else yield put(crudActions.listRequested({ resource: key }));
}

/** The declarant's name and the user's enterprises (which parties they act for), from `User/Get` of the session user. */
export function* loadMeSaga(): SagaIterator {
  const user: ReturnType<typeof selectUser> = yield select(selectUser);
  const fallback = personName(user) || null;
  if (!user) {
    yield put(meFailed({ name: fallback }));
    return;
  }
  try {
    const dto: { name?: string; surname?: string; userName?: string; enterpriseIds?: number[] | null } =
      yield call(callApi, 'GET', USER_GET_PATH, { Id: user.id }, SILENT);
    const name = personName(dto) || fallback;
    yield put(meLoaded({ name, enterpriseIds: (dto?.enterpriseIds ?? []).map(Number) }));
  } catch {
    yield put(meFailed({ name: fallback }));
  }
}

export function* loadDetailSaga(action: ReturnType<typeof detailRequested>): SagaIterator {
  const { id } = action.payload;
  try {
    const order: TransferOrderDetail = yield call(callApi, 'GET', TRANSFER_PATHS.get, { Id: id }, SILENT);
    yield put(detailLoaded({ order }));
  } catch (e) {
    yield put(detailFailed({ id, error: toCrudError(e) }));
  }
}

function* listRowOf(id: number): SagaIterator<TransferOrderDto | null> {
  for (const key of LIST_KEYS) {
    const state: ResourceState = yield select(selectResourceState, key);
    const row = state.items.find((item) => item.id === id);
    if (row) return row as TransferOrderDto;
  }
  return null;
}

export function* reloadShownLists(): SagaIterator {
  const orders: OrdersState = yield select(selectOrders);
  for (const key of Object.keys(orders.shown)) yield put(crudActions.listRequested({ resource: key }));
}

/** The signee image goes up first (`UploadFile`, for the party's signee field), then the signature names it. */
function* uploadSignee(uploadId: string, party: Party): SagaIterator<number> {
  const file: File | undefined = yield call(takeHeldFile, uploadId);
  if (!file) throw new Error(translate('transfer.signNoFile'));
  const form = new FormData();
  form.append('field', SIGNEE_FIELD[party]);
  form.append('file', file, file.name);
  const stored: FileInfo = yield call(callApi, 'POST', TRANSFER_PATHS.upload, form, SILENT);
  return stored.id;
}

/**
 * A move, optimistically: the expected statuses show at once in the list and the drawer, the server's order replaces
 * them when it answers, and a refusal (400, 409) puts back what was shown before and says why.
 */
export function* moveSaga(action: MoveRequested): SagaIterator {
  const { id, party, version, input } = action.payload;
  const orders: OrdersState = yield select(selectOrders);
  // One move per order at a time: a second click would be refused as stale anyway.
  if (orders.pending[id]) return;
  const row: TransferOrderDto | null = yield call(listRowOf, id);
  yield put(moveStarted({ id, party, input, row }));
  try {
    let fileId = 0;
    if (input.action === 'sign') fileId = yield call(uploadSignee, input.uploadId, party);
    const request = input.action === 'sign' ? signRequest(id, version, party, fileId) : moveRequest(id, version, party, input);
    const result: TransferOrderDetail | null = yield call(callApi, request.verb, request.url, request.body, SILENT);
    if (input.action === 'delete') {
      yield put(moveSucceeded({ id, order: null }));
      yield call(reloadShownLists);
    } else {
      yield put(moveSucceeded({ id, order: result }));
    }
    yield call(showToast, translate('transfer.moveDone', { action: translate(`transfer.action_${input.action}`) }), 'success', 'tick');
  } catch (e) {
    const error = toCrudError(e);
    const conflict = isConflict(error);
    yield put(moveFailed({ id, error, conflict }));
    yield call(showToast, conflict ? translate('transfer.conflict') : translate('transfer.moveRefused', { message: refusalText(error) }), 'danger', 'warning-sign');
  }
}

/** The orders a batch of events changed, each once with its latest change (catch-up may replay several of one order). */
function orderChangesOf(events: readonly LiveEvent[]): TransferChangedPayload[] {
  const latest = new Map<number, TransferChangedPayload>();
  for (const event of events) {
    if (event.type !== 'transfer.changed') continue;
    const change = event.payload as TransferChangedPayload | null;
    if (!change || typeof change.id !== 'number' || typeof change.version !== 'number') continue;
    latest.set(change.id, change);
  }
  return [...latest.values()];
}

function listVersion(state: TransferRootState, id: number): number | null {
  const own = state.transfer.orders.rows[id];
  if (own) return Number(own.version);
  const versions = LIST_KEYS.flatMap((key) => selectResourceState(state, key).items.filter((r) => r.id === id).map((r) => Number(r.version)));
  return versions.length > 0 ? Math.min(...versions) : null;
}

/**
 * Someone changed orders (their `transfer.changed` events reach the users of the three enterprises, live or replayed
 * by the catch-up after a reconnect): the lists on screen and the open drawer read them again, once per batch, unless
 * they already hold that version (the event of the user's own move). A deleted order leaves the lists whatever its version.
 */
export function* orderChangedSaga(action: ReturnType<typeof liveEventsApplied>): SagaIterator {
  const changes = orderChangesOf(action.payload);
  if (changes.length === 0) return;
  const state: TransferRootState = yield select();
  const orders = state.transfer.orders;
  let reload = false;
  for (const change of changes) {
    if (orders.pending[change.id]) continue;
    const inLists = listVersion(state, change.id);
    if (inLists === null || inLists < change.version || change.action === 'delete') reload = true;
    const detail = orders.detail;
    if (detail?.id === change.id && detail.status !== 'loading' && Number(detail.order?.version ?? 0) < change.version) {
      yield put(detailRequested({ id: change.id }));
    }
  }
  if (reload) yield call(reloadShownLists);
}

/** A stored image read with the session's headers, shown through an object URL. */
export function* loadImageSaga(action: ReturnType<typeof imageRequested>): SagaIterator {
  const { fileId } = action.payload;
  try {
    const blob: Blob = yield call(fetchFileBlob, fileId);
    const url: string = yield call([URL, URL.createObjectURL], blob);
    yield put(imageLoaded({ fileId, url }));
  } catch {
    yield put(imageFailed({ fileId }));
  }
}

/** The printed manifest also shows the parties' phone and licence numbers (sent with the order), and the signee images. */
export function* preparePrintSaga(action: ReturnType<typeof printRequested>): SagaIterator {
  const { id } = action.payload;
  const orders: OrdersState = yield select(selectOrders);
  const order = orders.detail?.id === id ? orders.detail.order : null;
  if (!order) return;
  // The images are read before the print dialog opens: a printout must not show spinners.
  const signees = [order.producerSignee, order.transporterSignee, order.receiverSignee].flatMap((f) => f ?? []);
  yield all(signees.filter((file) => orders.images[file.id]?.status !== 'loaded')
    .map((file) => call(loadImageSaga, imageRequested({ fileId: file.id }))));
  const enterprises: Record<number, PartyEnterprise> = { ...(order.partyEnterprises ?? {}) };
  yield put(printReady({ id, enterprises }));
}

export function* watchTransfer(): SagaIterator {
  yield all([
    takeEvery(listShown.type, showListSaga),
    takeLatest(meRequested.type, loadMeSaga),
    takeLatest(detailRequested.type, loadDetailSaga),
    takeEvery(moveRequested.type, moveSaga),
    takeEvery(liveEventsApplied.type, orderChangedSaga),
    takeEvery(imageRequested.type, loadImageSaga),
    takeLatest(printRequested.type, preparePrintSaga),
    fork(watchOrderForm),
  ]);
}
