import type { AuthenticateResult } from '../api/types';
import { COOKIE, LANGUAGE_COOKIE_MS, removeCookie, writeCookie } from '../util/cookies';

// The cookies that carry a signed-in session: written by a login, a wall's display sign-in and a password change,
// removed by a logout. Kept apart from the sagas that use them, which otherwise import one another.

/** Token cookies: kept for the token's lifetime with "remember me", for the browser session otherwise. */
export function storeAuthTokens(result: Pick<AuthenticateResult, 'accessToken' | 'encryptedAccessToken' | 'expireInSeconds'>, remember: boolean): void {
  const maxAge = remember ? result.expireInSeconds * 1000 : undefined;
  writeCookie(COOKIE.authToken, result.accessToken, maxAge);
  writeCookie(COOKIE.encAuthToken, result.encryptedAccessToken, maxAge);
}

/** The tenant cookie: which tenant anonymous calls speak to (a signed-in user's calls go by the token). */
export function storeTenantId(tenantId: number | null): void {
  if (tenantId == null) removeCookie(COOKIE.tenantId);
  else writeCookie(COOKIE.tenantId, String(tenantId), LANGUAGE_COOKIE_MS);
}

export function clearAuthCookies(): void {
  removeCookie(COOKIE.authToken);
  removeCookie(COOKIE.encAuthToken);
  removeCookie(COOKIE.locking);
}
