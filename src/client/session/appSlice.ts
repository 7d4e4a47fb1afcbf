import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginInformations, UserConfiguration } from '../api/types';
import type { Language } from '../i18n';
import { DEFAULT_TIME_ZONE } from '../../shared/time';
import { DEFAULT_CONFIG, EMPTY_SESSION, type MenuSection, mergeConfiguration, zoneOfConfiguration } from './config';

type BootStatus = 'idle' | 'loading' | 'ready' | 'failed';
type RealtimeStatus = 'off' | 'connecting' | 'connected' | 'retrying';

export interface AppState {
  boot: BootStatus;
  bootError: string | null;
  /** The global configuration (ABP's `abp` object), server configuration deep-merged over the defaults. */
  config: UserConfiguration;
  /** The tenant's time zone (IANA), from the configuration: the clock every time on screen is read on. */
  timeZone: string;
  session: LoginInformations;
  language: Language;
  locked: boolean;
  /** Where the lock screen leads once unlocked: the page stored when locking. */
  unlockReturnPath: string | null;
  menu: MenuSection[];
  sidebarCollapsed: boolean;
  realtime: RealtimeStatus;
  unlock: { pending: boolean; error: string | null };
  password: { status: 'idle' | 'saving' | 'saved' | 'failed'; error: string | null };
  /** The server asked at login for a new password (e.g. a seeded admin): the shell asks for it before anything else. */
  mustChangePassword: boolean;
}

export const initialAppState: AppState = {
  boot: 'idle',
  bootError: null,
  config: DEFAULT_CONFIG,
  timeZone: DEFAULT_TIME_ZONE,
  session: EMPTY_SESSION,
  language: 'zh-CN',
  locked: false,
  unlockReturnPath: null,
  menu: [],
  sidebarCollapsed: false,
  realtime: 'off',
  unlock: { pending: false, error: null },
  password: { status: 'idle', error: null },
  mustChangePassword: false,
};

export const appSlice = createSlice({
  name: 'app',
  initialState: initialAppState,
  reducers: {
    bootStarted(state) {
      state.boot = 'loading';
      state.bootError = null;
    },
    bootSucceeded(state) {
      state.boot = 'ready';
    },
    bootFailed(state, action: PayloadAction<string>) {
      state.boot = 'failed';
      state.bootError = action.payload;
    },
    configLoaded(state, action: PayloadAction<UserConfiguration>) {
      state.config = mergeConfiguration(state.config, action.payload);
      state.timeZone = zoneOfConfiguration(state.config);
    },
    sessionLoaded(state, action: PayloadAction<LoginInformations>) {
      state.session = action.payload;
      // A reload after login still asks, as long as the server says the new password is owed.
      const owed = action.payload.user?.shouldChangePasswordOnNextLogin;
      if (owed !== undefined) state.mustChangePassword = owed;
    },
    menuBuilt(state, action: PayloadAction<MenuSection[]>) {
      state.menu = action.payload;
    },
    languageChanged(state, action: PayloadAction<Language>) {
      state.language = action.payload;
    },
    lockChanged(state, action: PayloadAction<boolean>) {
      state.locked = action.payload;
      state.unlock = { pending: false, error: null };
    },
    /**
     * The lock screen's route guard sends the user on to `returnTo`. The saga does not navigate itself: the router
     * applies navigations in a transition, after this store update has rendered, and the two would race.
     */
    unlocked(state, action: PayloadAction<string>) {
      state.locked = false;
      state.unlockReturnPath = action.payload;
      state.unlock = { pending: false, error: null };
    },
    unlockStarted(state) {
      state.unlock = { pending: true, error: null };
    },
    unlockFailed(state, action: PayloadAction<string>) {
      state.unlock = { pending: false, error: action.payload };
    },
    /** Forgets everything the previous user was allowed to see. */
    loggedOut(state) {
      state.session = EMPTY_SESSION;
      state.mustChangePassword = false;
      state.config = {
        ...state.config,
        session: { ...state.config.session, userId: null, tenantId: null },
        auth: { ...state.config.auth, grantedPermissions: {} },
      };
      state.menu = [];
      state.locked = false;
      state.realtime = 'off';
      state.unlock = { pending: false, error: null };
    },
    sidebarToggled(state) {
      state.sidebarCollapsed = !state.sidebarCollapsed;
    },
    realtimeStatusChanged(state, action: PayloadAction<RealtimeStatus>) {
      state.realtime = action.payload;
    },
    passwordChangeStarted(state) {
      state.password = { status: 'saving', error: null };
    },
    passwordChanged(state) {
      state.password = { status: 'saved', error: null };
      state.mustChangePassword = false;
    },
    passwordChangeRequired(state, action: PayloadAction<boolean>) {
      state.mustChangePassword = action.payload;
    },
    passwordChangeFailed(state, action: PayloadAction<string>) {
      state.password = { status: 'failed', error: action.payload };
    },
    passwordDialogReset(state) {
      state.password = { status: 'idle', error: null };
    },
  },
});

export const {
  bootStarted,
  bootSucceeded,
  bootFailed,
  configLoaded,
  sessionLoaded,
  menuBuilt,
  languageChanged,
  lockChanged,
  unlocked,
  unlockStarted,
  unlockFailed,
  loggedOut,
  sidebarToggled,
  realtimeStatusChanged,
  passwordChangeStarted,
  passwordChanged,
  passwordChangeRequired,
  passwordChangeFailed,
  passwordDialogReset,
} = appSlice.actions;
