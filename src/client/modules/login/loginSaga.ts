import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { apiErrorMessage } from '../../api/errors';
import { authenticate, isTenantAvailable, resetPassword } from '../../api/services';
import { type AuthenticateResult, type IsTenantAvailableResult, type LoginAnswer, TenantAvailability } from '../../api/types';
import { passwordChangeRequired } from '../../session/appSlice';
import { initShellStateSaga, loadSessionSaga } from '../../session/sessionSaga';
import { storeAuthTokens, storeTenantId } from '../../session/authCookies';
import { translate } from '../../i18n';
import { readTenantIdCookie } from '../../util/cookies';
import { navigateTo } from '../../util/navigator';
import { readJson, STORAGE_KEYS, writeJson } from '../../util/storage';
import {
  DEFAULT_TENANCY_NAME,
  loginFailed,
  loginPageOpened,
  loginRequested,
  loginSucceeded,
  passwordResetAsked,
  passwordResetRequested,
  selectLogin,
  tenantCheckRequested,
  tenantChecking,
  tenantResolved,
} from './loginSlice';

/** The tenant cookie, and the tenancy name the login form shows next time. */
export function storeTenant(tenancyName: string, tenantId: number | null): void {
  storeTenantId(tenantId);
  writeJson(STORAGE_KEYS.tenancyName, tenancyName);
}

/** Signed in: keep the tokens, load the configuration and session again (they now carry the user) and open home. */
function* signedIn(result: AuthenticateResult, rememberClient: boolean): SagaIterator {
  yield call(storeAuthTokens, result, rememberClient);
  yield put(passwordChangeRequired(result.shouldChangePasswordOnNextLogin === true));
  yield call(loadSessionSaga);
  yield call(initShellStateSaga, false);
  yield put(loginSucceeded());
  yield call(navigateTo, '/main/home', true);
}

/**
 * Sign in. A user who must choose a new password gets no token but a reset code: the screen then asks for the new
 * password (`passwordResetSaga` completes the sign-in).
 */
export function* loginSaga(action: ReturnType<typeof loginRequested>): SagaIterator {
  try {
    const result: LoginAnswer = yield call(authenticate, action.payload);
    if (result.shouldResetPassword) {
      yield put(passwordResetAsked({ userId: result.userId, resetCode: result.passwordResetCode, rememberClient: action.payload.rememberClient }));
      return;
    }
    yield call(signedIn, result, action.payload.rememberClient);
  } catch (error) {
    // The interceptor already showed the error modal; the form keeps a short reason next to the button.
    yield put(loginFailed(apiErrorMessage(error, translate)));
  }
}

/** The new password with the login's reset code: the server sets it and answers the token. */
export function* passwordResetSaga(action: ReturnType<typeof passwordResetRequested>): SagaIterator {
  const { reset }: ReturnType<typeof selectLogin> = yield select(selectLogin);
  if (!reset) return;
  try {
    // Silent: the form shows the reason (a rule broken, a code past its time) next to the fields.
    const result: AuthenticateResult = yield call(resetPassword,
      { userId: reset.userId, resetCode: reset.resetCode, password: action.payload }, { silent: true });
    yield call(signedIn, result, reset.rememberClient);
  } catch (error) {
    yield put(loginFailed(apiErrorMessage(error, translate)));
  }
}

/** Tenant switch: an empty name means the host; otherwise ask the server whether the tenant can be used. */
export function* checkTenantSaga(action: ReturnType<typeof tenantCheckRequested>): SagaIterator {
  const tenancyName = action.payload.trim();
  if (!tenancyName) {
    yield call(storeTenant, '', null);
    yield put(tenantResolved({ tenancyName: '', tenantId: null, status: 'host' }));
    return;
  }
  yield put(tenantChecking(tenancyName));
  try {
    const result: IsTenantAvailableResult = yield call(isTenantAvailable, tenancyName);
    if (result.state === TenantAvailability.available && result.tenantId != null) {
      yield call(storeTenant, tenancyName, result.tenantId);
      yield put(tenantResolved({ tenancyName, tenantId: result.tenantId, status: 'available' }));
    } else {
      const status = result.state === TenantAvailability.inactive ? 'inactive' : 'notFound';
      yield put(tenantResolved({ tenancyName, tenantId: null, status }));
    }
  } catch {
    yield put(tenantResolved({ tenancyName, tenantId: null, status: 'failed' }));
  }
}

/** The tenant shown when the login screen opens: the last choice, or the default tenant on a first visit. */
export function* loginPageOpenedSaga(): SagaIterator {
  const stored: string | null = yield call(readJson, STORAGE_KEYS.tenancyName, null);
  const cookieTenantId: number | null = yield call(readTenantIdCookie);
  const tenancyName = stored ?? DEFAULT_TENANCY_NAME;
  if (tenancyName && cookieTenantId != null && stored != null) {
    yield put(tenantResolved({ tenancyName, tenantId: cookieTenantId, status: 'available' }));
  } else {
    yield call(checkTenantSaga, tenantCheckRequested(tenancyName));
  }
}

export function* watchLogin(): SagaIterator {
  yield takeLeading(loginRequested.type, loginSaga);
  yield takeLeading(passwordResetRequested.type, passwordResetSaga);
  yield takeLatest(tenantCheckRequested.type, checkTenantSaga);
  yield takeLatest(loginPageOpened.type, loginPageOpenedSaga);
}
