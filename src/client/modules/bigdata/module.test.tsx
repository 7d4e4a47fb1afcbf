/** @jest-environment jsdom */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import type { EnterpriseCard } from '../../../shared/bigdata';
import { type AppStore, createAppStore } from '../../app/store';
import { i18next, initI18n } from '../../i18n';
import { fetchEnterpriseCard, fetchWallSettings } from './api';
import { fetchDisplayAccounts, fetchDisplayTokens } from './display/wallAdminApi';

// The store and the texts of the app as the login route starts it; this screen's chunk (its modules, imported below
// only once a test says so) brings its reducers, watchers and texts.
jest.mock('./api', () => ({ ...jest.requireActual<object>('./api'), fetchEnterpriseCard: jest.fn(), fetchWallSettings: jest.fn() }));
jest.mock('./display/wallAdminApi', () => ({ fetchDisplayAccounts: jest.fn(), fetchDisplayTokens: jest.fn() }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CARD: EnterpriseCard = {
  id: 7, name: '甲化工', kinds: [2], address: null, stockTonnes: 1, devices: { online: 1, total: 1 }, openWarnings: 0, latestManifest: null,
};

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
});

/** Renders `count` components of the screen that start its watchers, as the screen does, on `store`. */
async function renderScreens(store: AppStore, count: number) {
  const { useBigDataWatchers } = await import('./module');
  function Screen() {
    useBigDataWatchers();
    return null;
  }
  const root = createRoot(document.createElement('div'));
  roots.push(root);
  act(() => root.render(<Provider store={store}>{Array.from({ length: count }, (_, i) => <Screen key={i} />)}</Provider>));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(() => {
  initI18n('zh-CN');
  jest.mocked(fetchEnterpriseCard).mockResolvedValue(CARD);
  jest.mocked(fetchWallSettings).mockResolvedValue({ title: 'Hall A', rotateSeconds: 30, replayMinutes: 60 });
  jest.mocked(fetchDisplayTokens).mockResolvedValue([]);
  jest.mocked(fetchDisplayAccounts).mockResolvedValue([{ id: 3, userName: 'wall' }]);
});

describe('the big-data screen\'s chunk', () => {
  it('is not part of the store or the texts the app starts with', () => {
    const store = createAppStore();
    store.dispatch({ type: 'probe' });
    expect(store.getState()).not.toHaveProperty('bigdata');
    expect(store.getState()).not.toHaveProperty('wallAdmin');
    expect(store.getState()).toHaveProperty('displaySignIn.status', 'off');
    expect(i18next.exists('bigdata.title')).toBe(false);
  });

  it('adds its texts, its slices to the state, and its watchers, which handle its actions once per store', async () => {
    const store = createAppStore();
    await renderScreens(store, 2);
    const { bigdataSlice } = await import('./bigdataSlice');
    const { wallAdminSlice } = await import('./display/wallAdminSlice');
    expect(i18next.t('bigdata.title')).toBe('危险废物全过程智慧监管大数据平台');

    store.dispatch(bigdataSlice.actions.cardRequested(7));
    store.dispatch(wallAdminSlice.actions.opened());
    await settle();
    expect(store.getState().bigdata?.card).toEqual({ id: 7, status: 'loaded', card: CARD, error: null });
    expect(store.getState().wallAdmin).toMatchObject({ running: null, settings: { title: 'Hall A' }, accounts: [{ id: 3, userName: 'wall' }] });
    // Two screens rendered, one watcher running.
    expect(fetchEnterpriseCard).toHaveBeenCalledTimes(1);
    expect(fetchDisplayTokens).toHaveBeenCalledTimes(1);

    // Another store (a store made after the chunk loaded) runs the watchers of its own once the screen renders in it.
    const other = createAppStore();
    await renderScreens(other, 1);
    other.dispatch(bigdataSlice.actions.cardRequested(7));
    await settle();
    expect(other.getState().bigdata?.card?.status).toBe('loaded');
    expect(fetchEnterpriseCard).toHaveBeenCalledTimes(2);
  });
});
