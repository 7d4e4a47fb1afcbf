import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { findRouteByName, type RouteEntry } from '../../shared/navigation';
import { loggedOut } from '../session/appSlice';

/** The home tab is always open and cannot be closed. */
export const HOME_TAB = 'home';

export interface TabsState {
  /** Route names in the order they were opened; `home` is always first. */
  opened: string[];
  active: string;
}

export const initialTabsState: TabsState = { opened: [HOME_TAB], active: HOME_TAB };

/** Screens that get a tab: pages inside the shell, not the error page or links that open a new window. */
export function opensTab(route: RouteEntry | undefined): route is RouteEntry {
  return !!route && !route.bare && !route.external && ['home', 'page', 'resource'].includes(route.kind);
}

/** Restored or persisted tabs reduced to known, permitted routes, home first. */
export function sanitizeTabs(input: Partial<TabsState> | null | undefined, canOpen: (name: string) => boolean = () => true): TabsState {
  const names = Array.isArray(input?.opened) ? input.opened.filter((n): n is string => typeof n === 'string') : [];
  const opened = [HOME_TAB, ...new Set(names.filter((n) => n !== HOME_TAB && opensTab(findRouteByName(n)) && canOpen(n)))];
  const active = typeof input?.active === 'string' && opened.includes(input.active) ? input.active : HOME_TAB;
  return { opened, active };
}

export const tabsSlice = createSlice({
  name: 'tabs',
  initialState: initialTabsState,
  reducers: {
    tabOpened(state, action: PayloadAction<string>) {
      if (!state.opened.includes(action.payload)) state.opened.push(action.payload);
      state.active = action.payload;
    },
    /** Closing the active tab activates its right neighbour, or the left one when it was the last. */
    tabClosed(state, action: PayloadAction<string>) {
      const name = action.payload;
      const index = state.opened.indexOf(name);
      if (name === HOME_TAB || index < 0) return;
      state.opened.splice(index, 1);
      if (state.active === name) state.active = state.opened[index] ?? state.opened[index - 1] ?? HOME_TAB;
    },
    /** Keeps home and the given tab (the active one by default). */
    tabsClearedOthers(state, action: PayloadAction<string | undefined>) {
      const keep = action.payload ?? state.active;
      state.opened = keep === HOME_TAB ? [HOME_TAB] : [HOME_TAB, keep];
      state.active = keep;
    },
    tabsClearedAll(state) {
      state.opened = [HOME_TAB];
      state.active = HOME_TAB;
    },
    tabsRestored(_state, action: PayloadAction<TabsState>) {
      return sanitizeTabs(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialTabsState);
  },
});

export const { tabOpened, tabClosed, tabsClearedOthers, tabsClearedAll, tabsRestored } = tabsSlice.actions;

export const selectTabs = (state: { tabs: TabsState }) => state.tabs;
