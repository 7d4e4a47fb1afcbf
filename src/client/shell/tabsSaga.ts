import type { SagaIterator } from 'redux-saga';
import { call, select, takeEvery } from 'redux-saga/effects';
import { findRouteByName, findRouteByPath } from '../../shared/navigation';
import { selectTabs, tabClosed, tabOpened, tabsClearedAll, tabsClearedOthers, tabsRestored, type TabsState } from './tabsSlice';
import { currentPath, navigateTo } from '../util/navigator';
import { STORAGE_KEYS, writeJson } from '../util/storage';

function persistTabs(tabs: TabsState): void {
  writeJson(STORAGE_KEYS.tabs, tabs);
}

/** Saves the opened tabs so they come back after a reload. */
export function* persistTabsSaga(): SagaIterator {
  const tabs: TabsState = yield select(selectTabs);
  yield call(persistTabs, tabs);
}

/** After a tab was closed, follow the reducer's choice of active tab if the current page is gone. */
export function* followActiveTabSaga(): SagaIterator {
  const tabs: TabsState = yield select(selectTabs);
  const path: string = yield call(currentPath);
  const current = findRouteByPath(path);
  if (current && tabs.opened.includes(current.name)) return;
  const target = findRouteByName(tabs.active);
  if (target) yield call(navigateTo, target.path);
}

export function* watchTabs(): SagaIterator {
  yield takeEvery([tabOpened.type, tabClosed.type, tabsClearedOthers.type, tabsClearedAll.type, tabsRestored.type], persistTabsSaga);
  yield takeEvery([tabClosed.type, tabsClearedOthers.type, tabsClearedAll.type], followActiveTabSaga);
}
