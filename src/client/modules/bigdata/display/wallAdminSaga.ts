import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { DisplayAccountDto, DisplayTokenDto, WallSettings } from '../../../../shared/bigdata';
import { toCrudError } from '../../../crud/api-error';
import { translate } from '../../../i18n';
import { showToast } from '../../../util/toaster';
import { fetchWallSettings } from '../api';
import { wallUrl } from './displaySecret';
import { createDisplayToken, fetchDisplayAccounts, fetchDisplayTokens, revokeDisplayToken, updateWallSettings } from './wallAdminApi';
import { wallAdminActions as A, type WallAdminTask } from './wallAdminSlice';

export function currentOrigin(): string {
  return window.location.origin;
}

/** Runs one task of the dialog; a failure is kept for the part of the dialog it concerns. */
function guarded<T>(task: WallAdminTask, work: (action: T) => SagaIterator) {
  return function* run(action: T): SagaIterator {
    try {
      yield call(work, action);
    } catch (error) {
      yield put(A.failed({ task, error: toCrudError(error) }));
    }
  };
}

export function* loadWallAdmin(): SagaIterator {
  const [settings, tokens, accounts]: [WallSettings, DisplayTokenDto[], DisplayAccountDto[]] = yield all([
    call(fetchWallSettings), call(fetchDisplayTokens), call(fetchDisplayAccounts),
  ]);
  yield put(A.loaded({ settings, tokens, accounts }));
}

export function* saveWallSettings(action: ReturnType<typeof A.saveRequested>): SagaIterator {
  const saved: WallSettings = yield call(updateWallSettings, action.payload);
  yield put(A.saved(saved));
  yield call(showToast, translate('bigdata.saved'), 'success', 'tick');
}

export function* issueDisplayToken(action: ReturnType<typeof A.issueRequested>): SagaIterator {
  const { token }: { id: number; token: string } = yield call(createDisplayToken, action.payload);
  const origin: string = yield call(currentOrigin);
  const tokens: DisplayTokenDto[] = yield call(fetchDisplayTokens);
  yield put(A.issued({ url: wallUrl(origin, token), tokens }));
}

export function* revokeToken(action: ReturnType<typeof A.revokeRequested>): SagaIterator {
  yield call(revokeDisplayToken, action.payload);
  const tokens: DisplayTokenDto[] = yield call(fetchDisplayTokens);
  yield put(A.revoked(tokens));
}

export function* watchWallAdmin(): SagaIterator {
  yield takeLatest(A.opened, guarded('load', loadWallAdmin));
  yield takeLeading(A.saveRequested, guarded('save', saveWallSettings));
  yield takeLeading(A.issueRequested, guarded('issue', issueDisplayToken));
  yield takeLeading(A.revokeRequested, guarded('revoke', revokeToken));
}
