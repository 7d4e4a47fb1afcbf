import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { propertyOf } from '../../../shared/json';
import { callApi } from '../../api/http';
import { getUserConfiguration } from '../../api/services';
import type { UserConfiguration } from '../../api/types';
import { rootReducer, type RootState } from '../../app/store';
import { toCrudError } from '../../crud/api-error';
import type { CrudError } from '../../crud/types';
import { configLoaded, loggedOut } from '../../session/appSlice';

// The tenant's settings, as ABP Zero serves them: the zones one may choose (`Timing/GetTimezones`), the settings
// (`TenantSettings/GetAllSettings`, the zone under `general.timezone`) and their change (`UpdateAllSettings`).
const APP = '/api/services/app';
export const TIMEZONES_PATH = `${APP}/Timing/GetTimezones`;
export const SETTINGS_PATH = `${APP}/TenantSettings/GetAllSettings`;
export const UPDATE_SETTINGS_PATH = `${APP}/TenantSettings/UpdateAllSettings`;

/** A zone one may choose: `(UTC+08:00) Asia/Shanghai`, `Asia/Shanghai`. */
export interface TimeZoneOption {
  name: string;
  value: string;
}

export interface SettingsState {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  zones: TimeZoneOption[];
  /** The tenant's zone as its settings hold it. */
  timeZone: string | null;
  loadError: CrudError | null;
  save: { status: 'idle' | 'saving' | 'saved' | 'failed'; zone: string | null; error: CrudError | null };
}

const initial = (): SettingsState => ({
  status: 'idle', zones: [], timeZone: null, loadError: null, save: { status: 'idle', zone: null, error: null },
});

export const settingsSlice = createSlice({
  name: 'settings',
  initialState: initial,
  reducers: {
    /** The screen opened (or asks again): the settings are read afresh, and an earlier save is no longer news. */
    settingsRequested(state) {
      state.status = 'loading';
      state.loadError = null;
      state.save = initial().save;
    },
    settingsLoaded(state, { payload }: PayloadAction<{ zones: TimeZoneOption[]; timeZone: string | null }>) {
      state.status = 'loaded';
      state.zones = payload.zones;
      state.timeZone = payload.timeZone;
    },
    settingsFailed(state, { payload }: PayloadAction<CrudError>) {
      state.status = 'failed';
      state.loadError = payload;
    },
    zoneSaveRequested(state, { payload }: PayloadAction<string>) {
      state.save = { status: 'saving', zone: payload, error: null };
    },
    zoneSaved(state, { payload }: PayloadAction<string>) {
      state.timeZone = payload;
      state.save = { status: 'saved', zone: payload, error: null };
    },
    zoneSaveFailed(state, { payload }: PayloadAction<CrudError>) {
      state.save = { ...state.save, status: 'failed', error: payload };
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, initial),
}).injectInto(rootReducer);

export const { settingsRequested, settingsLoaded, settingsFailed, zoneSaveRequested, zoneSaved, zoneSaveFailed } = settingsSlice.actions;
export const selectSettings = (state: RootState) => settingsSlice.selectSlice(state);

/** The zones of `Timing/GetTimezones`, as far as they have the shape. */
function zonesOf(result: unknown): TimeZoneOption[] {
  const items = propertyOf(result, 'items');
  if (!Array.isArray(items)) return [];
  return items.flatMap((item) => {
    const name = propertyOf(item, 'name');
    const value = propertyOf(item, 'value');
    return typeof name === 'string' && typeof value === 'string' ? [{ name, value }] : [];
  });
}

/** The zone under `general.timezone` of `TenantSettings/GetAllSettings`. */
function zoneOfSettings(result: unknown): string | null {
  const zone = propertyOf(propertyOf(result, 'general'), 'timezone');
  return typeof zone === 'string' ? zone : null;
}

export function* loadSettings(): SagaIterator {
  try {
    const [zones, settings]: [unknown, unknown] = yield all([
      call(callApi, 'GET', TIMEZONES_PATH, {}, { silent: true }),
      call(callApi, 'GET', SETTINGS_PATH, {}, { silent: true }),
    ]);
    yield put(settingsLoaded({ zones: zonesOf(zones), timeZone: zoneOfSettings(settings) }));
  } catch (error) {
    yield put(settingsFailed(toCrudError(error)));
  }
}

/**
 * Changes the tenant's zone, then reads the configuration again: the store's zone follows, and with it every time and
 * day on screen.
 */
export function* saveZone({ payload: zone }: ReturnType<typeof zoneSaveRequested>): SagaIterator {
  try {
    yield call(callApi, 'PUT', UPDATE_SETTINGS_PATH, { general: { timezone: zone } }, { silent: true });
  } catch (error) {
    yield put(zoneSaveFailed(toCrudError(error)));
    return;
  }
  try {
    const config: UserConfiguration = yield call(getUserConfiguration);
    yield put(configLoaded(config));
  } catch (error) {
    // The zone is changed; the screen follows at the next start-up.
    console.warn('[settings] configuration not read again', error);
  }
  yield put(zoneSaved(zone));
}

export function* watchSettings(): SagaIterator {
  yield takeLatest(settingsRequested.type, loadSettings);
  yield takeLatest(zoneSaveRequested.type, saveZone);
}
