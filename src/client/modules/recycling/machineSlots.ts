import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { ExchangeSlot, ExchangeSlotsPayload } from '../../../shared/live/events';
import { crudPath } from '../../../shared/resource-kit';
import { exchangemachine } from '../../../shared/resources';
import { callApi } from '../../api/http';
import type { RootState } from '../../app/store';
import { rootReducer } from '../../app/store';
import { crudActions, toCrudError, type CrudError } from '../../crud';
import { translate } from '../../i18n';
import { liveEventsApplied } from '../../realtime/liveActions';
import { loggedOut } from '../../session/appSlice';
import { showToast } from '../../util/toaster';

export const SLOTS_PATH = crudPath(exchangemachine.name, 'GetExchangeMachine_Goods');
export const LOAD_PATH = crudPath(exchangemachine.name, 'ExchangeMachine_UpShelves');
export const UNLOAD_PATH = crudPath(exchangemachine.name, 'getExchangeMachine_del');

/** A redemption under way at the machine: its item and points held until the machine reports. */
export interface PendingHold {
  id: number;
  slotNo: number;
  householdId: number;
  householdName: string;
  points: number;
  creationTime: string;
  expiresAt: string;
}

export interface MachineGrid extends ExchangeSlotsPayload {
  holds: PendingHold[];
}

/** What a slot's dialog asks: load goods into it, or take some (or all that are not held) out. */
export type SlotCommand =
  | { kind: 'load'; slotNo: number; goodsId: number; quantity: number }
  | { kind: 'unload'; slotNo: number; quantity: number | null };

/** The machine whose slots the drawer shows, kept current by the machine's live events. */
export interface MachineSlotsState {
  machineId: number | null;
  grid: MachineGrid | null;
  loading: boolean;
  error: CrudError | null;
  /** The slot dialog's command while it runs, and its refusal. */
  running: boolean;
  commandError: CrudError | null;
  /** Commands done since the drawer opened: the dialog closes when it grows. */
  commandsDone: number;
}

export const initialMachineSlotsState: MachineSlotsState = {
  machineId: null, grid: null, loading: false, error: null, running: false, commandError: null, commandsDone: 0,
};

export const machineSlotsSlice = createSlice({
  name: 'machineSlots',
  initialState: initialMachineSlotsState,
  reducers: {
    slotsOpened: (_state, { payload }: PayloadAction<number>) => ({ ...initialMachineSlotsState, machineId: payload, loading: true }),
    slotsClosed: () => initialMachineSlotsState,
    slotsRequested(state) {
      state.loading = true;
    },
    slotsLoaded(state, { payload }: PayloadAction<MachineGrid>) {
      if (payload.machineId !== state.machineId) return;
      state.grid = payload;
      state.loading = false;
      state.error = null;
    },
    slotsFailed(state, { payload }: PayloadAction<CrudError>) {
      state.loading = false;
      state.error = payload;
    },
    /** A live event or a command's answer: the grid as the server now has it; the holds follow with the next load. */
    slotsChanged(state, { payload }: PayloadAction<ExchangeSlotsPayload>) {
      if (payload.machineId !== state.machineId || !state.grid) return;
      state.grid = { ...state.grid, itemsLeft: payload.itemsLeft, slots: payload.slots };
    },
    commandRequested(state, _action: PayloadAction<SlotCommand>) {
      state.running = true;
      state.commandError = null;
    },
    commandSucceeded(state) {
      state.running = false;
      state.commandsDone += 1;
    },
    commandFailed(state, { payload }: PayloadAction<CrudError>) {
      state.running = false;
      state.commandError = payload;
    },
    commandDismissed(state) {
      state.commandError = null;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialMachineSlotsState),
}).injectInto(rootReducer);

export const machineSlotsActions = machineSlotsSlice.actions;
const S = machineSlotsActions;
export const selectMachineSlots = (state: RootState) => machineSlotsSlice.selectSlice(state);

const numbered = (slots: ExchangeSlot[]) => slots.map((s) => ({ ...s, slotNo: Number(s.slotNo) }));

export function* loadSlots(): SagaIterator {
  const { machineId }: MachineSlotsState = yield select(selectMachineSlots);
  if (machineId === null) return;
  try {
    const grid: MachineGrid = yield call(callApi, 'GET', SLOTS_PATH, { id: machineId }, { silent: true });
    yield put(S.slotsLoaded({ ...grid, slots: numbered(grid.slots) }));
  } catch (e) {
    yield put(S.slotsFailed(toCrudError(e)));
  }
}

/** The open machine's events: its grid at once, then who holds what (the event names slots, not households). */
export function* followMachine({ payload }: ReturnType<typeof liveEventsApplied>): SagaIterator {
  const { machineId }: MachineSlotsState = yield select(selectMachineSlots);
  const latest = payload.filter((e) => e.type === 'exchange.slots' && (e.payload as ExchangeSlotsPayload).machineId === machineId).pop();
  if (!latest) return;
  yield put(S.slotsChanged(latest.payload as ExchangeSlotsPayload));
  yield put(S.slotsRequested());
}

export function* runCommand({ payload }: ReturnType<typeof S.commandRequested>): SagaIterator {
  const { machineId }: MachineSlotsState = yield select(selectMachineSlots);
  if (machineId === null) return;
  try {
    const grid: ExchangeSlotsPayload = payload.kind === 'load'
      ? yield call(callApi, 'POST', LOAD_PATH, { id: machineId, slotNo: payload.slotNo, goodsId: payload.goodsId, quantity: payload.quantity }, { silent: true })
      : yield call(callApi, 'GET', UNLOAD_PATH, { id: machineId, slotNo: payload.slotNo, ...(payload.quantity === null ? {} : { quantity: payload.quantity }) }, { silent: true });
    yield put(S.slotsChanged({ ...grid, slots: numbered(grid.slots) }));
    yield put(S.commandSucceeded());
    yield call(showToast, translate(payload.kind === 'load' ? 'recycling.loaded' : 'recycling.unloaded'), 'success', 'tick');
    // The machines' list shows items left, the goods' list central stock.
    yield put(crudActions.listRequested({ resource: exchangemachine.name }));
  } catch (e) {
    yield put(S.commandFailed(toCrudError(e)));
  }
}

export function* watchMachineSlots(): SagaIterator {
  yield takeLatest([S.slotsOpened.type, S.slotsRequested.type], loadSlots);
  yield takeEvery(liveEventsApplied.type, followMachine);
  yield takeLatest(S.commandRequested.type, runCommand);
}
