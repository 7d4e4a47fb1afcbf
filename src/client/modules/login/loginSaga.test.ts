import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { authenticate, getCurrentLoginInformations, getUserConfiguration, isTenantAvailable, resetPassword } from '../../api/services';
import type { AuthenticateInput, AuthenticateResult } from '../../api/types';
import { sessionLoaded } from '../../session/appSlice';
import { type RootState, rootReducer } from '../../app/store';
import { realtimeStartRequested } from '../../realtime/actions';
import { abpFailure, serverConfiguration, TENANT_SESSION } from '../../app/test-support';
import { configureMapKey } from '../../util/amap';
import { navigateTo } from '../../util/navigator';
import { storeAuthTokens } from '../../session/authCookies';
import { checkTenantSaga, loginSaga, passwordResetSaga, storeTenant } from './loginSaga';
import {
  loginFailed, loginRequested, loginSucceeded, passwordResetAsked, passwordResetCancelled, passwordResetRequested, tenantCheckRequested, tenantResolved,
} from './loginSlice';

const initialState = (): RootState => rootReducer(undefined, { type: '@@init' });

const INPUT: AuthenticateInput = { userNameOrEmailAddress: 'admin', password: '123qwe', rememberClient: true };
const TOKEN: AuthenticateResult = { accessToken: 'jwt', encryptedAccessToken: 'enc', expireInSeconds: 86400, userId: 2 };

describe('login saga', () => {
  it('authenticates, stores the tokens, loads configuration and session, starts the hub and opens home', async () => {
    const config = serverConfiguration({ loggedIn: true, granted: ['Pages.Users', 'Pages.Roles'] });
    const { storeState } = await expectSaga(loginSaga, loginRequested(INPUT))
      .withReducer(rootReducer, rootReducer(initialState(), loginRequested(INPUT)))
      .provide([
        [matchers.call.fn(authenticate), TOKEN],
        [matchers.call.fn(storeAuthTokens), undefined],
        [matchers.call.fn(getUserConfiguration), config],
        [matchers.call.fn(getCurrentLoginInformations), TENANT_SESSION],
        [matchers.call.fn(configureMapKey), undefined],
        [matchers.call.fn(navigateTo), undefined],
      ])
      .call(authenticate, INPUT)
      .call(storeAuthTokens, TOKEN, true)
      .put(sessionLoaded(TENANT_SESSION))
      .put(realtimeStartRequested())
      .put(loginSucceeded())
      .call(navigateTo, '/main/home', true)
      .run();
    const state = storeState as RootState;
    expect(state.login).toMatchObject({ submitting: false, error: null });
    expect(state.app.session.user?.userName).toBe('admin');
    expect(state.app.menu.find((m) => m.group === 'setting')?.routes).toEqual(['user', 'role']);
  });

  it('keeps the user on the login screen with the server reason when authentication fails', async () => {
    const failure = abpFailure(500, 'Login failed!', 'Invalid user name or password');
    const { storeState } = await expectSaga(loginSaga, loginRequested(INPUT))
      .withReducer(rootReducer, rootReducer(initialState(), loginRequested(INPUT)))
      .provide([
        [matchers.call.fn(authenticate), throwError(failure)],
        [matchers.call.fn(navigateTo), undefined],
      ])
      .put(loginFailed('Invalid user name or password'))
      .not.call.fn(storeAuthTokens)
      .not.call.fn(getUserConfiguration)
      .not.put(loginSucceeded())
      .not.call.fn(navigateTo)
      .run();
    const state = storeState as RootState;
    expect(state.login).toMatchObject({ submitting: false, error: 'Invalid user name or password' });
    expect(state.app.session.user).toBeNull();
  });
});

