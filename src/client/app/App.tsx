import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ROUTES } from '../../shared/navigation';
import { ErrorDialogHost } from '../api/errorDialog';
import Login2Page from '../modules/login/Login2Page';
import LoginPage from '../modules/login/LoginPage';
import { bootRequested } from '../session/actions';
import { useAppDispatch, useAppSelector } from './hooks';
import { NavigatorBridge } from './NavigatorBridge';
import { PageBoundary } from './PageBoundary';
import { RouteGuard } from './RouteGuard';
import { RoutePage } from './routePages';
import { selectApp } from '../session/selectors';

const Shell = lazy(() => import(/* webpackChunkName: "shell" */ '../shell/Shell'));
const LockScreen = lazy(() => import(/* webpackChunkName: "lock" */ '../shell/LockScreen'));
const WallPage = lazy(() => import(/* webpackChunkName: "bigdata" */ '../modules/bigdata/WallPage'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "error-pages" */ '../shell/NotFoundPage'));

// Bare routes (login, lock screen) sit outside the shell; every other route renders inside it.
const SHELL_ROUTES = ROUTES.filter((r) => !r.bare && !r.external);

function FullPageSpinner() {
  return (
    <div className="app-fullpage-state" data-testid="app-loading">
      <Spinner size={32} />
    </div>
  );
}

/** Waits for the start-up saga: routes are resolved only once the session is known. */
function BootGate({ children }: { children: React.ReactNode }) {
  const { boot, bootError } = useAppSelector(selectApp);
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  if (boot === 'ready') return <>{children}</>;
  if (boot === 'failed') {
    return (
      <div className="app-fullpage-state" data-testid="boot-failed">
        <NonIdealState
          icon="offline"
          title={t('shell.bootFailed')}
          description={<>{t('shell.bootFailedBody')}{bootError && <div className="app-muted">{bootError}</div>}</>}
          action={<Button intent="primary" icon="refresh" text={t('common.retry')} onClick={() => dispatch(bootRequested())} />}
        />
      </div>
    );
  }
  return <FullPageSpinner />;
}

export function App() {
  return (
    <BrowserRouter>
      <NavigatorBridge />
      <ErrorDialogHost />
      <BootGate>
        <RouteGuard>
          <Suspense fallback={<FullPageSpinner />}>
            <Routes>
              <Route path="/" element={<LoginPage />} />
              <Route path="/login2" element={<Login2Page />} />
              <Route path="/locking" element={<PageBoundary><LockScreen /></PageBoundary>} />
              <Route path="/bigscreen" element={<PageBoundary><WallPage /></PageBoundary>} />
              <Route element={<Shell />}>
                {SHELL_ROUTES.map((route) => (
                  <Route key={route.name} path={route.path} element={<RoutePage route={route} />} />
                ))}
                <Route path="*" element={<NotFoundPage />} />
              </Route>
            </Routes>
          </Suspense>
        </RouteGuard>
      </BootGate>
    </BrowserRouter>
  );
}
