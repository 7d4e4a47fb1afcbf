// A real store (app, crud, live log, monitoring) with the crud and monitoring sagas over a fake server, and live
// events to push, for this folder's tests (not imported by the application).
import { combineReducers, configureStore, type Store } from '@reduxjs/toolkit';
import { act } from 'react';
import createSagaMiddleware from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import type { LiveEvent, LiveEventType, StorageWeightPayload, WarningPayload } from '../../../shared/live/events';
import { http } from '../../api/http';
import { screenTestSetup } from '../../crud/test-support-render';
import { initI18n } from '../../i18n';
import { appSlice, configLoaded, realtimeStatusChanged, sessionLoaded } from '../../session/appSlice';
import { serverConfiguration, TENANT_SESSION } from '../../app/test-support';
import { crudReducer, crudSaga } from '../../crud';
import type { CrudRootState } from '../../crud/types';
import { eventLogReducer } from '../../realtime/eventLog';
import { liveEventsApplied, liveEventsReceived } from '../../realtime/liveActions';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { createMonitoringWatcher } from './monitoringSaga';
import { monitoringReducer } from './monitoringSlice';
import type { OpenWarningRow, StoragePointRow } from './types';

export const testReducer = combineReducers({
  app: appSlice.reducer,
  crud: crudReducer,
  eventLog: eventLogReducer,
  monitoring: monitoringReducer,
});
export type TestState = ReturnType<typeof testReducer>;

/** A logged-in user (id 2) holding `granted`, the live connection as given. */
export function loggedInState(granted: string[] = ['Pages.SupervisorConsole', 'Pages.RegularInspections', 'Pages.Hazardouswastestorage']): TestState {
  let state = testReducer(undefined, { type: '@@init' });
  state = testReducer(state, configLoaded(serverConfiguration({ loggedIn: true, granted }) as never));
  state = testReducer(state, sessionLoaded(TENANT_SESSION));
  return testReducer(state, realtimeStatusChanged('connected'));
}

export interface ApiRequest {
  method: string;
  /** Without `/api/services/app/`: `EquipmentWarning/GetOpenWarnings`. */
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown> | null;
}

/** The fake server's answer to a request: a result, or a thrown `Refused`. */
export type Handler = (request: ApiRequest) => unknown;

export class Refused extends Error {
  constructor(message: string, readonly status = 400, readonly validationErrors: { message: string; members: string[] }[] | null = null) {
    super(message);
  }
}

/** Sends every request of the client's axios instance to `handler`, wrapped in the ABP envelope; returns the log. */
export function fakeServer(handler: Handler): ApiRequest[] {
  const calls: ApiRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request: ApiRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      path: (config.url ?? '').replace('/api/services/app/', ''),
      query: { ...(config.params as Record<string, unknown> | undefined) },
      body: typeof config.data === 'string' && config.data ? JSON.parse(config.data) as Record<string, unknown> : null,
    };
    calls.push(request);
    try {
      const result = await handler(request);
      return { data: { result, success: true, error: null, unAuthorizedRequest: false, __abp: true }, status: 200, statusText: 'OK', headers: {}, config };
    } catch (thrown) {
      const refusal = thrown instanceof Refused ? thrown : new Refused(String(thrown), 500);
      const data = {
        result: null, success: false, unAuthorizedRequest: false, __abp: true,
        error: { code: 0, message: refusal.message, details: null, validationErrors: refusal.validationErrors },
      };
      throw new AxiosError(refusal.message, 'ERR_BAD_REQUEST', config, null, { data, status: refusal.status, statusText: 'Error', headers: {}, config });
    }
  };
  http.defaults.adapter = adapter;
  return calls;
}

/** The store over a fake server. Polling is slow enough not to interfere unless a test asks otherwise. */
export function monitoringStore(handler: Handler, options: { pollMs?: number; granted?: string[] } = {}) {
  const calls = fakeServer(handler);
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: testReducer,
    preloadedState: loggedInState(options.granted),
    middleware: (getDefault) => getDefault({ thunk: false, serializableCheck: false }).concat(sagaMiddleware),
  });
  const watch = createMonitoringWatcher({ storageIntervalMs: options.pollMs ?? 60_000, consoleIntervalMs: options.pollMs ?? 60_000, visibility: null });
  const task = sagaMiddleware.run(function* root() {
    yield all([fork(crudSaga), fork(watch)]);
  });
  return { store, calls, stop: () => task.cancel(), asCrud: store as unknown as Store<CrudRootState> };
}

