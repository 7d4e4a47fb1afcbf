import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { StaticProvider } from 'redux-saga-test-plan/providers';
import { changeUserLanguage } from '../api/services';
import { switchLanguage } from '../i18n';
import { COOKIE, LANGUAGE_COOKIE_MS, writeCookie } from '../util/cookies';
import { navigateTo } from '../util/navigator';
import { showToast } from '../util/toaster';
import { languageChangeRequested, logoutRequested, sessionExpired } from './actions';
import { changeLanguageSaga, clearPageCache, logoutSaga } from './accountSaga';
import { clearAuthCookies } from './authCookies';
import { languageChanged, loggedOut, sessionLoaded } from './appSlice';
import { type RootState, rootReducer } from '../app/store';
import { TENANT_SESSION } from '../app/test-support';
import { tabOpened } from '../shell/tabsSlice';

const anonymous = (): RootState => rootReducer(undefined, { type: '@@init' });
const loggedIn = (): RootState => rootReducer(rootReducer(anonymous(), sessionLoaded(TENANT_SESSION)), tabOpened('user'));

describe('language switch saga', () => {
  const providers: StaticProvider[] = [
    [matchers.call.fn(writeCookie), undefined],
    [matchers.call.fn(changeUserLanguage), null],
    [matchers.call.fn(switchLanguage), undefined],
  ];

  it('stores the cookie for ≈5 years, tells the server for a logged-in user and switches the interface', async () => {
    const { storeState } = await expectSaga(changeLanguageSaga, languageChangeRequested('en-US'))
      .withReducer(rootReducer, loggedIn())
      .provide(providers)
      .call(writeCookie, COOKIE.language, 'en-US', LANGUAGE_COOKIE_MS)
      .call(changeUserLanguage, 'en-US')
      .call(switchLanguage, 'en-US')
      .put(languageChanged('en-US'))
      .run();
    expect((storeState as RootState).app.language).toBe('en-US');
  });

  it('does not call the server before login', async () => {
    await expectSaga(changeLanguageSaga, languageChangeRequested('en-US'))
      .withReducer(rootReducer, anonymous())
      .provide(providers)
      .not.call.fn(changeUserLanguage)
      .put(languageChanged('en-US'))
      .run();
  });
});

describe('logout saga', () => {
  // What a logout touches outside the store: the cookies, the page cache, the location, a toast.
  const LOGOUT_EFFECTS: StaticProvider[] = [
    [matchers.call.fn(clearAuthCookies), undefined],
    [matchers.call.fn(clearPageCache), undefined],
    [matchers.call.fn(navigateTo), undefined],
    [matchers.call.fn(showToast), undefined],
  ];

  it('clears cookies and page cache, forgets the user and goes to login', async () => {
    const { storeState } = await expectSaga(logoutSaga, logoutRequested())
      .withReducer(rootReducer, loggedIn())
      .provide(LOGOUT_EFFECTS)
      .call(clearAuthCookies)
      .call(clearPageCache)
      .put(loggedOut())
      .call(navigateTo, '/', true)
      .not.call.fn(showToast)
      .run();
    const state = storeState as RootState;
    expect(state.app.session.user).toBeNull();
    expect(state.tabs.opened).toEqual(['home']);
  });

  it('tells the user when the session expired (401)', async () => {
    await expectSaga(logoutSaga, sessionExpired())
      .withReducer(rootReducer, loggedIn())
      .provide(LOGOUT_EFFECTS)
      .call.fn(showToast)
      .put(loggedOut())
      .run();
  });
});
