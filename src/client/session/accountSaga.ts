import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { apiErrorMessage } from '../api/errors';
import { authenticate, changePassword, changeUserLanguage } from '../api/services';
import type { LoginAnswer } from '../api/types';
import { clearAuthCookies, storeAuthTokens } from './authCookies';
import { type Language, switchLanguage, translate } from '../i18n';
import { COOKIE, LANGUAGE_COOKIE_MS, writeCookie } from '../util/cookies';
import { navigateTo } from '../util/navigator';
import { removeItem, STORAGE_KEYS } from '../util/storage';
import { showToast } from '../util/toaster';
import { languageChangeRequested, logoutRequested, passwordChangeRequested, sessionExpired } from './actions';
import { languageChanged, loggedOut, passwordChanged, passwordChangeFailed, passwordChangeStarted } from './appSlice';
import { selectIsLoggedIn, selectUser } from './selectors';

export function clearPageCache(): void {
  removeItem(STORAGE_KEYS.tabs);
  removeItem(STORAGE_KEYS.lockedPage);
}

/** Logout (or an expired token): clear the cookies and the page cache, forget the user, stop the hub, go to login. */
export function* logoutSaga(action: { type: string }): SagaIterator {
  yield call(clearAuthCookies);
  yield call(clearPageCache);
  yield put(loggedOut());
  if (action.type === sessionExpired.type) yield call(showToast, translate('errors.notLoggedIn'), 'warning', 'warning-sign');
  yield call(navigateTo, '/', true);
}

/** Language switch: cookie (≈5 years), the user's setting on the server when logged in, then the interface. */
export function* changeLanguageSaga(action: ReturnType<typeof languageChangeRequested>): SagaIterator {
  const language: Language = action.payload;
  yield call(writeCookie, COOKIE.language, language, LANGUAGE_COOKIE_MS);
  const loggedIn: boolean = yield select(selectIsLoggedIn);
  if (loggedIn) {
    try {
      yield call(changeUserLanguage, language);
    } catch {
      // The interceptor showed the error; the interface still switches, the cookie carries the choice.
    }
  }
  yield call(switchLanguage, language);
  yield put(languageChanged(language));
}

export function* changePasswordSaga(action: ReturnType<typeof passwordChangeRequested>): SagaIterator {
  yield put(passwordChangeStarted());
  try {
    // Silent: the dialog shows the reason (e.g. a wrong current password) next to the fields.
    yield call(changePassword, action.payload, { silent: true });
  } catch (error) {
    yield put(passwordChangeFailed(apiErrorMessage(error, translate)));
    return;
  }
  // The change revoked every token of the user, this one too: sign in again with the new password to go on working.
  const user: ReturnType<typeof selectUser> = yield select(selectUser);
  const userName = user?.userName;
  try {
    const result: LoginAnswer = yield call(authenticate,
      { userNameOrEmailAddress: userName ?? '', password: action.payload.newPassword, rememberClient: false }, { silent: true });
    // A password just chosen is never one to replace; if the server asks anyway, the login screen takes over.
    if (result.shouldResetPassword) throw new Error('a new password is asked for again');
    yield call(storeAuthTokens, result, false);
  } catch {
    yield put(sessionExpired());
    return;
  }
  yield put(passwordChanged());
  yield call(showToast, translate('shell.passwordChanged'), 'success', 'tick');
}

export function* watchAccount(): SagaIterator {
  yield takeLeading([logoutRequested.type, sessionExpired.type], logoutSaga);
  yield takeLatest(languageChangeRequested.type, changeLanguageSaga);
  yield takeLeading(passwordChangeRequested.type, changePasswordSaga);
}
