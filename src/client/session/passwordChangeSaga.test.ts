// The password change the server asks for at login, and what a change does to the session: the server revokes every
// earlier token, so the client signs in again with the new password to go on working.
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { authenticate, changePassword, getCurrentLoginInformations, getUserConfiguration } from '../api/services';
import type { AuthenticateInput, AuthenticateResult } from '../api/types';
import { loginSaga } from '../modules/login/loginSaga';
import { storeAuthTokens } from './authCookies';
import { loginRequested } from '../modules/login/loginSlice';
import { configureMapKey } from '../util/amap';
import { navigateTo } from '../util/navigator';
import { showToast } from '../util/toaster';
import { passwordChangeRequested, sessionExpired } from './actions';
import { changePasswordSaga } from './accountSaga';
import { passwordChanged, passwordChangeFailed, passwordChangeRequired, sessionLoaded } from './appSlice';
import { type RootState, rootReducer } from '../app/store';
import { abpFailure, serverConfiguration, TENANT_SESSION } from '../app/test-support';

const anonymous = (): RootState => rootReducer(undefined, { type: '@@init' });
const INPUT: AuthenticateInput = { userNameOrEmailAddress: 'admin', password: '123qwe', rememberClient: false };
const TOKEN: AuthenticateResult = { accessToken: 'jwt', encryptedAccessToken: 'enc', expireInSeconds: 86400, userId: 2 };

async function logIn(result: AuthenticateResult): Promise<RootState> {
  const { storeState } = await expectSaga(loginSaga, loginRequested(INPUT))
    .withReducer(rootReducer, rootReducer(anonymous(), loginRequested(INPUT)))
    .provide([
      [matchers.call.fn(authenticate), result],
      [matchers.call.fn(storeAuthTokens), undefined],
      [matchers.call.fn(getUserConfiguration), serverConfiguration({ loggedIn: true, granted: [] })],
      [matchers.call.fn(getCurrentLoginInformations), TENANT_SESSION],
      [matchers.call.fn(configureMapKey), undefined],
      [matchers.call.fn(navigateTo), undefined],
    ])
    .run();
  return storeState as RootState;
}

describe('login', () => {
  it('remembers that the server asks for a new password', async () => {
    expect((await logIn({ ...TOKEN, shouldChangePasswordOnNextLogin: true })).app.mustChangePassword).toBe(true);
  });

  it('asks nothing when the server does not', async () => {
    expect((await logIn({ ...TOKEN, shouldChangePasswordOnNextLogin: false })).app.mustChangePassword).toBe(false);
    expect((await logIn(TOKEN)).app.mustChangePassword).toBe(false);
  });
});

describe('start-up', () => {
  it('keeps asking after a reload while the server says the new password is owed', () => {
    const owed = { ...TENANT_SESSION, user: { ...TENANT_SESSION.user!, shouldChangePasswordOnNextLogin: true } };
    expect(rootReducer(anonymous(), sessionLoaded(owed)).app.mustChangePassword).toBe(true);
    const settled = { ...TENANT_SESSION, user: { ...TENANT_SESSION.user!, shouldChangePasswordOnNextLogin: false } };
    expect(rootReducer(rootReducer(anonymous(), passwordChangeRequired(true)), sessionLoaded(settled)).app.mustChangePassword).toBe(false);
  });
});

describe('password change', () => {
  const loggedIn = () => rootReducer(rootReducer(anonymous(), sessionLoaded(TENANT_SESSION)), passwordChangeRequired(true));
  const CHANGE = { currentPassword: '123qwe', newPassword: 'Harbour77' };

  it('signs in again with the new password, keeps the fresh token and stops asking', async () => {
    const fresh = { ...TOKEN, accessToken: 'jwt-2' };
    const { storeState } = await expectSaga(changePasswordSaga, passwordChangeRequested(CHANGE))
      .withReducer(rootReducer, loggedIn())
      .provide([
        [matchers.call.fn(changePassword), true],
        [matchers.call.fn(authenticate), fresh],
        [matchers.call.fn(storeAuthTokens), undefined],
        [matchers.call.fn(showToast), undefined],
      ])
      .call(changePassword, CHANGE, { silent: true })
      .call(authenticate, { userNameOrEmailAddress: TENANT_SESSION.user!.userName, password: 'Harbour77', rememberClient: false }, { silent: true })
      .call(storeAuthTokens, fresh, false)
      .put(passwordChanged())
      .run();
    expect((storeState as RootState).app.mustChangePassword).toBe(false);
  });

  it('keeps asking, with the server\'s reason, when the change is refused', async () => {
    const { storeState } = await expectSaga(changePasswordSaga, passwordChangeRequested(CHANGE))
      .withReducer(rootReducer, loggedIn())
      .provide([[matchers.call.fn(changePassword), throwError(abpFailure(500, 'Incorrect password.'))]])
      .put(passwordChangeFailed('Incorrect password.'))
      .not.call.fn(authenticate)
      .run();
    expect((storeState as RootState).app.mustChangePassword).toBe(true);
  });

  it('ends the session when signing in again fails (the old token no longer works)', async () => {
    await expectSaga(changePasswordSaga, passwordChangeRequested(CHANGE))
      .withReducer(rootReducer, loggedIn())
      .provide([
        [matchers.call.fn(changePassword), true],
        [matchers.call.fn(authenticate), throwError(new Error('network'))],
      ])
      .put(sessionExpired())
      .not.put(passwordChanged())
      .run();
  });
});
