import type { SagaIterator } from 'redux-saga';
import { all, fork, takeEvery, takeLatest } from 'redux-saga/effects';
import { crudActions } from '../../crud/slice';
import { livePollStarted, livePollStopped, pollScreen, type VisibilitySource } from '../../realtime/polling';
import { createdDeviceKeySaga, regenerateKeySaga } from './deviceSaga';
import { monitoringActions as A } from './monitoringSlice';
import { liveEventsApplied } from '../../realtime/liveActions';
import { correctWeightSaga, fetchPointSaga, fetchStorageSaga, reloadForNewPointSaga } from './storageSaga';
import { createInspectionSaga, fetchWarningsSaga, warningStatusSaga } from './warningSaga';

/** Polling keys of the two live screens (`livePollStarted({screen})` on mount, `livePollStopped` on unmount). */
const STORAGE_SCREEN = 'monitoring/storage';
const CONSOLE_SCREEN = 'monitoring/console';

/**
 * The pushes keep both screens current; polling is the fallback for a connection that is down or an event missed,
 * so it is slow and stops while the tab is hidden.
 */
const STORAGE_POLL_MS = 30_000;
const CONSOLE_POLL_MS = 15_000;

export const storageScreenShown = () => livePollStarted({ screen: STORAGE_SCREEN });
export const storageScreenLeft = () => livePollStopped({ screen: STORAGE_SCREEN });
export const consoleScreenShown = () => livePollStarted({ screen: CONSOLE_SCREEN });
export const consoleScreenLeft = () => livePollStopped({ screen: CONSOLE_SCREEN });

interface MonitoringSagaOptions {
  storageIntervalMs?: number;
  consoleIntervalMs?: number;
  /** undefined: the document; null: always visible (Node, tests). */
  visibility?: VisibilitySource | null;
}

export function createMonitoringWatcher(options: MonitoringSagaOptions = {}) {
  const { storageIntervalMs = STORAGE_POLL_MS, consoleIntervalMs = CONSOLE_POLL_MS, visibility } = options;
  return function* watchMonitoring(): SagaIterator {
    yield all([
      fork(pollScreen, STORAGE_SCREEN, fetchStorageSaga, storageIntervalMs, visibility),
      fork(pollScreen, CONSOLE_SCREEN, fetchWarningsSaga, consoleIntervalMs, visibility),
      takeLatest(A.storageReloadRequested.type, fetchStorageSaga),
      takeEvery(liveEventsApplied.type, reloadForNewPointSaga),
      takeLatest(A.warningsReloadRequested.type, fetchWarningsSaga),
      takeLatest(A.pointRequested.type, fetchPointSaga),
      takeLatest(A.correctionRequested.type, correctWeightSaga),
      takeEvery(A.warningStatusRequested.type, warningStatusSaga),
      takeLatest(A.inspectionRequested.type, createInspectionSaga),
      takeLatest(A.regenerateKeyRequested.type, regenerateKeySaga),
      takeEvery(crudActions.saveSucceeded.type, createdDeviceKeySaga),
    ]);
  };
}

export const watchMonitoring = createMonitoringWatcher();
