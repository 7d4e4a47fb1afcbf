import Cookies from 'js-cookie';

/** Client-side cookie names shared with the server and with ABP clients. */
export const COOKIE = {
  authToken: 'Abp.AuthToken',
  encAuthToken: 'enc_auth_token',
  tenantId: 'Abp.TenantId',
  language: 'Abp.Localization.CultureName',
  culture: '.AspNetCore.Culture',
  locking: 'locking',
} as const;

type CookieName = (typeof COOKIE)[keyof typeof COOKIE];

/** The language cookie lives about five years and the culture cookie about six months, so a clerk's choice outlasts sessions. */
export const LANGUAGE_COOKIE_MS = 1.5768e11;
export const CULTURE_COOKIE_MS = 182 * 24 * 3600 * 1000;

export function readCookie(name: CookieName): string | undefined {
  return Cookies.get(name);
}

/** Without `maxAgeMs` the cookie ends with the browser session. */
export function writeCookie(name: CookieName, value: string, maxAgeMs?: number): void {
  Cookies.set(name, value, {
    path: '/',
    sameSite: 'lax',
    expires: maxAgeMs === undefined ? undefined : new Date(Date.now() + maxAgeMs),
  });
}

export function removeCookie(name: CookieName): void {
  Cookies.remove(name, { path: '/' });
}

/** `Abp.TenantId` as a number; ABP treats a non-numeric value ("null") as no tenant. */
export function readTenantIdCookie(): number | null {
  const raw = readCookie(COOKIE.tenantId);
  const id = raw ? Number.parseInt(raw, 10) : Number.NaN;
  return Number.isFinite(id) ? id : null;
}
