import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { crudReducer } from '../crud';
import type { BigDataState } from '../modules/bigdata/bigdataSlice';
import { displaySignInSlice } from '../modules/bigdata/display/displaySignInSlice';
import type { WallAdminState } from '../modules/bigdata/display/wallAdminSlice';
import { chatSlice } from '../modules/chat/chatSlice';
import type { ContractsState } from '../modules/contracts/contractsSlice';
import { inboxSlice } from '../modules/home/inboxSlice';
import { loginSlice } from '../modules/login/loginSlice';
import { monitoringReducer } from '../modules/monitoring/monitoringSlice';
import type { PlansState } from '../modules/plans/plansSlice';
import type { AreaImportState } from '../modules/recycling/areaImport';
import type { LedgerAdjustState } from '../modules/recycling/ledgerAdjust';
import type { BooksState } from '../modules/recycling/books';
import type { MachineSlotsState } from '../modules/recycling/machineSlots';
import type { AnalysesState } from '../modules/recycling/analyses';
import type { CollectorMapState } from '../modules/recycling/collectorMap';
import type { SettingsState } from '../modules/settings/settings';
import { transferReducer } from '../modules/transfer/transferSlice';
import { contractExpirySlice } from '../shell/contractExpirySlice';
import { regionsReducer } from '../regions';
import { eventLogReducer } from '../realtime/eventLog';
import { liveStreamsReducer } from '../realtime/liveStreams';
import { noticesSlice } from '../shell/noticesSlice';
import { tabsSlice } from '../shell/tabsSlice';
import { appSlice } from '../session/appSlice';
import { keepAlive } from '../session/keepAlive';
import { createRootSaga, defaultRootSagaDeps, type RootSagaDeps } from './rootSaga';

/**
 * Slices of screens that come with their own chunk: each injects itself (`slice.injectInto(rootReducer)`) as its chunk
 * loads, so they are absent from the state until then.
 */
interface LazyLoadedSlices {
  bigdata: BigDataState;
  wallAdmin: WallAdminState;
  contracts: ContractsState;
  plans: PlansState;
  areaImport: AreaImportState;
  ledgerAdjust: LedgerAdjustState;
  books: BooksState;
  machineSlots: MachineSlotsState;
  analyses: AnalysesState;
  collectorMap: CollectorMapState;
  settings: SettingsState;
}

export const rootReducer = combineSlices({
  app: appSlice.reducer,
  tabs: tabsSlice.reducer,
  notices: noticesSlice.reducer,
  login: loginSlice.reducer,
  crud: crudReducer,
  regions: regionsReducer,
  contractExpiry: contractExpirySlice.reducer,
  inbox: inboxSlice.reducer,
  transfer: transferReducer,
  chat: chatSlice.reducer,
  eventLog: eventLogReducer,
  liveStreams: liveStreamsReducer,
  monitoring: monitoringReducer,
  // The wall's sign-in by display token runs at start-up, before its screen's chunk is loaded.
  displaySignIn: displaySignInSlice.reducer,
}).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

interface CreateStoreOptions {
  preloadedState?: Partial<RootState>;
  deps?: Partial<RootSagaDeps>;
}

/**
 * The store with the saga middleware running the root saga, and able to run the watchers of a screen's own chunk
 * (`runSagaOnce`): each once per store, kept alive like the root saga's.
 */
export function createAppStore(options: CreateStoreOptions = {}) {
  const sagaMiddleware = createSagaMiddleware({
    onError: (error) => console.error('[saga] uncaught', error),
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(createRootSaga({ ...defaultRootSagaDeps, ...options.deps }));
  const running = new Set<() => Generator>();
  const runSagaOnce = (saga: () => Generator): void => {
    if (running.has(saga)) return;
    running.add(saga);
    sagaMiddleware.run(keepAlive, saga);
  };
  return Object.assign(store, { runSagaOnce });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
