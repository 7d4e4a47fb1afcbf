import type { SagaIterator } from 'redux-saga';
import { call, put, select } from 'redux-saga/effects';
import { equipmentwarning } from '../../../shared/resources/equipmentwarning';
import type { WarningPayload } from '../../../shared/live/events';
import { describeError, toCrudError } from '../../crud/api-error';
import { crudActions } from '../../crud/slice';
import { translate } from '../../i18n';
import { warningsSnapshotLoaded } from '../../realtime/liveActions';
import { selectSnapshotSeq, selectWarningsById } from '../../realtime/liveSelectors';
import type { LiveWarning } from '../../realtime/projection';
import { showToast } from '../../util/toaster';
import { createInspection, fetchOpenWarnings, OPEN_WARNINGS_LIMIT, updateWarningStatus } from './api';
import { snapshotSeq } from './storageSaga';
import { monitoringActions as A } from './monitoringSlice';
import { type OpenWarningRow, type SeqList } from './types';
import { warningStatus } from '../../../shared/enums';
import { numberOf } from '../../../shared/json';

const isWarning = (value: unknown): value is WarningPayload =>
  numberOf(value, 'id') !== undefined && numberOf(value, 'status') !== undefined && numberOf(value, 'smartequipmentId') !== undefined;

/** Every warning not closed, as a snapshot for the live store (complete unless the server's limit cut it short). */
export function* fetchWarningsSaga(): SagaIterator {
  const askedAt: number = yield select(selectSnapshotSeq);
  yield put(A.warningsRequested());
  try {
    const result: SeqList<OpenWarningRow> | null = yield call(fetchOpenWarnings, OPEN_WARNINGS_LIMIT);
    const items = result?.items ?? [];
    yield put(A.warningsLoaded(items));
    yield put(warningsSnapshotLoaded({ items, seq: snapshotSeq(result, askedAt), complete: items.length < OPEN_WARNINGS_LIMIT }));
  } catch (e) {
    yield put(A.warningsFailed(toCrudError(e)));
  }
}

/**
 * Acknowledge or close, optimistically: the console shows the new status (or drops the closed warning) at once, and a
 * refusal puts it back and says why.
 *
 * `baseSeq` is the newest seq the client knew of when it asked (the log's, or the warning's own snapshot seq if that
 * is newer): the change shows while the live warning is no newer than that. The server's event for the change commits
 * after the request, so its seq is above `baseSeq`; the answer (the moved warning) is therefore put into the live
 * store as of `baseSeq + 1`, never newer than that event, and a change seen meanwhile wins over it.
 */
export function* warningStatusSaga(action: ReturnType<typeof A.warningStatusRequested>): SagaIterator {
  const { id, status, note, from } = action.payload;
  const logSeq: number = yield select(selectSnapshotSeq);
  const live: Record<number, LiveWarning> = yield select(selectWarningsById);
  const baseSeq = Math.max(logSeq, live[id]?.seq ?? 0);
  yield put(A.warningStatusStarted({ id, status, baseSeq }));
  try {
    const result: unknown = yield call(updateWarningStatus, { id, status, note });
    if (isWarning(result)) yield put(warningsSnapshotLoaded({ items: [result], seq: baseSeq + 1 }));
    yield put(A.warningStatusSucceeded({ id }));
    yield call(showToast, translate(status === warningStatus.acknowledged ? 'monitoring.acknowledged' : 'monitoring.closed'), 'success', 'tick');
    if (from === 'list') yield put(crudActions.listRequested({ resource: equipmentwarning.name }));
  } catch (e) {
    const error = toCrudError(e);
    yield put(A.warningStatusFailed({ id, error }));
    yield call(showToast, translate('monitoring.statusRolledBack', { message: describeError(error) }), 'danger', 'warning-sign');
  }
}

export function* createInspectionSaga(action: ReturnType<typeof A.inspectionRequested>): SagaIterator {
  try {
    yield call(createInspection, action.payload.input);
    yield put(A.inspectionSaved());
    yield call(showToast, translate('monitoring.inspectionSaved'), 'success', 'tick');
  } catch (e) {
    yield put(A.inspectionFailed(toCrudError(e)));
  }
}
