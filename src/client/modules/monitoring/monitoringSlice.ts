import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '../../session/appSlice';
import type { CrudError } from '../../crud/types';
import { liveEventsApplied } from '../../realtime/liveActions';
import type { InspectionInput, OpenWarningRow, StoragePointDetail, StoragePointRow, WarningTargetStatus } from './types';
import { numberOf } from '../../../shared/json';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/**
 * A status change shown before the server confirmed it. It hides the live warning's own status only while the live
 * copy is not newer than `baseSeq` (the newest seq the client knew when the change was sent): once the server's answer
 * or event arrived, the live state is the truth again.
 */
interface WarningOverride {
  status: WarningTargetStatus;
  baseSeq: number;
  settled: boolean;
}

interface PointState {
  id: number;
  status: 'loading' | 'loaded' | 'failed';
  detail: StoragePointDetail | null;
  /** Log seq read before the request: live points above it extend the loaded series. */
  seq: number;
  error: CrudError | null;
}

interface DialogState {
  saving: boolean;
  error: CrudError | null;
}

export interface DeviceKeyState {
  serialNumber: string;
  key: string;
  kind: 'created' | 'regenerated';
}

export interface MonitoringState {
  storage: { status: LoadStatus; error: CrudError | null; rows: StoragePointRow[] };
  point: PointState | null;
  correction: (DialogState & { storageId: number }) | null;
  warnings: { status: LoadStatus; error: CrudError | null };
  /** Names a live warning payload lacks, learnt from REST rows. */
  enterpriseNames: Record<number, string>;
  storagePlaces: Record<number, string>;
  overrides: Record<number, WarningOverride>;
  inspection: (DialogState & { warningId: number }) | null;
  /** A device key to show once; dropped when its dialog closes. */
  deviceKey: DeviceKeyState | null;
}

export const initialMonitoringState: MonitoringState = {
  storage: { status: 'idle', error: null, rows: [] },
  point: null,
  correction: null,
  warnings: { status: 'idle', error: null },
  enterpriseNames: {},
  storagePlaces: {},
  overrides: {},
  inspection: null,
  deviceKey: null,
};

interface NamedRow {
  enterpriseId: number;
  enterpriseName?: string | null;
  storageId: number | null;
  storagePlace?: string | null;
}

function learnNames(state: MonitoringState, rows: readonly NamedRow[]) {
  for (const row of rows) {
    if (row.enterpriseName) state.enterpriseNames[row.enterpriseId] = row.enterpriseName;
    if (row.storageId !== null && row.storagePlace) state.storagePlaces[row.storageId] = row.storagePlace;
  }
}

