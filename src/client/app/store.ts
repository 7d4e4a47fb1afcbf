import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { crudReducer } from '../crud';
import { bigdataSlice } from '../modules/bigdata/bigdataSlice';
import { displaySignInSlice } from '../modules/bigdata/display/displaySignInSlice';
import { wallAdminSlice } from '../modules/bigdata/display/wallAdminSlice';
import { chatSlice } from '../modules/chat/chatSlice';
import { contractsSlice } from '../modules/contracts/contractsSlice';
import { inboxSlice } from '../modules/home/inboxSlice';
import { loginSlice } from '../modules/login/loginSlice';
import { monitoringReducer } from '../modules/monitoring/monitoringSlice';
import { plansSlice } from '../modules/plans/plansSlice';
import { transferReducer } from '../modules/transfer/transferSlice';
import { contractExpirySlice } from '../shell/contractExpirySlice';
import { regionsReducer } from '../regions';
import { eventLogReducer } from '../realtime/eventLog';
import { liveStreamsReducer } from '../realtime/liveStreams';
import { noticesSlice } from '../shell/noticesSlice';
import { tabsSlice } from '../shell/tabsSlice';
import { appSlice } from '../session/appSlice';
import { createRootSaga, defaultRootSagaDeps, type RootSagaDeps } from './rootSaga';

export const rootReducer = combineReducers({
  app: appSlice.reducer,
  tabs: tabsSlice.reducer,
  notices: noticesSlice.reducer,
  login: loginSlice.reducer,
  crud: crudReducer,
  regions: regionsReducer,
  contracts: contractsSlice.reducer,
  plans: plansSlice.reducer,
  contractExpiry: contractExpirySlice.reducer,
  inbox: inboxSlice.reducer,
  transfer: transferReducer,
  chat: chatSlice.reducer,
  eventLog: eventLogReducer,
  liveStreams: liveStreamsReducer,
  monitoring: monitoringReducer,
  bigdata: bigdataSlice.reducer,
  displaySignIn: displaySignInSlice.reducer,
  wallAdmin: wallAdminSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

interface CreateStoreOptions {
  preloadedState?: Partial<RootState>;
  deps?: Partial<RootSagaDeps>;
}

/** The store with the saga middleware running the root saga. */
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
  return store;
}

type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
