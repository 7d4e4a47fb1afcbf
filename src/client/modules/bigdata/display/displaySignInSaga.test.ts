import { combineReducers } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { fork, take } from 'redux-saga/effects';
import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { StaticProvider } from 'redux-saga-test-plan/providers';
import { clearAuthCookies, storeAuthTokens, storeTenantId } from '../../../session/authCookies';
import { accessTokenRefused } from '../../../session/actions';
import { displayAuthenticate, type DisplayAuthenticateResult } from './displayApi';
import { keepSecretFromAddress, readStoredSecret, secretInFragment, wallUrl } from './displaySecret';
import { displayBootSaga, displaySignInSaga, exchangeDisplayToken, isRefusal, retryDelayMs } from './displaySignInSaga';
import { displaySignInActions, displaySignInSlice } from './displaySignInSlice';
import { hubLoop } from '../../../realtime/hubSaga';
import { fakeFactory, hubProviders, hubTestReducers } from '../../../realtime/test-support-hub';
import { virtualTimers } from '../../../../../test/support/virtual-timers';

const reducer = combineReducers({ displaySignIn: displaySignInSlice.reducer });
type State = ReturnType<typeof reducer>;
const SECRET = 'abcDEF123_-xyz';
const result = (accessToken: string, expireInSeconds = 86400): DisplayAuthenticateResult => ({
  accessToken, encryptedAccessToken: `enc-${accessToken}`, expireInSeconds, userId: 7, tenantId: 3,
});

const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
const answered = (status: number, details: string) => new AxiosError('failed', 'ERR_BAD_REQUEST', config, {}, {
  status, statusText: '', headers: {}, config,
  data: { result: null, success: false, error: { code: 0, message: '大屏登录被拒绝', details, validationErrors: null }, unAuthorizedRequest: true, __abp: true },
});
const unreachable = () => new AxiosError('Network Error', 'ERR_NETWORK', config, {});

