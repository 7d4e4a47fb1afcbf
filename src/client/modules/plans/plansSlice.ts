import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../../app/store';
import type { EntityDto } from '../../../shared/resource-kit';
import { loggedOut } from '../../session/appSlice';
import { crudActions } from '../../crud/slice';
import type { CrudError } from '../../crud/types';
import { PLAN_RESOURCE } from './planView';

interface PlanRowsState {
  status: 'loading' | 'loaded' | 'failed';
  /** The rows as the server sent them (with hazardouswasteName and receiverName). */
  items: EntityDto[];
  error: CrudError | null;
}

/** A status move waiting for its confirmation, then for the server. */
export interface PlanStatusChange {
  id: number;
  /** The plan's name for the question. */
  name: string;
  to: number;
  pending: boolean;
  error: CrudError | null;
}

export interface PlansState {
  /** Rows by plan id, read for the edit dialog and the rows drawer. */
  rows: Record<number, PlanRowsState>;
  statusChange: PlanStatusChange | null;
}

export const initialPlansState: PlansState = { rows: {}, statusChange: null };

function startLoading(state: PlansState, planId: number) {
  state.rows[planId] = { status: 'loading', items: state.rows[planId]?.items ?? [], error: null };
}

/** Injected into the root reducer as the resource screens' chunk loads: `selectSlice` reads the initial state until then. */
export const plansSlice = createSlice({
  name: 'plans',
  initialState: initialPlansState,
  reducers: {
    planRowsRequested(state, { payload }: PayloadAction<{ planId: number }>) {
      startLoading(state, payload.planId);
    },
    planRowsLoaded(state, { payload }: PayloadAction<{ planId: number; items: EntityDto[] }>) {
      state.rows[payload.planId] = { status: 'loaded', items: payload.items, error: null };
    },
    planRowsFailed(state, { payload }: PayloadAction<{ planId: number; error: CrudError }>) {
      state.rows[payload.planId] = { status: 'failed', items: state.rows[payload.planId]?.items ?? [], error: payload.error };
    },
    planStatusAsked(state, { payload }: PayloadAction<{ id: number; name: string; to: number }>) {
      state.statusChange = { ...payload, pending: false, error: null };
    },
    planStatusCancelled(state) {
      state.statusChange = null;
    },
    planStatusRequested(state, { payload }: PayloadAction<{ id: number; to: number }>) {
      if (state.statusChange?.id === payload.id) {
        state.statusChange.pending = true;
        state.statusChange.error = null;
      }
    },
    planStatusChanged(state, { payload }: PayloadAction<{ id: number; to: number }>) {
      if (state.statusChange?.id === payload.id) state.statusChange = null;
    },
    planStatusFailed(state, { payload }: PayloadAction<{ id: number; error: CrudError }>) {
      if (state.statusChange?.id === payload.id) {
        state.statusChange.pending = false;
        state.statusChange.error = payload.error;
      }
    },
  },
  extraReducers: (builder) => {
    builder
      // The edit dialog must never start from rows read before: they are loading from the moment it opens.
      .addCase(crudActions.editOpened, (state, { payload }) => {
        if (payload.resource === PLAN_RESOURCE) startLoading(state, payload.id);
      })
      .addCase(crudActions.saveSucceeded, (state, { payload }) => {
        if (payload.resource === PLAN_RESOURCE) state.rows = {};
      })
      .addCase(loggedOut, () => initialPlansState);
  },
}).injectInto(rootReducer);

export const {
  planRowsRequested, planRowsLoaded, planRowsFailed, planStatusAsked, planStatusCancelled, planStatusRequested,
  planStatusChanged, planStatusFailed,
} = plansSlice.actions;

export const selectPlanRows = (state: RootState, planId: number | null | undefined): PlanRowsState | undefined =>
  planId == null ? undefined : plansSlice.selectSlice(state).rows[planId];
export const selectPlanStatusChange = (state: RootState) => plansSlice.selectSlice(state).statusChange;
