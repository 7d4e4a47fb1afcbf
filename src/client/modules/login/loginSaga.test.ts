import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { authenticate, getCurrentLoginInformations, getUserConfiguration, isTenantAvailable } from '../../api/services';
import type { AuthenticateInput, AuthenticateResult } from '../../api/types';
import { sessionLoaded } from '../../session/appSlice';
import { type RootState, rootReducer } from '../../app/store';
import { realtimeStartRequested } from '../../realtime/actions';
import { abpFailure, serverConfiguration, TENANT_SESSION } from '../../app/test-support';
import { configureMapKey } from '../../util/amap';
import { navigateTo } from '../../util/navigator';
import { storeAuthTokens } from '../../session/authCookies';
import { checkTenantSaga, loginSaga, storeTenant } from './loginSaga';
import { loginFailed, loginRequested, loginSucceeded, tenantCheckRequested, tenantResolved } from './loginSlice';

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
