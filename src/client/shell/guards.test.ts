import { findRouteByName, type RouteEntry } from '../../shared/navigation';
import { resolveRedirect, type GuardContext } from './guards';

const granted = new Set(['Pages.Users']);
const ctx = (over: Partial<GuardContext> = {}): GuardContext => ({
  locked: false,
  loggedIn: true,
  canAccess: (route: RouteEntry) => (!route.permission || granted.has(route.permission)) && !route.hostOnly,
  ...over,
});

describe('navigation guard', () => {
  it('sends every navigation to the lock screen while locked', () => {
    expect(resolveRedirect('/setting/user', ctx({ locked: true }))).toBe('/locking');
    expect(resolveRedirect('/', ctx({ locked: true }))).toBe('/locking');
    expect(resolveRedirect('/locking', ctx({ locked: true }))).toBeNull();
    expect(resolveRedirect('/main/home', ctx({ locked: true, loggedIn: false }))).toBe('/locking');
  });

  it('sends a visitor without a session user to login, except on the login routes', () => {
    const anonymous = ctx({ loggedIn: false });
    expect(resolveRedirect('/main/home', anonymous)).toBe('/');
    expect(resolveRedirect('/no/such/page', anonymous)).toBe('/');
    expect(resolveRedirect('/locking', anonymous)).toBe('/');
    expect(resolveRedirect('/', anonymous)).toBeNull();
    expect(resolveRedirect('/login2', anonymous)).toBeNull();
  });

  it('sends a logged-in user on a login route home', () => {
    expect(resolveRedirect('/', ctx())).toBe('/main/home');
    expect(resolveRedirect('/login2', ctx())).toBe('/main/home');
  });

  it('sends an unlocked lock screen on to the page stored when locking, home by default', () => {
    expect(resolveRedirect('/locking', ctx({ unlockReturnPath: '/basicinformation/wastecode' }))).toBe('/basicinformation/wastecode');
    expect(resolveRedirect('/locking', ctx())).toBe('/main/home');
  });

  it('sends a route whose permission is missing to error-403', () => {
    expect(resolveRedirect('/setting/role', ctx())).toBe('/error-403');
    expect(resolveRedirect(findRouteByName('tenant')!.path, ctx())).toBe('/error-403');
    expect(resolveRedirect('/setting/user', ctx())).toBeNull();
    expect(resolveRedirect('/main/home', ctx())).toBeNull();
    expect(resolveRedirect('/error-403', ctx())).toBeNull();
  });

  it('leaves unknown paths inside the shell to the not-found page', () => {
    expect(resolveRedirect('/no/such/page', ctx())).toBeNull();
  });
});
