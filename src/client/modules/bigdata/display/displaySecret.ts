import { readJson, removeItem, STORAGE_KEYS, writeJson } from '../../../util/storage';

/** The wall's bare route: a control room's display opens it and stays. */
export const WALL_PATH = '/bigscreen';

/** The fragment that carries a display token's secret the one time an administrator's wall URL is opened. */
const SECRET_FRAGMENT = /(?:^#|&)display=([A-Za-z0-9_-]+)/;

export interface WallLocation {
  pathname: string;
  hash: string;
}

/** The wall URL an administrator hands out: the fragment never reaches a server or its logs. */
export const wallUrl = (origin: string, secret: string): string => `${origin}${WALL_PATH}#display=${secret}`;

export function readWallLocation(): WallLocation | null {
  return typeof window === 'undefined' ? null : { pathname: window.location.pathname, hash: window.location.hash };
}

export const isWallPath = (pathname: string): boolean => pathname.replace(/\/+$/, '') === WALL_PATH;

export const secretInFragment = (hash: string): string | null => SECRET_FRAGMENT.exec(hash)?.[1] ?? null;

/** Keeps the secret where the next start finds it, and takes it out of the address bar (no one reads it off the wall). */
export function keepSecretFromAddress(secret: string): void {
  writeJson(STORAGE_KEYS.displayToken, secret);
  if (typeof window !== 'undefined') window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

export function readStoredSecret(): string | null {
  return readJson<string | null>(STORAGE_KEYS.displayToken, null);
}

export function forgetStoredSecret(): void {
  removeItem(STORAGE_KEYS.displayToken);
}
