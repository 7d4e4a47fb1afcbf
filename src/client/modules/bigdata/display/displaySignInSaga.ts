import { isAxiosError } from 'axios';
import type { SagaIterator } from 'redux-saga';
import { call, delay, put, race, spawn, take } from 'redux-saga/effects';
import { apiErrorMessage } from '../../../api/errors';
import { translate } from '../../../i18n';
import { clearAuthCookies, storeAuthTokens, storeTenantId } from '../../../session/authCookies';
import { accessTokenRefused } from '../../../session/actions';
import { displayAuthenticate, type DisplayAuthenticateResult } from './displayApi';
import { keepSecretFromAddress, readStoredSecret, secretInFragment, type WallLocation } from './displaySecret';
import { displaySignInActions as A } from './displaySignInSlice';

/** An access token is exchanged again at this share of its lifetime, so a wall never holds an expired one. */
export const RENEW_AT = 0.9;

/** Waits between exchanges while the server cannot be reached: doubling from 5 s, at most a minute. */
export const retryDelayMs = (attempt: number): number => Math.min(60_000, 5_000 * 2 ** attempt);

/** The server answered the exchange with a 4xx: the token will not work by asking again (revoked, inactive, malformed). */
export function isRefusal(error: unknown): boolean {
  const status = isAxiosError(error) ? error.response?.status : undefined;
  return status !== undefined && status >= 400 && status < 500;
}

/** One exchange, tried until the server answers: its result stored as a login's, or null once the token is refused. */
export function* exchangeDisplayToken(secret: string, retryDelay = retryDelayMs): SagaIterator<DisplayAuthenticateResult | null> {
  yield put(A.signingIn());
  for (let attempt = 0; ; attempt += 1) {
    try {
      const result: DisplayAuthenticateResult = yield call(displayAuthenticate, secret);
      // Kept for the token's lifetime: a wall is restarted without anybody to sign it in.
      yield call(storeAuthTokens, result, true);
      yield call(storeTenantId, result.tenantId);
      yield put(A.signedIn());
      return result;
    } catch (error) {
      if (isRefusal(error)) {
        yield call(clearAuthCookies);
        yield put(A.revoked(apiErrorMessage(error, translate)));
        return null;
      }
      yield delay(retryDelay(attempt));
    }
  }
}

/**
 * Keeps a wall signed in with its display token: exchanges it, then again when any call's access token is refused
 * (revoked by a changed security stamp) or the token ages. Stops for good when the display token itself is refused.
 */
export function* displaySignInSaga(secret: string, retryDelay = retryDelayMs): SagaIterator {
  for (;;) {
    const result: DisplayAuthenticateResult | null = yield call(exchangeDisplayToken, secret, retryDelay);
    if (!result) return;
    yield race({ refused: take(accessTokenRefused), ageing: delay(result.expireInSeconds * 1000 * RENEW_AT) });
  }
}

/**
 * Start-up on the wall's path: a secret in the address moves to storage; with a secret, the wall signs in before the
 * session loads (so the session is the display account's) and stays signed in, detached from the start-up.
 */
export function* displayBootSaga(location: WallLocation): SagaIterator {
  const fromAddress = secretInFragment(location.hash);
  if (fromAddress) yield call(keepSecretFromAddress, fromAddress);
  const secret: string | null = fromAddress ?? (yield call(readStoredSecret));
  if (!secret) return;
  // Marked before the sign-in starts: the spawned saga's own first put may land only after this one looks.
  yield put(A.signingIn());
  yield spawn(displaySignInSaga, secret);
  yield take([A.signedIn.type, A.revoked.type]);
}
