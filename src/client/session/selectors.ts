import { createSelector } from '@reduxjs/toolkit';
import type { RouteEntry } from '../../shared/navigation';
import { DEFAULT_TIME_ZONE } from '../../shared/time';
import { isGranted, isHostSession, isLoggedIn } from './config';
import type { AppState } from './appSlice';

/** What the session kernel reads of the store: the `app` slice; the composition root's state holds it. */
export interface SessionRootState {
  app: AppState;
}
/** A state holding these parts of the session (screens and their test beds declare no more than they read). */
type Holding<K extends keyof AppState> = { app: Pick<AppState, K> };

export const selectApp = (state: SessionRootState) => state.app;
const selectConfig = (state: Holding<'config'>) => state.app.config;
export const selectUser = (state: Holding<'session'>) => state.app.session.user;
export const selectTenant = (state: Holding<'session'>) => state.app.session.tenant;
export const selectLanguage = (state: Holding<'language'>) => state.app.language;
export const selectLocked = (state: Holding<'locked'>) => state.app.locked;
export const selectMenu = (state: Holding<'menu'>) => state.app.menu;
/**
 * The tenant's time zone: the one way components (`useTimeZone`) and sagas (`select`) learn on which clock to read
 * instants and count days. A store without the session kernel (a screen's own test bed) is on the default zone.
 */
export const selectTimeZone = (state: { app?: { timeZone?: string } }): string => state.app?.timeZone ?? DEFAULT_TIME_ZONE;
export const selectIsLoggedIn = (state: Holding<'session'>) => isLoggedIn(state.app.session);
const selectIsHost = (state: Holding<'session'>) => isHostSession(state.app.session);

/** A permission test bound to the current configuration (memoised so components can depend on it). */
export const selectIsGranted = createSelector([selectConfig], (config) => (permission: string) => isGranted(config, permission));

/** Whether the current user may open a route: its permission, and host-only routes for host users. */
export const selectCanAccess = createSelector([selectIsGranted, selectIsHost], (granted, host) => (route: RouteEntry) =>
  (!route.permission || granted(route.permission)) && (!route.hostOnly || host));

/** How the product writes a person: family name then given name, else the login name (as the server writes a declarant). */
export function personName(user: { surname?: string | null; name?: string | null; userName?: string | null } | null | undefined): string {
  if (!user) return '';
  return `${user.surname ?? ''}${user.name ?? ''}`.trim() || user.userName || '';
}

export const selectUserDisplayName = (state: Holding<'session'>) => personName(state.app.session.user);
