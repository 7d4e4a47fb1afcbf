import { findRouteByPath, type RouteEntry } from '../../shared/navigation';

const LOGIN_PATH = '/';
export const HOME_PATH = '/main/home';
export const LOCKING_PATH = '/locking';
const FORBIDDEN_PATH = '/error-403';

export interface GuardContext {
  locked: boolean;
  loggedIn: boolean;
  canAccess(route: RouteEntry): boolean;
  /** Where an unlocked lock screen leads (the page stored when locking); home by default. */
  unlockReturnPath?: string | null;
}

/**
 * The navigation rules, applied to every navigation; returns where to go instead, or null to stay:
 * locked → lock screen; no session user → login (login routes excepted); logged in on a login route → home;
 * a route whose permission the user lacks → error-403. A logged-in user on the lock screen while not locked goes
 * on to the page stored when locking.
 */
export function resolveRedirect(pathname: string, ctx: GuardContext): string | null {
  const route = findRouteByPath(pathname);
  if (ctx.locked) return route?.kind === 'locking' ? null : LOCKING_PATH;
  if (!ctx.loggedIn) return route?.kind === 'login' ? null : LOGIN_PATH;
  if (route?.kind === 'locking') return ctx.unlockReturnPath || HOME_PATH;
  if (route?.kind === 'login') return HOME_PATH;
  if (route && !ctx.canAccess(route)) return FORBIDDEN_PATH;
  return null;
}
