import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './app/base.css';
import { FocusStyleManager } from '@blueprintjs/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { showErrorDialog } from './api/errorDialog';
import { http } from './api/http';
import { installInterceptors } from './api/interceptors';
import { accessTokenRefused, bootRequested, sessionExpired } from './session/actions';
import { selectSignsInByDisplayToken } from './modules/bigdata/display/displaySignInSlice';
import { App } from './app/App';
import { initialAppState } from './session/appSlice';
import { createAppStore } from './app/store';
import { initI18n, languageFromCookie, translate } from './i18n';
import { installIconLoader } from './util/icons';
import { COOKIE, readCookie } from './util/cookies';
import { readJson, STORAGE_KEYS } from './util/storage';

// Focus rings only for keyboard users: the shell is keyboard-usable without outlining every clicked button.
FocusStyleManager.onlyShowFocusOnTabs();
installIconLoader();

const language = languageFromCookie();
const i18n = initI18n(language);

const store = createAppStore({
  preloadedState: {
    app: {
      ...initialAppState,
      language,
      locked: readCookie(COOKIE.locking) === '1',
      sidebarCollapsed: readJson<boolean>(STORAGE_KEYS.sidebarCollapsed, false),
    },
  },
});

installInterceptors(http, {
  language: () => store.getState().app.language,
  translate: (key) => translate(key),
  showError: showErrorDialog,
  onUnauthorized: () => {
    // A wall signs itself in again with its display token: a refused token there ends no session.
    if (!selectSignsInByDisplayToken(store.getState())) store.dispatch(sessionExpired());
  },
  onTokenRefused: () => store.dispatch(accessTokenRefused()),
});

store.dispatch(bootRequested());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <App />
      </I18nextProvider>
    </Provider>
  </StrictMode>,
);
