import { HOME_TAB, initialTabsState, sanitizeTabs, tabClosed, tabOpened, tabsClearedAll, tabsClearedOthers, tabsRestored, tabsSlice, type TabsState } from './tabsSlice';
import { loggedOut } from '../session/appSlice';

const reduce = (state: TabsState, ...actions: Parameters<typeof tabsSlice.reducer>[1][]) => actions.reduce(tabsSlice.reducer, state);
const open = (...names: string[]) => reduce(initialTabsState, ...names.map((n) => tabOpened(n)));

describe('tabs reducer', () => {
  it('starts with the home tab only', () => {
    expect(tabsSlice.reducer(undefined, { type: '@@init' })).toEqual({ opened: [HOME_TAB], active: HOME_TAB });
  });

  it('opens each route once and activates it', () => {
    const state = open('user', 'role', 'user');
    expect(state).toEqual({ opened: ['home', 'user', 'role'], active: 'user' });
  });

  it('moves to the right neighbour when the current tab in the middle is closed', () => {
    const state = reduce(open('user', 'role', 'wastecode'), tabOpened('role'), tabClosed('role'));
    expect(state).toEqual({ opened: ['home', 'user', 'wastecode'], active: 'wastecode' });
  });

  it('moves to the left neighbour when the current tab is the last one', () => {
    const state = reduce(open('user', 'role'), tabClosed('role'));
    expect(state).toEqual({ opened: ['home', 'user'], active: 'user' });
  });

  it('keeps the active tab when another one is closed', () => {
    const state = reduce(open('user', 'role'), tabClosed('user'));
    expect(state).toEqual({ opened: ['home', 'role'], active: 'role' });
  });

  it('never closes the home tab', () => {
    const state = reduce(open('user'), tabOpened(HOME_TAB), tabClosed(HOME_TAB));
    expect(state).toEqual({ opened: ['home', 'user'], active: 'home' });
    expect(reduce(initialTabsState, tabClosed(HOME_TAB))).toEqual(initialTabsState);
  });

  it('clear others keeps home and the active tab', () => {
    const state = reduce(open('user', 'role', 'wastecode'), tabOpened('role'), tabsClearedOthers(undefined));
    expect(state).toEqual({ opened: ['home', 'role'], active: 'role' });
  });

  it('clear others on a given tab keeps that one and activates it', () => {
    const state = reduce(open('user', 'role'), tabsClearedOthers('user'));
    expect(state).toEqual({ opened: ['home', 'user'], active: 'user' });
  });

  it('clear others from home keeps only home', () => {
    const state = reduce(open('user', 'role'), tabOpened(HOME_TAB), tabsClearedOthers(undefined));
    expect(state).toEqual({ opened: ['home'], active: 'home' });
  });

  it('clear all returns to home', () => {
    expect(reduce(open('user', 'role'), tabsClearedAll())).toEqual({ opened: ['home'], active: 'home' });
  });

  it('logout forgets the tabs', () => {
    expect(reduce(open('user'), loggedOut())).toEqual(initialTabsState);
  });

  it('restores persisted tabs, dropping unknown routes, non-tab routes and duplicates, home first', () => {
    const state = reduce(initialTabsState, tabsRestored({ opened: ['user', 'login', 'nope', 'error-403', 'user', 'role'], active: 'nope' }));
    expect(state).toEqual({ opened: ['home', 'user', 'role'], active: 'home' });
  });

  it('sanitizes against the permission test and tolerates garbage', () => {
    expect(sanitizeTabs({ opened: ['user', 'role'], active: 'role' }, (n) => n === 'user')).toEqual({ opened: ['home', 'user'], active: 'home' });
    expect(sanitizeTabs(null)).toEqual(initialTabsState);
    expect(sanitizeTabs({ opened: 'user' as unknown as string[] })).toEqual(initialTabsState);
  });
});
