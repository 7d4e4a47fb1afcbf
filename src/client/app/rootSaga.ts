import type { SagaIterator } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { crudSaga } from '../crud';
import { watchChat } from '../modules/chat/chatSaga';
import { watchInbox } from '../modules/home/inboxSaga';
import { watchInventoryScreens } from '../modules/inventory/liveSaga';
import { watchLogin } from '../modules/login/loginSaga';
import { watchMonitoring } from '../modules/monitoring/monitoringSaga';
import { watchTransfer } from '../modules/transfer/transferSaga';
import { createSignalRConnection, type HubConnectionFactory } from '../realtime/connection';
import { hubWatcher } from '../realtime/hubWatcher';
import { watchRegions } from '../regions';
import { watchContractExpiry } from '../shell/contractExpirySaga';
import { watchLock } from '../shell/lockSaga';
import { watchNotices } from '../shell/noticesSaga';
import { watchTabs } from '../shell/tabsSaga';
import { watchAccount } from '../session/accountSaga';
import { keepAlive } from '../session/keepAlive';
import { watchBoot } from '../session/sessionSaga';

export interface RootSagaDeps {
  /** The hub connection factory; tests inject a fake. */
  hubFactory: HubConnectionFactory;
}

export const defaultRootSagaDeps: RootSagaDeps = { hubFactory: createSignalRConnection };

export function createRootSaga(deps: RootSagaDeps = defaultRootSagaDeps) {
  const watchHub = function* watchHub(): SagaIterator {
    yield* hubWatcher(deps.hubFactory);
  };
  return function* rootSaga(): SagaIterator {
    // A screen that comes with its own chunk starts its watchers as it renders (useChunkSagas), not here.
    const watchers: Array<() => Generator> = [watchBoot, watchAccount, watchLogin, watchLock, watchTabs, watchNotices, watchHub, crudSaga, watchRegions,
      watchContractExpiry, watchInbox, watchInventoryScreens, watchTransfer, watchChat,
      watchMonitoring];
    yield all(watchers.map((saga) => fork(keepAlive, saga)));
  };
}
