import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery } from 'redux-saga/effects';
import { annualmanagementplandetail } from '../../../shared/resources';
import { crudPath, type EntityDto } from '../../../shared/resource-kit';
import { callApi } from '../../api/http';
import { toCrudError } from '../../crud/api-error';
import { crudActions } from '../../crud/slice';
import { translate } from '../../i18n';
import { showToast } from '../../util/toaster';
import { PLAN_RESOURCE } from './planView';
import {
  planRowsFailed, planRowsLoaded, planRowsRequested, planStatusChanged, planStatusFailed, planStatusRequested,
} from './plansSlice';

export const PLAN_ROWS_PATH = crudPath(annualmanagementplandetail.name, 'GetAnnualManagementPlanDetailAllByAid');
export const PLAN_STATUS_PATH = crudPath(PLAN_RESOURCE, 'UpdateStatus');

// The screens show these failures beside what failed (the dialog, the drawer, the confirmation), not in a modal.
const SILENT = { silent: true } as const;

export function* loadPlanRowsSaga(planId: number): SagaIterator {
  try {
    const items: EntityDto[] | null = yield call(callApi, 'GET', PLAN_ROWS_PATH, { Aid: planId }, SILENT);
    yield put(planRowsLoaded({ planId, items: items ?? [] }));
  } catch (e) {
    yield put(planRowsFailed({ planId, error: toCrudError(e) }));
  }
}

/** Submit, approve or return: `PUT UpdateStatus {id, status}`, then the list again (the row shows its new status). */
export function* changePlanStatusSaga(action: ReturnType<typeof planStatusRequested>): SagaIterator {
  const { id, to } = action.payload;
  try {
    yield call(callApi, 'PUT', PLAN_STATUS_PATH, { id, status: to }, SILENT);
    yield put(planStatusChanged({ id, to }));
    yield put(crudActions.listRequested({ resource: PLAN_RESOURCE }));
    yield call(showToast, translate('plans.statusChanged', { status: translate(`enum.planStatus.${to}`) }), 'success', 'tick');
  } catch (e) {
    yield put(planStatusFailed({ id, error: toCrudError(e) }));
  }
}

const isPlanEditOpened = (action: { type: string; payload?: unknown }): action is ReturnType<typeof crudActions.editOpened> =>
  crudActions.editOpened.match(action) && action.payload.resource === PLAN_RESOURCE;

/**
 * The plan screen's flows beyond the generic ones: rows for the edit dialog (read as soon as it opens, beside the
 * plan's own `Get`) and for the rows drawer, and status moves. Saving a plan with its rows is the generic save
 * flow: the plan's view sends it to CreateAMP_AMPM / UpdateAMP_AMPM.
 */
export function* watchPlans(): SagaIterator {
  yield takeEvery(planRowsRequested.type, (a: PayloadAction<{ planId: number }>) => loadPlanRowsSaga(a.payload.planId));
  yield takeEvery(isPlanEditOpened, (a: ReturnType<typeof crudActions.editOpened>) => loadPlanRowsSaga(a.payload.id));
  yield takeEvery(planStatusRequested.type, changePlanStatusSaga);
}
