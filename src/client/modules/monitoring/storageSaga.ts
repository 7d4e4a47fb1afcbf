import type { SagaIterator } from 'redux-saga';
import { call, put, select } from 'redux-saga/effects';
import type { StorageWeightPayload } from '../../../shared/live/events';
import { toCrudError } from '../../crud/api-error';
import { translate } from '../../i18n';
import { liveEventsApplied, storageSnapshotLoaded } from '../../realtime/liveActions';
import { selectSnapshotSeq } from '../../realtime/liveSelectors';
import type { StorageSnapshotRow } from '../../realtime/projection';
import { showToast } from '../../util/toaster';
import { correctWeight, fetchStorageFinal, fetchStoragePoint } from './api';
import { monitoringActions as A } from './monitoringSlice';
import type { SeqList, StoragePointDetail, StoragePointRow } from './types';

const toStorageSnapshot = (row: StoragePointRow): StorageSnapshotRow => ({
  storageId: row.id,
  deviceId: row.smartequipmentId,
  enterpriseId: row.enterpriseId,
  currentWeight: row.currentWeight,
  capacity: row.capacity,
  fillRatio: row.fillRatio,
  lastChangeTime: row.lastChangeTime ?? '',
});

/**
 * The seq a snapshot reflects: the head the server read before its rows, else (an answer without one) the log's seq
 * read before asking. Events up to it are in the rows; later ones still apply over them.
 */
export const snapshotSeq = (result: { seq?: unknown } | null | undefined, askedAt: number): number =>
  typeof result?.seq === 'number' && Number.isSafeInteger(result.seq) && result.seq >= askedAt ? result.seq : askedAt;

/** Every active storage point: the weights go to the live store as a complete snapshot, the names stay here. */
export function* fetchStorageSaga(): SagaIterator {
  const askedAt: number = yield select(selectSnapshotSeq);
  yield put(A.storageRequested());
  try {
    const result: SeqList<StoragePointRow> | null = yield call(fetchStorageFinal);
    const rows = result?.items ?? [];
    const seq = snapshotSeq(result, askedAt);
    yield put(storageSnapshotLoaded({ items: rows.map(toStorageSnapshot), seq, complete: true }));
    yield put(A.storageLoaded(rows));
  } catch (e) {
    yield put(A.storageFailed(toCrudError(e)));
  }
}

/** One point's last 24 hours for the side panel; the live points after `seq` extend it on screen. */
export function* fetchPointSaga(action: ReturnType<typeof A.pointRequested>): SagaIterator {
  const { id } = action.payload;
  const askedAt: number = yield select(selectSnapshotSeq);
  try {
    const detail: StoragePointDetail = yield call(fetchStoragePoint, id);
    const seq = snapshotSeq(detail, askedAt);
    yield put(A.pointLoaded({ id, detail: { ...detail, series: detail?.series ?? [], corrections: detail?.corrections ?? [] }, seq }));
  } catch (e) {
    yield put(A.pointFailed({ id, error: toCrudError(e) }));
  }
}

/**
 * A manual correction. The new weight reaches the table and the chart as the server's storage.weight event; the
 * final data is read again too, for a screen whose live connection is down.
 */
export function* correctWeightSaga(action: ReturnType<typeof A.correctionRequested>): SagaIterator {
  try {
    yield call(correctWeight, action.payload);
    yield put(A.correctionSaved());
    yield call(showToast, translate('monitoring.corrected'), 'success', 'tick');
    yield call(fetchStorageSaga);
  } catch (e) {
    yield put(A.correctionFailed(toCrudError(e)));
  }
}

/**
 * A weight for a storage point the table has never listed (a device bound after the table loaded): its names come
 * only with the snapshot, so load it again rather than wait for the next poll.
 */
export function* reloadForNewPointSaga(action: ReturnType<typeof liveEventsApplied>): SagaIterator {
  const storage: { status: string; rows: StoragePointRow[] } = yield select((state: { monitoring: { storage: { status: string; rows: StoragePointRow[] } } }) => state.monitoring.storage);
  if (storage.status !== 'loaded') return;
  const known = new Set(storage.rows.map((row) => row.id));
  const unknown = action.payload.some((e) => e.type === 'storage.weight' && !known.has((e.payload as StorageWeightPayload).storageId));
  if (unknown) yield put(A.storageReloadRequested());
}
