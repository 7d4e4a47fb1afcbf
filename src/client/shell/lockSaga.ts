import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLeading } from 'redux-saga/effects';
import { findRouteByName, findRouteByPath } from '../../shared/navigation';
import { authenticate } from '../api/services';
import type { SessionTenant, SessionUser } from '../api/types';
import { lockRequested, unlockRequested } from '../session/actions';
import { lockChanged, unlocked, unlockFailed, unlockStarted } from '../session/appSlice';
import { selectTenant, selectUser } from '../session/selectors';
import { translate } from '../i18n';
import { COOKIE, removeCookie, writeCookie } from '../util/cookies';
import { currentPath, navigateTo } from '../util/navigator';
import { readJson, removeItem, STORAGE_KEYS, writeJson } from '../util/storage';
import { LOCKING_PATH } from './guards';
import { HOME_TAB } from './tabsSlice';

/** Outlives the access token (one day): a locked screen must stay locked across a browser restart. */
export const LOCK_COOKIE_MS = 7 * 24 * 3600 * 1000;

export function rememberLockedPage(): void {
  const route = findRouteByPath(currentPath());
  writeJson(STORAGE_KEYS.lockedPage, route && !route.bare ? route.name : HOME_TAB);
}

/** Where unlocking returns to: the page stored when locking, home otherwise. */
export function takeLockedPagePath(): string {
  const name = readJson<string | null>(STORAGE_KEYS.lockedPage, null);
  removeItem(STORAGE_KEYS.lockedPage);
  const route = name ? findRouteByName(name) : undefined;
  return route && !route.bare && !route.external ? route.path : '/main/home';
}

/** Screen lock: cookie `locking=1`, the last page name stored, then the lock screen. */
export function* lockSaga(): SagaIterator {
  yield call(rememberLockedPage);
  yield call(writeCookie, COOKIE.locking, '1', LOCK_COOKIE_MS);
  yield put(lockChanged(true));
  yield call(navigateTo, LOCKING_PATH);
}

/** Unlock: the password is verified by authenticating the session user again (in the session's tenant). */
export function* unlockSaga(action: ReturnType<typeof unlockRequested>): SagaIterator {
  yield put(unlockStarted());
  const user: SessionUser | null = yield select(selectUser);
  const tenant: SessionTenant | null = yield select(selectTenant);
  if (!user) {
    yield put(unlockFailed(translate('errors.notLoggedIn')));
    return;
  }
  try {
    yield call(
      authenticate,
      { userNameOrEmailAddress: user.userName, password: action.payload.password, rememberClient: false },
      // An empty tenant header means "host" to the server and keeps the interceptor from adding the cookie's tenant.
      { silent: true, headers: { 'Abp.TenantId': tenant ? String(tenant.id) : '' } },
    );
  } catch {
    yield put(unlockFailed(translate('shell.unlockFailed')));
    return;
  }
  yield call(removeCookie, COOKIE.locking);
  const path: string = yield call(takeLockedPagePath);
  // The route guard takes the user from the lock screen to `path` (see appSlice.unlocked).
  yield put(unlocked(path));
}

export function* watchLock(): SagaIterator {
  yield takeLeading(lockRequested.type, lockSaga);
  yield takeLeading(unlockRequested.type, unlockSaga);
}
