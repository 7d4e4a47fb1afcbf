import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import type { DisplayTokenDto } from '../../../../shared/bigdata';
import { showToast } from '../../../util/toaster';
import { fetchWallSettings } from '../api';
import { createDisplayToken, fetchDisplayAccounts, fetchDisplayTokens, revokeDisplayToken, updateWallSettings } from './wallAdminApi';
import { currentOrigin, watchWallAdmin } from './wallAdminSaga';
import { wallAdminActions as A, wallAdminSlice } from './wallAdminSlice';

const reducer = combineReducers({ wallAdmin: wallAdminSlice.reducer });
type State = ReturnType<typeof reducer>;
const token: DisplayTokenDto = { id: 4, name: 'Hall A', userId: 7, userName: 'wall', creationTime: '2026-11-25T10:00:00', lastUsedTime: null, revokedTime: null };
const run = (...actions: { type: string }[]) => {
  const saga = expectSaga(watchWallAdmin).withReducer(reducer).provide([
    [matchers.call.fn(fetchWallSettings), { title: null, rotateSeconds: 30, replayMinutes: 60 }],
    [matchers.call.fn(fetchDisplayTokens), [token]],
    [matchers.call.fn(fetchDisplayAccounts), [{ id: 7, userName: 'wall' }]],
    [matchers.call.fn(createDisplayToken), { id: 4, token: 'SECRET' }],
    [matchers.call.fn(currentOrigin), 'https://waste.example'],
    [matchers.call.fn(updateWallSettings), throwError(Object.assign(new Error('400'), {
      response: { status: 400, data: { error: { message: 'invalid', details: null, validationErrors: [{ message: 'too short', members: ['rotateSeconds'] }] } } },
    }))],
    [matchers.call.fn(revokeDisplayToken), null],
    [matchers.call.fn(showToast), undefined],
  ]);
  for (const action of actions) saga.dispatch(action);
  return saga.run({ timeout: 50, silenceTimeout: true });
};

describe('the wall settings dialog saga', () => {
  it('loads settings, tokens and accounts, and shows an issued token\'s wall URL once', async () => {
    const { storeState } = await run(A.opened(), A.issueRequested({ userId: 7, name: 'Hall A' }));
    const state = (storeState as State).wallAdmin;
    expect(state.accounts).toEqual([{ id: 7, userName: 'wall' }]);
    expect(state.tokens).toEqual([token]);
    expect(state.issuedUrl).toBe('https://waste.example/bigscreen#display=SECRET');
    expect(reducer(storeState as State, A.closed()).wallAdmin.issuedUrl).toBeNull();
  });

  it('keeps a refused save with the field the server named', async () => {
    const { storeState } = await run(A.saveRequested({ title: null, rotateSeconds: 1, replayMinutes: 60 }));
    const failure = (storeState as State).wallAdmin.failure;
    expect(failure?.task).toBe('save');
    expect(failure?.error.validationErrors?.[0].members).toEqual(['rotateSeconds']);
  });

  it('revokes after the confirmation and reads the list again', async () => {
    const { storeState } = await run(A.revokeAsked(token), A.revokeRequested(4));
    expect((storeState as State).wallAdmin).toMatchObject({ confirmingRevoke: null, running: null, tokens: [token] });
  });
});
