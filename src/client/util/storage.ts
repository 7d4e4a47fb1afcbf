// localStorage can throw (private mode, quota, disabled storage): the shell must keep working without it.

export const STORAGE_KEYS = {
  tabs: 'shell.tabs',
  lockedPage: 'shell.lockedPage',
  sidebarCollapsed: 'shell.sidebarCollapsed',
  tenancyName: 'login.tenancyName',
  userName: 'login.userName',
  contractExpiryDismissedAt: 'shell.contractExpiryDismissedAt',
  /** A wall display's token secret (src/client/modules/bigdata/display). */
  displayToken: 'bigdata.displayToken',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readJson<T>(key: StorageKey, fallback: T): T {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw == null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Persisting is a convenience; losing it only costs the user a re-opened tab.
  }
}

export function removeItem(key: StorageKey): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // see writeJson
  }
}
