import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../api/http';
import { toCrudError } from '../../crud/api-error';
import { crudActions } from '../../crud/slice';
import { translate } from '../../i18n';
import { showToast } from '../../util/toaster';
import {
  bodyKey, formChecked, formClosed, formEditOpened, formLoaded, formLoadFailed, formSaving, formStopped, formSubmitted,
  type FormSlot,
} from './orderFormSlice';
import { detailRequested, orderReplaced, type OrdersState } from './ordersSlice';
import { selectForm, selectOrders } from './transferSlice';
import { TRANSFER_PATHS } from './transferView';
import type { CheckResult, TransferOrderDetail, TransferWarning } from './types';

const SILENT = { silent: true } as const;

export function* loadFormOrderSaga(action: ReturnType<typeof formEditOpened>): SagaIterator {
  const { id } = action.payload;
  try {
    const order: TransferOrderDetail = yield call(callApi, 'GET', TRANSFER_PATHS.get, { Id: id }, SILENT);
    yield put(formLoaded({ order }));
  } catch (e) {
    yield put(formLoadFailed({ id, error: toCrudError(e) }));
  }
}

/**
 * Submitting the dialog: `CheckProductionWaste` first (nothing written). Blocking errors go beside their cells;
 * warnings (contract, inventory) are shown, and submitting the same body again goes through with them. Then the
 * create (with the dialog's request key, so a double submit makes one order) or the update (with the version).
 */
export function* submitOrderSaga(action: ReturnType<typeof formSubmitted>): SagaIterator {
  const { body } = action.payload;
  const form: FormSlot = yield select(selectForm);
  if (!form) return;
  const key = bodyKey(body);
  const alreadyWarned = form.warnedBody === key;
  const edit = form.mode === 'edit';
  try {
    const check: CheckResult = yield call(callApi, 'POST', TRANSFER_PATHS.check, edit ? { ...body, id: form.id, version: form.version } : body, SILENT);
    const errors = check?.errors ?? [];
    const warnings = check?.warnings ?? [];
    yield put(formChecked({ errors, warnings, body: key }));
    if (errors.length > 0 || (warnings.length > 0 && !alreadyWarned)) {
      yield put(formStopped({}));
      return;
    }
  } catch (e) {
    const error = toCrudError(e);
    yield put(formStopped({ error, errors: error.validationErrors ?? [] }));
    return;
  }
  yield put(formSaving());
  try {
    const saved: TransferOrderDetail & { warnings?: TransferWarning[] } = edit
      ? yield call(callApi, 'PUT', TRANSFER_PATHS.update, { ...body, id: form.id, version: form.version }, SILENT)
      : yield call(callApi, 'POST', TRANSFER_PATHS.create, { ...body, requestKey: form.requestKey }, SILENT);
    yield put(formClosed());
    if (saved) yield put(orderReplaced({ order: saved }));
    const orders: OrdersState = yield select(selectOrders);
    // Update answers the order alone, without what the drawer shows beside it (the caller's parties, the history).
    if (edit && form.id !== null && orders.detail?.id === form.id) yield put(detailRequested({ id: form.id }));
    yield all(Object.keys(orders.shown).map((resource) => put(crudActions.listRequested({ resource }))));
    yield call(showToast, translate(edit ? 'transfer.updated' : 'transfer.created', { no: saved?.manifestNo ?? '' }), 'success', 'tick');
  } catch (e) {
    const error = toCrudError(e);
    yield put(formStopped({ error, errors: error.validationErrors ?? [] }));
  }
}

export function* watchOrderForm(): SagaIterator {
  yield all([
    takeLatest(formEditOpened.type, loadFormOrderSaga),
    takeLatest(formSubmitted.type, submitOrderSaga),
  ]);
}
