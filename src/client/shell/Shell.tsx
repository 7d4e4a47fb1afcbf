import './shell.css';
import { HotkeysProvider, Spinner } from '@blueprintjs/core';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { findRouteByPath } from '../../shared/navigation';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { PageBoundary } from '../app/PageBoundary';
import { selectCanAccess, selectIsLoggedIn } from '../session/selectors';
import { STORAGE_KEYS, writeJson } from '../util/storage';
import { ContractExpiryPopup } from './ContractExpiryPopup';
import { RequiredPasswordChange } from './RequiredPasswordChange';
import { Header } from './Header';
import { noticesRequested } from './noticesSlice';
import { Sidebar } from './Sidebar';
import { TabsBar } from './TabsBar';
import { opensTab, tabOpened } from './tabsSlice';

/** The main shell around every route except login and the lock screen. */
export default function Shell() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const collapsed = useAppSelector((s) => s.app.sidebarCollapsed);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const canAccess = useAppSelector(selectCanAccess);

  // Every page reached (menu, link, address bar, back button) gets or activates its tab.
  useEffect(() => {
    const route = findRouteByPath(location.pathname);
    if (opensTab(route) && canAccess(route)) dispatch(tabOpened(route.name));
  }, [location.pathname, canAccess, dispatch]);

  useEffect(() => {
    if (loggedIn) dispatch(noticesRequested());
  }, [loggedIn, dispatch]);

  useEffect(() => writeJson(STORAGE_KEYS.sidebarCollapsed, collapsed), [collapsed]);

  // The table and dialogs of the pages register hotkeys; the provider collects them (and serves the "?" help dialog).
  return (
    <HotkeysProvider>
      <div className={`app-shell${collapsed ? ' is-collapsed' : ''}`} data-testid="shell">
        <Sidebar collapsed={collapsed} />
        <div className="app-main">
          <Header />
          <TabsBar />
          <main className="app-content" id="main-content">
            <PageBoundary key={location.pathname}>
              <Suspense fallback={<div className="app-page-loading"><Spinner size={28} /></div>}>
                <Outlet />
              </Suspense>
            </PageBoundary>
          </main>
        </div>
        <ContractExpiryPopup />
        <RequiredPasswordChange />
      </div>
    </HotkeysProvider>
  );
}
