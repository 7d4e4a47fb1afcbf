import type { SagaIterator } from 'redux-saga';
import { call, put } from 'redux-saga/effects';
import { smartequipment } from '../../../shared/resources/smartequipment';
import { describeError, toCrudError } from '../../crud/api-error';
import type { crudActions } from '../../crud/slice';
import { baseResourceOf } from '../../crud/view';
import { translate } from '../../i18n';
import { showToast } from '../../util/toaster';
import { regenerateDeviceKey } from './api';
import { monitoringActions as A } from './monitoringSlice';
import { propertyOf, textOf } from '../../../shared/json';

export function* regenerateKeySaga(action: ReturnType<typeof A.regenerateKeyRequested>): SagaIterator {
  const { id, serialNumber } = action.payload;
  try {
    const result: { deviceKey?: unknown } | null = yield call(regenerateDeviceKey, id);
    if (typeof result?.deviceKey !== 'string') throw new Error('RegenerateKey answered without a key');
    yield put(A.deviceKeyShown({ serialNumber, key: result.deviceKey, kind: 'regenerated' }));
  } catch (e) {
    yield call(showToast, translate('monitoring.failed', { message: describeError(toCrudError(e)) }), 'danger', 'warning-sign');
  }
}

/** The server shows a new device's key once, in the create answer: the key dialog takes it from there. */
export function* createdDeviceKeySaga(action: ReturnType<typeof crudActions.saveSucceeded>): SagaIterator {
  if (baseResourceOf(action.payload.resource).toLowerCase() !== smartequipment.name.toLowerCase()) return;
  const { result } = action.payload;
  const key = textOf(result, 'deviceKey');
  if (!key) return;
  yield put(A.deviceKeyShown({ serialNumber: String(propertyOf(result, 'serialNumber') ?? ''), key, kind: 'created' }));
}