export const monitoringSlice = createSlice({
  name: 'monitoring',
  initialState: initialMonitoringState,
  reducers: {
    /** Refresh or retry asked by the clerk (the polling asks on its own). */
    storageReloadRequested() {},
    warningsReloadRequested() {},
    storageRequested(state) {
      state.storage.status = state.storage.status === 'loaded' ? 'loaded' : 'loading';
    },
    storageLoaded(state, { payload }: PayloadAction<StoragePointRow[]>) {
      state.storage = { status: 'loaded', error: null, rows: payload };
      learnNames(state, payload.map((row) => ({ ...row, storageId: row.id })));
    },
    storageFailed(state, { payload }: PayloadAction<CrudError>) {
      // A failed poll keeps the rows on screen; only a first load shows the error.
      state.storage.error = payload;
      if (state.storage.status !== 'loaded') state.storage.status = 'failed';
    },
    pointRequested(state, { payload }: PayloadAction<{ id: number }>) {
      const same = state.point?.id === payload.id ? state.point : null;
      state.point = { id: payload.id, status: 'loading', detail: same?.detail ?? null, seq: same?.seq ?? 0, error: null };
    },
    pointLoaded(state, { payload }: PayloadAction<{ id: number; detail: StoragePointDetail; seq: number }>) {
      if (state.point?.id !== payload.id) return;
      state.point = { id: payload.id, status: 'loaded', detail: payload.detail, seq: payload.seq, error: null };
    },
    pointFailed(state, { payload }: PayloadAction<{ id: number; error: CrudError }>) {
      if (state.point?.id !== payload.id) return;
      state.point.status = 'failed';
      state.point.error = payload.error;
    },
    pointClosed(state) {
      state.point = null;
      state.correction = null;
    },
    correctionOpened(state, { payload }: PayloadAction<{ storageId: number }>) {
      state.correction = { storageId: payload.storageId, saving: false, error: null };
    },
    correctionRequested(state, _action: PayloadAction<{ id: number; currentWeight: number; reason: string }>) {
      if (state.correction) {
        state.correction.saving = true;
        state.correction.error = null;
      }
    },
    correctionSaved(state) {
      state.correction = null;
    },
    correctionFailed(state, { payload }: PayloadAction<CrudError>) {
      if (state.correction) {
        state.correction.saving = false;
        state.correction.error = payload;
      }
    },
    correctionClosed(state) {
      state.correction = null;
    },

    warningsRequested(state) {
      if (state.warnings.status !== 'loaded') state.warnings.status = 'loading';
    },
    warningsLoaded(state, { payload }: PayloadAction<OpenWarningRow[]>) {
      state.warnings = { status: 'loaded', error: null };
      learnNames(state, payload);
    },
    warningsFailed(state, { payload }: PayloadAction<CrudError>) {
      state.warnings.error = payload;
      if (state.warnings.status !== 'loaded') state.warnings.status = 'failed';
    },
    /** The clerk's decision; the saga sends it. `from` says which screen to refresh after. */
    warningStatusRequested(_state, _action: PayloadAction<{ id: number; status: WarningTargetStatus; note: string; from: 'console' | 'list' }>) {},
    warningStatusStarted(state, { payload }: PayloadAction<{ id: number; status: WarningTargetStatus; baseSeq: number }>) {
      state.overrides[payload.id] = { status: payload.status, baseSeq: payload.baseSeq, settled: false };
    },
    warningStatusSucceeded(state, { payload }: PayloadAction<{ id: number }>) {
      const override = state.overrides[payload.id];
      if (override) override.settled = true;
    },
    /** Rolled back: the warning shows as the live log has it. */
    warningStatusFailed(state, { payload }: PayloadAction<{ id: number; error: CrudError }>) {
      delete state.overrides[payload.id];
    },

    inspectionOpened(state, { payload }: PayloadAction<{ warningId: number }>) {
      state.inspection = { warningId: payload.warningId, saving: false, error: null };
    },
    inspectionRequested(state, _action: PayloadAction<{ input: InspectionInput }>) {
      if (state.inspection) {
        state.inspection.saving = true;
        state.inspection.error = null;
      }
    },
    inspectionSaved(state) {
      state.inspection = null;
    },
    inspectionFailed(state, { payload }: PayloadAction<CrudError>) {
      if (state.inspection) {
        state.inspection.saving = false;
        state.inspection.error = payload;
      }
    },
    inspectionClosed(state) {
      state.inspection = null;
    },

    regenerateKeyRequested(_state, _action: PayloadAction<{ id: number; serialNumber: string }>) {},
    deviceKeyShown(state, { payload }: PayloadAction<DeviceKeyState>) {
      state.deviceKey = payload;
    },
    deviceKeyClosed(state) {
      state.deviceKey = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(liveEventsApplied, (state, { payload }) => {
      // A settled change is moot once the server's own event for that warning came in.
      for (const event of payload) {
        if (event.type !== 'warning.raised' && event.type !== 'warning.updated') continue;
        const id = numberOf(event.payload, 'id');
        if (id === undefined) continue;
        const override = state.overrides[id];
        if (override?.settled && event.seq > override.baseSeq) delete state.overrides[id];
      }
    });
    builder.addCase(loggedOut, () => initialMonitoringState);
  },
});

export const monitoringActions = monitoringSlice.actions;
export const monitoringReducer = monitoringSlice.reducer;
