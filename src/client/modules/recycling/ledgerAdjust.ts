import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import { bhusers } from '../../../shared/resources';
import { crudPath } from '../../../shared/resource-kit';
import { callApi } from '../../api/http';
import type { RootState } from '../../app/store';
import { rootReducer } from '../../app/store';
import { crudActions, toCrudError, type CrudError } from '../../crud';
import { translate } from '../../i18n';
import { loggedOut } from '../../session/appSlice';
import { showToast } from '../../util/toaster';
import { HOUSEHOLD_LEDGER_KEY } from './ledgerView';

export const ADJUST_PATH = crudPath('Integral', 'IncreasePointsOpt');

/**
 * The manual adjustment dialog. Its request id is chosen when it opens, so that sending again after a lost answer
 * (a double click, a timeout) is the same posting, never a second one.
 */
export interface LedgerAdjustState {
  householdId: number | null;
  requestId: string | null;
  running: boolean;
  error: CrudError | null;
}

export const initialLedgerAdjustState: LedgerAdjustState = { householdId: null, requestId: null, running: false, error: null };

export const ledgerAdjustSlice = createSlice({
  name: 'ledgerAdjust',
  initialState: initialLedgerAdjustState,
  reducers: {
    adjustOpened: {
      reducer: (_state, { payload }: PayloadAction<{ householdId: number; requestId: string }>) => ({ ...initialLedgerAdjustState, ...payload }),
      prepare: (householdId: number) => ({ payload: { householdId, requestId: crypto.randomUUID() } }),
    },
    adjustClosed: (state) => (state.running ? state : initialLedgerAdjustState),
    adjustRequested(state, _action: PayloadAction<{ points: number; remark: string }>) {
      state.running = true;
      state.error = null;
    },
    adjustSucceeded: () => initialLedgerAdjustState,
    adjustFailed(state, { payload }: PayloadAction<CrudError>) {
      state.running = false;
      state.error = payload;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialLedgerAdjustState),
}).injectInto(rootReducer);

export const { adjustOpened, adjustClosed, adjustRequested, adjustSucceeded, adjustFailed } = ledgerAdjustSlice.actions;
export const selectLedgerAdjust = (state: RootState) => ledgerAdjustSlice.selectSlice(state);

export function* adjustSaga(requestId: string, householdId: number, { payload }: ReturnType<typeof adjustRequested>): SagaIterator {
  try {
    yield call(callApi, 'POST', ADJUST_PATH, { householdId, points: payload.points, remark: payload.remark, requestId }, { silent: true });
    yield put(adjustSucceeded());
    yield call(showToast, translate('recycling.adjusted'), 'success', 'tick');
    // The drawer's entries and the household's balance in the list have moved.
    yield put(crudActions.listRequested({ resource: HOUSEHOLD_LEDGER_KEY }));
    yield put(crudActions.listRequested({ resource: bhusers.name }));
  } catch (e) {
    yield put(adjustFailed(toCrudError(e)));
  }
}

/** Sends the dialog's adjustment under the request id it opened with. */
function* adjustFromDialog(action: ReturnType<typeof adjustRequested>): SagaIterator {
  const { householdId, requestId }: LedgerAdjustState = yield select(selectLedgerAdjust);
  if (householdId !== null && requestId !== null) yield call(adjustSaga, requestId, householdId, action);
}

export function* watchLedgerAdjust(): SagaIterator {
  yield takeLatest(adjustRequested.type, adjustFromDialog);
}
