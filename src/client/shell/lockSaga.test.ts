import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { authenticate } from '../api/services';
import { unlockRequested } from '../session/actions';
import { lockChanged, sessionLoaded, unlocked, unlockFailed } from '../session/appSlice';
import { type RootState, rootReducer } from '../app/store';
import { abpFailure, TENANT_SESSION } from '../app/test-support';
import { COOKIE, removeCookie, writeCookie } from '../util/cookies';
import { navigateTo } from '../util/navigator';
import { LOCK_COOKIE_MS, lockSaga, rememberLockedPage, takeLockedPagePath, unlockSaga } from './lockSaga';

const loggedIn = (): RootState => rootReducer(rootReducer(undefined, { type: '@@init' }), sessionLoaded(TENANT_SESSION));

describe('screen lock sagas', () => {
  it('locking stores the page, sets locking=1 and goes to the lock screen', async () => {
    const { storeState } = await expectSaga(lockSaga)
      .withReducer(rootReducer, loggedIn())
      .provide([
        [matchers.call.fn(rememberLockedPage), undefined],
        [matchers.call.fn(writeCookie), undefined],
        [matchers.call.fn(navigateTo), undefined],
      ])
      .call(rememberLockedPage)
      .call(writeCookie, COOKIE.locking, '1', LOCK_COOKIE_MS)
      .put(lockChanged(true))
      .call(navigateTo, '/locking')
      .run();
    expect((storeState as RootState).app.locked).toBe(true);
  });

  it('unlocking re-authenticates the session user in its tenant and returns to the stored page', async () => {
    const locked = rootReducer(loggedIn(), lockChanged(true));
    const { storeState } = await expectSaga(unlockSaga, unlockRequested({ password: '123qwe' }))
      .withReducer(rootReducer, locked)
      .provide([
        [matchers.call.fn(authenticate), { accessToken: 'a', encryptedAccessToken: 'e', expireInSeconds: 86400, userId: 2 }],
        [matchers.call.fn(removeCookie), undefined],
        [matchers.call.fn(takeLockedPagePath), '/basicinformation/wastecode'],
      ])
      .call(
        authenticate,
        { userNameOrEmailAddress: 'admin', password: '123qwe', rememberClient: false },
        { silent: true, headers: { 'Abp.TenantId': '1' } },
      )
      .call(removeCookie, COOKIE.locking)
      .put(unlocked('/basicinformation/wastecode'))
      .run();
    const state = storeState as RootState;
    expect(state.app.locked).toBe(false);
    // The guard now sends the lock screen on to the stored page.
    expect(state.app.unlockReturnPath).toBe('/basicinformation/wastecode');
  });

  it('a wrong password keeps the screen locked', async () => {
    const locked = rootReducer(loggedIn(), lockChanged(true));
    const { storeState } = await expectSaga(unlockSaga, unlockRequested({ password: 'nope' }))
      .withReducer(rootReducer, locked)
      .provide([[matchers.call.fn(authenticate), throwError(abpFailure(500, 'Login failed!', 'Invalid user name or password'))]])
      .put.actionType(unlockFailed.type)
      .not.call.fn(removeCookie)
      .not.put.actionType(unlocked.type)
      .run();
    const state = storeState as RootState;
    expect(state.app.locked).toBe(true);
    expect(state.app.unlock.error).toBeTruthy();
  });
});