describe('first login of a user who must choose a new password', () => {
  const ASKED = { shouldResetPassword: true as const, passwordResetCode: 'code-1', userId: 2, accessToken: null };
  const pending = () => rootReducer(rootReducer(initialState(), loginRequested(INPUT)), passwordResetAsked({ userId: 2, resetCode: 'code-1', rememberClient: true }));

  it('keeps no token from the login and asks for the new password', async () => {
    const { storeState } = await expectSaga(loginSaga, loginRequested(INPUT))
      .withReducer(rootReducer, rootReducer(initialState(), loginRequested(INPUT)))
      .provide([[matchers.call.fn(authenticate), ASKED]])
      .put(passwordResetAsked({ userId: 2, resetCode: 'code-1', rememberClient: true }))
      .not.call.fn(storeAuthTokens)
      .not.call.fn(getCurrentLoginInformations)
      .not.put(loginSucceeded())
      .not.call.fn(navigateTo)
      .run();
    expect((storeState as RootState).login).toMatchObject({ submitting: false, error: null, reset: { userId: 2, resetCode: 'code-1', rememberClient: true } });
  });

  it('sets the new password with the code, then signs in as a login does', async () => {
    const config = serverConfiguration({ loggedIn: true, granted: ['Pages.Users'] });
    const { storeState } = await expectSaga(passwordResetSaga, passwordResetRequested('Granite55'))
      .withReducer(rootReducer, rootReducer(pending(), passwordResetRequested('Granite55')))
      .provide([
        [matchers.call.fn(resetPassword), TOKEN],
        [matchers.call.fn(storeAuthTokens), undefined],
        [matchers.call.fn(getUserConfiguration), config],
        [matchers.call.fn(getCurrentLoginInformations), TENANT_SESSION],
        [matchers.call.fn(configureMapKey), undefined],
        [matchers.call.fn(navigateTo), undefined],
      ])
      .call(resetPassword, { userId: 2, resetCode: 'code-1', password: 'Granite55' }, { silent: true })
      .call(storeAuthTokens, TOKEN, true)
      .put(sessionLoaded(TENANT_SESSION))
      .put(loginSucceeded())
      .call(navigateTo, '/main/home', true)
      .run();
    const state = storeState as RootState;
    expect(state.login).toMatchObject({ submitting: false, error: null, reset: null });
    expect(state.app.mustChangePassword).toBe(false);
  });

  it('stays on the new-password form with the server\'s reason when it refuses (a code past its time, a common password)', async () => {
    const failure = abpFailure(400, 'Your request is not valid!', 'The reset code is not valid or has expired; log in again');
    const { storeState } = await expectSaga(passwordResetSaga, passwordResetRequested('Granite55'))
      .withReducer(rootReducer, rootReducer(pending(), passwordResetRequested('Granite55')))
      .provide([[matchers.call.fn(resetPassword), throwError(failure)]])
      .put(loginFailed('The reset code is not valid or has expired; log in again'))
      .not.call.fn(storeAuthTokens)
      .not.call.fn(navigateTo)
      .run();
    expect((storeState as RootState).login).toMatchObject({ submitting: false, error: expect.any(String), reset: { resetCode: 'code-1' } });
    expect(rootReducer(storeState as RootState, passwordResetCancelled()).login.reset).toBeNull();
  });
});

describe('tenant switch saga', () => {
  it('stores the tenant id of an available tenant', async () => {
    await expectSaga(checkTenantSaga, tenantCheckRequested(' Default '))
      .provide([
        [matchers.call.fn(isTenantAvailable), { state: 1, tenantId: 1 }],
        [matchers.call.fn(storeTenant), undefined],
      ])
      .call(isTenantAvailable, 'Default')
      .call(storeTenant, 'Default', 1)
      .put(tenantResolved({ tenancyName: 'Default', tenantId: 1, status: 'available' }))
      .run();
  });

  it.each([
    [2, 'inactive'],
    [3, 'notFound'],
  ] as const)('leaves the tenant cookie alone when the state is %i (%s)', async (stateCode, status) => {
    await expectSaga(checkTenantSaga, tenantCheckRequested('Acme'))
      .provide([[matchers.call.fn(isTenantAvailable), { state: stateCode, tenantId: null }]])
      .put(tenantResolved({ tenancyName: 'Acme', tenantId: null, status }))
      .not.call.fn(storeTenant)
      .run();
  });

  it('switches to the host for an empty tenancy name without asking the server', async () => {
    await expectSaga(checkTenantSaga, tenantCheckRequested('   '))
      .provide([[matchers.call.fn(storeTenant), undefined]])
      .call(storeTenant, '', null)
      .put(tenantResolved({ tenancyName: '', tenantId: null, status: 'host' }))
      .not.call.fn(isTenantAvailable)
      .run();
  });
});
