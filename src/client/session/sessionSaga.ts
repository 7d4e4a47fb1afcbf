import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLeading } from 'redux-saga/effects';
import { findRouteByName } from '../../shared/navigation';
import { getCurrentLoginInformations, getUserConfiguration } from '../api/services';
import type { LoginInformations, UserConfiguration } from '../api/types';
import { languageFromBrowser } from '../i18n';
import { isWallPath, readWallLocation, type WallLocation } from '../modules/bigdata/display/displaySecret';
import { realtimeStartRequested } from '../realtime/actions';
import { sanitizeTabs, type TabsState, tabsRestored } from '../shell/tabsSlice';
import { configureMapKey } from '../util/amap';
import { COOKIE, CULTURE_COOKIE_MS, readCookie, writeCookie } from '../util/cookies';
import { bareHostUrl, redirectTo } from '../util/navigator';
import { readJson, STORAGE_KEYS } from '../util/storage';
import { bootRequested } from './actions';
import { type AppState, bootFailed, bootStarted, bootSucceeded, configLoaded, menuBuilt, sessionLoaded } from './appSlice';
import { computeMenu, isGranted, isHostSession, shouldStartRealtime } from './config';
import { selectApp } from './selectors';

/** Sets `.AspNetCore.Culture` from the browser language when the browser has none yet (≈182 days). */
export function ensureCultureCookie(browserLanguage: string | undefined): void {
  if (readCookie(COOKIE.culture)) return;
  const language = languageFromBrowser(browserLanguage);
  writeCookie(COOKIE.culture, `c=${language}|uic=${language}`, CULTURE_COOKIE_MS);
}

export function browserLanguage(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language;
}

export function currentLocation(): Pick<Location, 'hostname' | 'href'> {
  return window.location;
}

export function loadPersistedTabs(): Partial<TabsState> | null {
  return readJson<Partial<TabsState> | null>(STORAGE_KEYS.tabs, null);
}

/**
 * Configuration, then session: `AbpUserConfiguration/GetAll` deep-merged into the global configuration,
 * `Session/GetCurrentLoginInformations`, and the hub when the user is logged in and both real-time features are on.
 * Used at start-up and again after a login (the configuration then carries the user's permissions).
 */
export function* loadSessionSaga(): SagaIterator {
  const config: UserConfiguration = yield call(getUserConfiguration);
  yield put(configLoaded(config));
  const session: LoginInformations = yield call(getCurrentLoginInformations);
  yield put(sessionLoaded(session));
  const app: AppState = yield select(selectApp);
  if (shouldStartRealtime(app.config, app.session)) yield put(realtimeStartRequested());
}

/** The menu list and the page cache (opened tabs) for the current user, and the map key. */
export function* initShellStateSaga(restoreTabs: boolean): SagaIterator {
  const app: AppState = yield select(selectApp);
  yield put(menuBuilt(computeMenu(app.config, app.session)));
  if (restoreTabs && app.session.user) {
    const persisted: Partial<TabsState> | null = yield call(loadPersistedTabs);
    const host = isHostSession(app.session);
    const canOpen = (name: string) => {
      const route = findRouteByName(name);
      return !!route && (!route.permission || isGranted(app.config, route.permission)) && (!route.hostOnly || host);
    };
    yield put(tabsRestored(sanitizeTabs(persisted, canOpen)));
  }
  yield call(configureMapKey, app.config.custom?.amapKey ?? null);
}

type DisplayBoot = (location: WallLocation) => SagaIterator;

/** The wall's sign-in by display token comes in its own chunk, fetched only on the wall's path. */
export const loadDisplayBoot = async (): Promise<DisplayBoot> =>
  (await import(/* webpackChunkName: "display-sign-in" */ '../modules/bigdata/display/displaySignInSaga')).displayBootSaga;

/** Start-up: the culture cookie, the redirect from a bare host to www, then the session and the restored tabs. */
export function* bootSaga(): SagaIterator {
  yield put(bootStarted());
  try {
    const language: string | undefined = yield call(browserLanguage);
    yield call(ensureCultureCookie, language);
    const location: Pick<Location, 'hostname' | 'href'> = yield call(currentLocation);
    const bareHost: string | null = yield call(bareHostUrl, location);
    if (bareHost) {
      yield call(redirectTo, bareHost);
      return;
    }
    // A wall display signs in with its display token first, so the session loaded next is its account's.
    const wall: WallLocation | null = yield call(readWallLocation);
    if (wall && isWallPath(wall.pathname)) {
      const displayBoot: DisplayBoot = yield call(loadDisplayBoot);
      yield call(displayBoot, wall);
    }
    yield call(loadSessionSaga);
    yield call(initShellStateSaga, true);
    yield put(bootSucceeded());
  } catch (error) {
    yield put(bootFailed(error instanceof Error ? error.message : String(error)));
  }
}

export function* watchBoot(): SagaIterator {
  yield takeLeading(bootRequested.type, bootSaga);
}
