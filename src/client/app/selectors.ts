import { createSelector } from '@reduxjs/toolkit';
import type { RouteEntry } from '../../shared/navigation';
import { isGranted, isHostSession, isLoggedIn } from './config';
import type { RootState } from './store';

export const selectApp = (state: RootState) => state.app;
const selectConfig = (state: RootState) => state.app.config;
export const selectUser = (state: RootState) => state.app.session.user;
export const selectTenant = (state: RootState) => state.app.session.tenant;
export const selectLanguage = (state: RootState) => state.app.language;
export const selectLocked = (state: RootState) => state.app.locked;
export const selectMenu = (state: RootState) => state.app.menu;
export const selectIsLoggedIn = (state: RootState) => isLoggedIn(state.app.session);
const selectIsHost = (state: RootState) => isHostSession(state.app.session);
export const selectTabs = (state: RootState) => state.tabs;
export const selectNotices = (state: RootState) => state.notices;
export const selectLogin = (state: RootState) => state.login;

/** A permission test bound to the current configuration (memoised so components can depend on it). */
const selectIsGranted = createSelector([selectConfig], (config) => (permission: string) => isGranted(config, permission));

/** Whether the current user may open a route: its permission, and host-only routes for host users. */
export const selectCanAccess = createSelector([selectIsGranted, selectIsHost], (granted, host) => (route: RouteEntry) =>
  (!route.permission || granted(route.permission)) && (!route.hostOnly || host));