export const restoreHttp = (() => {
  const original = http.defaults.adapter;
  return () => {
    http.defaults.adapter = original;
  };
})();

let seq = 100;
/** Seqs above anything a snapshot in these tests claims. */
const nextSeq = () => ++seq;

export function event<P>(type: LiveEventType, payload: P, at = '2025-03-01T10:00:00'): LiveEvent<P> {
  return { seq: nextSeq(), type, at, enterpriseIds: null, payload };
}

/** What the hub saga does with a push: the log takes it, then the others hear what was new (rendered, in jsdom). */
export function push(store: { dispatch: (action: never) => unknown }, ...events: LiveEvent[]) {
  const apply = () => {
    store.dispatch(liveEventsReceived(events) as never);
    store.dispatch(liveEventsApplied(events) as never);
  };
  if (typeof document === 'undefined') apply();
  else act(apply);
}

export function warning(overrides: Partial<OpenWarningRow> = {}): OpenWarningRow {
  return {
    id: 1, smartequipmentId: 11, serialNumber: 'DEV-011', enterpriseId: 2, storageId: 21, warningType: 1,
    value: 12, threshold: 20, quantity: null, raisedAt: '2025-03-01T09:00:00', lastSeenAt: '2025-03-01T09:00:00', occurrences: 1,
    status: 0, acknowledgedBy: null, acknowledgedAt: null, acknowledgeNote: null, closedBy: null, closedAt: null, closeNote: null,
    enterpriseName: '华东化工', storagePlace: '危废仓库A', hazardouswasteInformationName: '废矿物油',
    ...overrides,
  };
}

/** A live payload carries no names. */
export function warningPayload(overrides: Partial<WarningPayload> = {}): WarningPayload {
  const { enterpriseName: _e, storagePlace: _s, hazardouswasteInformationName: _h, ...payload } = warning(overrides as Partial<OpenWarningRow>);
  return payload;
}

export function storagePoint(overrides: Partial<StoragePointRow> = {}): StoragePointRow {
  return {
    id: 21, smartequipmentId: 11, serialNumber: 'DEV-011', enterpriseId: 2, enterpriseName: '华东化工',
    hazardouswasteInformationId: 31, hazardouswasteInformationName: '废矿物油', wastecodeId: 41, wastecodeName: '900-214-08',
    storagePlace: '危废仓库A', currentWeight: 1234.5, capacity: 2000, fillRatio: 0.6173, lastChangeTime: '2025-03-01T09:30:00',
    lastAddedTime: null, boundTime: '2025-01-01T00:00:00', unboundTime: null, onlineState: 0, runningState: 0, activation: 0,
    lastHeartbeat: null, latitude: null, longitude: null, lastReadAt: null, battery: null, temperature: null, lastLatitude: null,
    lastLongitude: null, openWarnings: 0,
    ...overrides,
  };
}

export function weightEvent(point: StoragePointRow, weight: number, lastChangeTime: string, reason: StorageWeightPayload['reason'] = 'reading') {
  return event<StorageWeightPayload>('storage.weight', {
    storageId: point.id, deviceId: point.smartequipmentId, enterpriseId: point.enterpriseId, currentWeight: weight, capacity: point.capacity,
    fillRatio: Math.round((weight / point.capacity) * 10_000) / 10_000, delta: weight - point.currentWeight, lastChangeTime, reason,
  });
}

/**
 * The set-up of this folder's screen tests: jsdom rendering, the application's i18next (the sagas' toasts speak it),
 * and after each test the stores stopped, the fake server removed and `reset` run. A test pushes its stops here.
 */
export function monitoringScreenTests(reset: () => void = () => {}): (() => void)[] {
  screenTestSetup();
  beforeAll(() => {
    initI18n('zh-CN');
  });
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    restoreHttp();
    reset();
  });
  return stops;
}

/** Lets the sagas and the renders of `ms` milliseconds run. */
export async function settle(ms = 30): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}
