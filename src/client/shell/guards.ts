import { findRouteByPath, type RouteEntry } from '../../shared/navigation';

export const LOGIN_PATH = '/';
export const HOME_PATH = '/main/home';
export const LOCKING_PATH = '/locking';
export const FORBIDDEN_PATH = '/error-403';

export interface GuardContext {
  locked: boolean;
  loggedIn: boolean;
  canAccess(route: RouteEntry): boolean;
}

/**
 * The navigation rules of §2, applied to every navigation; returns where to go instead, or null to stay:
 * locked → lock screen; no session user → login (login routes excepted); logged in on a login route → home;
 * a route whose permission the user lacks → error-403.
 */
export function resolveRedirect(pathname: string, ctx: GuardContext): string | null {
  const route = findRouteByPath(pathname);
  if (ctx.locked) return route?.kind === 'locking' ? null : LOCKING_PATH;
  if (!ctx.loggedIn) return route?.kind === 'login' ? null : LOGIN_PATH;
  if (route?.kind === 'login' || route?.kind === 'locking') return HOME_PATH;
  if (route && !ctx.canAccess(route)) return FORBIDDEN_PATH;
  return null;
}
