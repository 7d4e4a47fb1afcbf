// Sagas navigate through this bridge: the router's `navigate` is registered by a component inside <BrowserRouter>.
// Before the router mounts (or in tests) it falls back to a full page load.

type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: NavigateFn | null = null;

export function setNavigator(fn: NavigateFn | null): void {
  navigateImpl = fn;
}

export function currentPath(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname;
}

export function navigateTo(to: string, replace = false): void {
  if (typeof window !== 'undefined' && `${window.location.pathname}${window.location.search}` === to) return;
  if (navigateImpl) navigateImpl(to, { replace });
  else if (typeof window !== 'undefined') window.location.assign(to);
}

/** The bare host for a `www.` host, or null: visits on www.<host> are sent to <host> (start-up rule). */
export function bareHostUrl(location: Pick<Location, 'hostname' | 'href'>): string | null {
  if (!location.hostname.toLowerCase().startsWith('www.')) return null;
  const url = new URL(location.href);
  url.hostname = location.hostname.slice(4);
  return url.toString();
}

export function redirectTo(url: string): void {
  window.location.replace(url);
}
