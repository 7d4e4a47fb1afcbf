import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest } from 'redux-saga/effects';
import { crudPath } from '../../../shared/resource-kit';
import type { Reconciliation } from '../../../shared/recycling';
import { callApi } from '../../api/http';
import type { RootState } from '../../app/store';
import { rootReducer } from '../../app/store';
import { toCrudError, type CrudError } from '../../crud';
import { loggedOut } from '../../session/appSlice';

export const RECONCILIATION_PATH = crudPath('Integral', 'GetReconciliation');

export interface BooksState {
  checking: boolean;
  books: Reconciliation | null;
  error: CrudError | null;
}

const initialBooksState: BooksState = { checking: false, books: null, error: null };

export const booksSlice = createSlice({
  name: 'books',
  initialState: initialBooksState,
  reducers: {
    booksRequested: (state) => ({ ...state, checking: true, error: null }),
    booksChecked: (_state, { payload }: PayloadAction<Reconciliation>) => ({ checking: false, books: payload, error: null }),
    booksFailed: (_state, { payload }: PayloadAction<CrudError>) => ({ checking: false, books: null, error: payload }),
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialBooksState),
}).injectInto(rootReducer);

export const { booksRequested, booksChecked, booksFailed } = booksSlice.actions;
export const selectBooks = (state: RootState) => booksSlice.selectSlice(state);

export function* checkBooksSaga(): SagaIterator {
  try {
    const books: Reconciliation = yield call(callApi, 'GET', RECONCILIATION_PATH);
    yield put(booksChecked(books));
  } catch (e) {
    yield put(booksFailed(toCrudError(e)));
  }
}

export function* watchBooks(): SagaIterator {
  yield takeLatest(booksRequested.type, checkBooksSaga);
}