/** Answers the exchanges in turn (a thrown error for an Error), then the last answer again. */
function exchanges(...answers: (DisplayAuthenticateResult | Error)[]) {
  const calls: string[] = [];
  const provider = {
    call(effect: { fn: unknown; args: unknown[] }, next: () => unknown) {
      if (effect.fn !== displayAuthenticate) return next();
      calls.push(String(effect.args[0]));
      const answer = answers[Math.min(calls.length, answers.length) - 1];
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { calls, provider };
}

const storing: StaticProvider[] = [
  [matchers.call.fn(storeAuthTokens), undefined],
  [matchers.call.fn(storeTenantId), undefined],
  [matchers.call.fn(clearAuthCookies), undefined],
];
const noWait = () => 1;

describe('the wall display sign-in', () => {
  it('exchanges the display token and stores the access token and tenant as a login does', async () => {
    const { calls, provider } = exchanges(result('a1'));
    const { storeState } = await expectSaga(displaySignInSaga, SECRET, noWait)
      .withReducer(reducer)
      .provide([...storing, provider])
      .call(storeAuthTokens, result('a1'), true)
      .call(storeTenantId, 3)
      .run({ timeout: 50, silenceTimeout: true });
    expect(calls).toEqual([SECRET]);
    expect((storeState as State).displaySignIn).toEqual({ status: 'signedIn', reason: null });
  });

  it('exchanges again when a call\'s access token is refused', async () => {
    const { calls, provider } = exchanges(result('a1'), result('a2'));
    const { storeState } = await expectSaga(displaySignInSaga, SECRET, noWait)
      .withReducer(reducer)
      .provide([...storing, provider])
      .call(storeAuthTokens, result('a2'), true)
      .dispatch(accessTokenRefused())
      .run({ timeout: 50, silenceTimeout: true });
    expect(calls).toEqual([SECRET, SECRET]);
    expect((storeState as State).displaySignIn.status).toBe('signedIn');
  });

  it('exchanges again before the access token expires', async () => {
    // Two short-lived tokens age out; the third exchange is refused, which ends the saga (and the run) there.
    const { calls, provider } = exchanges(result('short', 0.02), result('short', 0.02), answered(401, '大屏凭证已被吊销'));
    const { storeState } = await expectSaga(displaySignInSaga, SECRET, noWait)
      .withReducer(reducer)
      .provide([...storing, provider])
      .run(5000);
    expect(calls).toEqual([SECRET, SECRET, SECRET]);
    expect((storeState as State).displaySignIn.status).toBe('revoked');
  });

  it('stops for good when the display token is refused, with the server\'s reason, and forgets the access token', async () => {
    const { calls, provider } = exchanges(result('a1'), answered(401, '大屏凭证不存在或已被吊销'));
    const { storeState } = await expectSaga(displaySignInSaga, SECRET, noWait)
      .withReducer(reducer)
      .provide([...storing, provider])
      .dispatch(accessTokenRefused())
      .call(clearAuthCookies)
      .run();
    expect(calls).toEqual([SECRET, SECRET]);
    expect((storeState as State).displaySignIn).toEqual({ status: 'revoked', reason: '大屏凭证不存在或已被吊销' });
  });

  it('keeps trying while the server cannot be reached, waiting longer after each failure', async () => {
    const { calls, provider } = exchanges(unreachable(), answered(502, 'Bad gateway'), result('a1'));
    const waits: number[] = [];
    const { storeState } = await expectSaga(exchangeDisplayToken, SECRET, (attempt: number) => {
      waits.push(attempt);
      return 1;
    })
      .withReducer(reducer)
      .provide([...storing, provider])
      .returns(result('a1'))
      .run(5000);
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([0, 1]);
    expect((storeState as State).displaySignIn.status).toBe('signedIn');
  });

  it('tells a refusal from a failure to reach the server, and waits longer after each failure, at most a minute', () => {
    expect(isRefusal(answered(401, 'x'))).toBe(true);
    expect(isRefusal(answered(400, 'x'))).toBe(true);
    expect(isRefusal(answered(500, 'x'))).toBe(false);
    expect(isRefusal(unreachable())).toBe(false);
    expect([0, 1, 2, 3, 4, 10].map(retryDelayMs)).toEqual([5000, 10000, 20000, 40000, 60000, 60000]);
  });
});

describe('the wall display at start-up', () => {
  const boot = (location: { pathname: string; hash: string }, stored: string | null) => expectSaga(displayBootSaga, location)
    .withReducer(reducer)
    .provide([
      [matchers.call.fn(readStoredSecret), stored],
      [matchers.call.fn(keepSecretFromAddress), undefined],
      ...storing,
      // The sign-in runs detached from the start-up: refused at its first renewal, it ends with the test.
      exchanges(result('a1', 0.01), answered(401, 'revoked')).provider,
    ]);

  it('moves a secret from the address to storage and signs in with it before the session loads', async () => {
    await boot({ pathname: '/bigscreen', hash: `#display=${SECRET}` }, 'older')
      .call(keepSecretFromAddress, SECRET)
      .call(displayAuthenticate, SECRET)
      .put(displaySignInActions.signedIn())
      .run({ timeout: 50, silenceTimeout: true });
  });

  it('signs in with the stored secret', async () => {
    await boot({ pathname: '/bigscreen/', hash: '' }, SECRET)
      .not.call.fn(keepSecretFromAddress)
      .call(displayAuthenticate, SECRET)
      .run({ timeout: 50, silenceTimeout: true });
  });

  it('does nothing without a secret', async () => {
    const { storeState } = await boot({ pathname: '/bigscreen', hash: '' }, null).not.call.fn(displayAuthenticate).run();
    expect((storeState as State).displaySignIn.status).toBe('off');
  });

  it('reads the secret from the wall URL it hands out', () => {
    expect(secretInFragment(new URL(wallUrl('https://waste.example', SECRET)).hash)).toBe(SECRET);
    expect(secretInFragment('#x=1&display=abc')).toBe('abc');
    expect(secretInFragment('#displayx=abc')).toBeNull();
  });
});

describe('a wall whose display token is revoked', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('exchanges at once when the hub refuses its access token, and shows the refusal 5 s after the hub closed it', async () => {
    const { factory, created } = fakeFactory(['ok', 'refused']);
    const { calls, provider } = exchanges(result('a1'), answered(401, '大屏凭证已被吊销'));
    const { provider: hub } = hubProviders();
    const clock = virtualTimers();
    function* wall(): SagaIterator {
      yield fork(displaySignInSaga, SECRET);
      yield take(displaySignInActions.signedIn.type);
      yield fork(hubLoop, factory);
    }
    const run = expectSaga(wall)
      .withReducer(combineReducers({ displaySignIn: displaySignInSlice.reducer, ...hubTestReducers }))
      .provide([...storing, provider, hub, clock.provider])
      .run({ timeout: 500, silenceTimeout: true });
    await clock.advance(0);
    expect(created.map((c) => c.started)).toEqual([true]);
    // The revocation closes the wall's connection: it comes back after the reconnect interval and is refused.
    created[0].close();
    await clock.advance(4999);
    expect(calls).toEqual([SECRET]);
    await clock.advance(1);
    expect(created[1].started).toBe(false);
    expect(calls).toEqual([SECRET, SECRET]);
    const { storeState } = await run;
    expect((storeState as State).displaySignIn).toEqual({ status: 'revoked', reason: '大屏凭证已被吊销' });
  });
});
