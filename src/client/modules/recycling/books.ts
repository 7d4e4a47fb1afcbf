import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest } from 'redux-saga/effects';
import { crudPath } from '../../../shared/resource-kit';
import { callApi } from '../../api/http';
import type { RootState } from '../../app/store';
import { rootReducer } from '../../app/store';
import { toCrudError, type CrudError } from '../../crud';
import { loggedOut } from '../../session/appSlice';

export const RECONCILIATION_PATH = crudPath('Integral', 'GetReconciliation');

/** What `Integral/GetReconciliation` proves over the whole ledger. */
export interface Books {
  households: number;
  postings: number;
  householdsOff: number;
  accountsOff: number;
  unbalancedPostings: number;
  negativeBalances: number;
  booksTotal: number;
}

export const isBalanced = (b: Books): boolean =>
  b.householdsOff + b.accountsOff + b.unbalancedPostings + b.negativeBalances === 0 && b.booksTotal === 0;

export interface BooksState {
  checking: boolean;
  books: Books | null;
  error: CrudError | null;
}

const initialBooksState: BooksState = { checking: false, books: null, error: null };

export const booksSlice = createSlice({
  name: 'books',
  initialState: initialBooksState,
  reducers: {
    booksRequested: (state) => ({ ...state, checking: true, error: null }),
    booksChecked: (_state, { payload }: PayloadAction<Books>) => ({ checking: false, books: payload, error: null }),
    booksFailed: (_state, { payload }: PayloadAction<CrudError>) => ({ checking: false, books: null, error: payload }),
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialBooksState),
}).injectInto(rootReducer);

export const { booksRequested, booksChecked, booksFailed } = booksSlice.actions;
export const selectBooks = (state: RootState) => booksSlice.selectSlice(state);

export function* checkBooksSaga(): SagaIterator {
  try {
    const books: Books = yield call(callApi, 'GET', RECONCILIATION_PATH);
    yield put(booksChecked(books));
  } catch (e) {
    yield put(booksFailed(toCrudError(e)));
  }
}

export function* watchBooks(): SagaIterator {
  yield takeLatest(booksRequested.type, checkBooksSaga);
}
