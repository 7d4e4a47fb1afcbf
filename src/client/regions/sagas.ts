import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeEvery } from 'redux-saga/effects';
import { callApi } from '../api/http';
import { toCrudError } from '../crud/api-error';
import { regionsActions as A, selectRegionChildren, type Region, type RegionChildren } from './slice';

export const GET_CITYS = '/api/services/app/EnterpriseInformation/GetCitys';

function* loadChildren(action: PayloadAction<{ parentCode: string | null }>) {
  const { parentCode } = action.payload;
  const cached: RegionChildren = yield select(selectRegionChildren, parentCode);
  if (cached.loaded || cached.loading) return;
  yield put(A.childrenLoading({ parentCode }));
  try {
    const result: { items?: Region[] } | null = yield call(callApi, 'GET', GET_CITYS, parentCode === null ? {} : { ParentCode: parentCode });
    yield put(A.childrenLoaded({ parentCode, items: result?.items ?? [] }));
  } catch (e) {
    yield put(A.childrenFailed({ parentCode, error: toCrudError(e) }));
  }
}

/** Loads the children of every parent asked for, each once; asks for different parents run side by side. */
export function* watchRegions() {
  yield takeEvery(A.childrenRequested.type, loadChildren);
}
