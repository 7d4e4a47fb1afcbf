import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import { callApi } from '../../api/http';
import { crudActions as A, crudReducer, initialCrudState } from '../../crud/slice';
import type { CrudState } from '../../crud/types';
import { showToast } from '../../util/toaster';
import { isBalanced } from '../../../shared/recycling';
import { booksRequested, booksSlice, RECONCILIATION_PATH, watchBooks, type BooksState } from './books';
import {
  ADJUST_PATH, adjustClosed, adjustOpened, adjustRequested, initialLedgerAdjustState, ledgerAdjustSlice, watchLedgerAdjust,
  type LedgerAdjustState,
} from './ledgerAdjust';

type ApiCall = [method: string, url: string, payload?: Record<string, unknown>, options?: { silent?: boolean }];
type State = { crud: CrudState; ledgerAdjust: LedgerAdjustState };
const reducer = combineReducers({ crud: crudReducer, ledgerAdjust: ledgerAdjustSlice.reducer });

const opened = adjustOpened(41);
const initial = (): State => ({ crud: initialCrudState, ledgerAdjust: ledgerAdjustSlice.reducer(initialLedgerAdjustState, opened) });

const answering = (answer: (args: ApiCall) => unknown): EffectProviders => ({
  call(effect, next) {
    if (effect.fn === showToast) return undefined;
    return effect.fn === callApi ? answer(effect.args as ApiCall) : next();
  },
});

describe('adjusting a household’s points by hand', () => {
  it('chooses a request id when the dialog opens, one per dialog', () => {
    expect(opened.payload.requestId).toMatch(/^[\w-]{36}$/);
    expect(adjustOpened(41).payload.requestId).not.toBe(opened.payload.requestId);
  });

  it('sends every attempt of one dialog under its request id, then refreshes the ledger and the households', async () => {
    const calls: ApiCall[] = [];
    let fail = true;
    const result = await expectSaga(watchLedgerAdjust)
      .withReducer(reducer, initial())
      .provide(answering((args) => {
        calls.push(args);
        if (fail) {
          fail = false;
          throw Object.assign(new Error('Network Error'), { code: 'ERR_NETWORK' });
        }
        return { id: 9 };
      }))
      .dispatch(adjustRequested({ points: 7, remark: '社区活动奖励' }))
      .delay(20)
      .dispatch(adjustRequested({ points: 7, remark: '社区活动奖励' }))
      .put(A.listRequested({ resource: 'Integral@household' }))
      .put(A.listRequested({ resource: 'BHUsers' }))
      .silentRun(50);
    const body = { householdId: 41, points: 7, remark: '社区活动奖励', requestId: opened.payload.requestId };
    expect(calls).toEqual([['POST', ADJUST_PATH, body, { silent: true }], ['POST', ADJUST_PATH, body, { silent: true }]]);
    expect((result.storeState as State).ledgerAdjust).toEqual(initialLedgerAdjustState);
  });

  it('keeps a refusal in the open dialog, which cannot be closed while it sends', async () => {
    const refusal = Object.assign(new Error('积分不足'), { response: { status: 400, data: { error: { message: '积分不足（当前余额 5）' } } } });
    const { storeState } = await expectSaga(watchLedgerAdjust)
      .withReducer(reducer, initial())
      .provide(answering(() => { throw refusal; }))
      .dispatch(adjustRequested({ points: -9, remark: '兑换' }))
      .silentRun(50);
    const state = (storeState as State).ledgerAdjust;
    expect(state).toMatchObject({ householdId: 41, running: false });
    expect(state.error).not.toBeNull();
    const running = ledgerAdjustSlice.reducer(state, adjustRequested({ points: -9, remark: '兑换' }));
    expect(ledgerAdjustSlice.reducer(running, adjustClosed())).toBe(running);
  });
});

describe('checking the books', () => {
  it('asks the server for the reconciliation and keeps what it proved', async () => {
    const books = { households: 4, accounts: 1, postings: 31, householdsOff: 0, accountsOff: 0, unbalancedPostings: 0, negativeBalances: 0, booksTotal: 0 };
    const paths: string[] = [];
    const { storeState } = await expectSaga(watchBooks)
      .withReducer(combineReducers({ books: booksSlice.reducer }))
      .provide(answering((args) => { paths.push(args[1]); return books; }))
      .dispatch(booksRequested())
      .silentRun(50);
    expect(paths).toEqual([RECONCILIATION_PATH]);
    expect((storeState as { books: BooksState }).books).toEqual({ checking: false, books, error: null });
    expect(isBalanced(books)).toBe(true);
    expect(isBalanced({ ...books, householdsOff: 1 })).toBe(false);
    expect(isBalanced({ ...books, booksTotal: 5 })).toBe(false);
  });
});
