import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest } from 'redux-saga/effects';
import { crudPath } from '../../../shared/resource-kit';
import { qarea } from '../../../shared/resources';
import { callApi } from '../../api/http';
import type { RootState } from '../../app/store';
import { rootReducer } from '../../app/store';
import { crudActions, toCrudError, type CrudError } from '../../crud';
import { loggedOut } from '../../session/appSlice';
import { AREA_LEVELS, tableKeyOf } from './areaLevels';

/** What `Qarea/ImportDivisions` added. */
export interface DivisionImport {
  districts: number;
  streets: number;
  communities: number;
}

export const IMPORT_DIVISIONS_PATH = crudPath(qarea.name, 'ImportDivisions');

/** The import dialog: closed, choosing, sending, or showing what was added or why nothing was. */
export interface AreaImportState {
  open: boolean;
  running: boolean;
  result: DivisionImport | null;
  error: CrudError | null;
}

export const initialAreaImportState: AreaImportState = { open: false, running: false, result: null, error: null };

/** Injected into the root reducer as the area screen's chunk loads. */
export const areaImportSlice = createSlice({
  name: 'areaImport',
  initialState: initialAreaImportState,
  reducers: {
    importOpened: () => ({ ...initialAreaImportState, open: true }),
    importClosed: (state) => (state.running ? state : initialAreaImportState),
    importRequested(state, _action: PayloadAction<{ code: string }>) {
      state.running = true;
      state.result = null;
      state.error = null;
    },
    importSucceeded(state, { payload }: PayloadAction<DivisionImport>) {
      state.running = false;
      state.result = payload;
    },
    importFailed(state, { payload }: PayloadAction<CrudError>) {
      state.running = false;
      state.error = payload;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialAreaImportState),
}).injectInto(rootReducer);

export const { importOpened, importClosed, importRequested, importSucceeded, importFailed } = areaImportSlice.actions;
export const selectAreaImport = (state: RootState) => areaImportSlice.selectSlice(state);

/**
 * Sends the chosen division; on success every list and picker of the hierarchy is stale: the tree and the tables read
 * them again. The dialog shows a refusal itself.
 */
export function* importDivisionsSaga({ payload }: ReturnType<typeof importRequested>): SagaIterator {
  try {
    const result: DivisionImport = yield call(callApi, 'POST', IMPORT_DIVISIONS_PATH, { code: payload.code }, { silent: true });
    yield put(importSucceeded(result));
    yield put(crudActions.lookupsInvalidated({ prefixes: AREA_LEVELS.map((l) => `${l.resource}/`) }));
    yield put(crudActions.listRequested({ resource: tableKeyOf(null) }));
  } catch (e) {
    yield put(importFailed(toCrudError(e)));
  }
}

export function* watchAreaImport(): SagaIterator {
  yield takeLatest(importRequested.type, importDivisionsSaga);
}
