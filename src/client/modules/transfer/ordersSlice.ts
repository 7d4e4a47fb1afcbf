import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Party } from '../../../shared/transfer/machine';
import { loggedOut } from '../../session/appSlice';
import { crudActions } from '../../crud/slice';
import type { CrudError } from '../../crud/types';
import { optimisticOrder, type MoveAction, type MoveInput } from './moves';
import { LIST_KEYS, type TransferList } from './transferView';
import type { TransferOrderDetail, TransferOrderDto } from './types';

interface MeState {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** The declarant's name shown in the order dialog. */
  name: string | null;
  /** The user's linked enterprises (none: acts for all three parties); null while not known. */
  enterpriseIds: number[] | null;
}

export interface DetailState {
  id: number;
  status: 'loading' | 'loaded' | 'failed';
  order: TransferOrderDetail | null;
  error: CrudError | null;
  /** The last move's refusal, shown in the drawer; `conflict` when someone else changed the order first (409). */
  refusal: { error: CrudError; conflict: boolean } | null;
}

/** A move on its way: what the screen showed before it, to put back if the server refuses. */
interface PendingMove {
  action: MoveAction;
  party: Party;
  hadRow: boolean;
  previousRow: TransferOrderDto | null;
  previousOrder: TransferOrderDetail | null;
}

/** The confirmation or dialog of a move (void reason, vehicles, received quantities, signee image). */
export interface MoveDialog {
  orderId: number;
  action: MoveAction;
  party: Party;
  pending: boolean;
  error: CrudError | null;
}

export interface ImageState {
  status: 'loading' | 'loaded' | 'failed';
  url: string | null;
}

/** Details of a party enterprise for the printed manifest (phone, licence); null when the user may not read it. */
export interface PartyEnterprise {
  id: number;
  name?: string | null;
  contactPhone?: string | null;
  licenseNumber?: string | null;
  address?: string | null;
}

export interface OrdersState {
  me: MeState;
  detail: DetailState | null;
  /** Rows shown instead of the list's copy: the expected row of a move under way, then the server's answer. */
  rows: Record<number, TransferOrderDto>;
  pending: Record<number, PendingMove>;
  dialog: MoveDialog | null;
  images: Record<number, ImageState>;
  print: { orderId: number; status: 'loading' | 'ready'; enterprises: Record<number, PartyEnterprise | null> } | null;
  /** Lists on screen, by crud key: a hub push reloads these. */
  shown: Record<string, number>;
}

const initialOrdersState: OrdersState = {
  me: { status: 'idle', name: null, enterpriseIds: null },
  detail: null,
  rows: {},
  pending: {},
  dialog: null,
  images: {},
  print: null,
  shown: {},
};

/** The list's row of an order: the fields of the DTO without the detail's parts. */
function rowOf(order: TransferOrderDto): TransferOrderDto {
  const { lines: _lines, history: _history, parties: _parties, moves: _moves, warnings: _warnings, ...row } = order as TransferOrderDetail & { warnings?: unknown };
  return row;
}

export const ordersSlice = createSlice({
  name: 'transfer/orders',
  initialState: initialOrdersState,
  reducers: {
    meRequested(state) {
      state.me.status = 'loading';
    },
    meLoaded(state, { payload }: PayloadAction<{ name: string | null; enterpriseIds: number[] }>) {
      state.me = { status: 'loaded', name: payload.name, enterpriseIds: payload.enterpriseIds };
    },
    meFailed(state, { payload }: PayloadAction<{ name: string | null }>) {
      state.me = { status: 'failed', name: payload.name, enterpriseIds: null };
    },
    listShown(state, { payload }: PayloadAction<{ list: TransferList; key: string }>) {
      state.shown[payload.key] = (state.shown[payload.key] ?? 0) + 1;
    },
    listHidden(state, { payload }: PayloadAction<{ list: TransferList; key: string }>) {
      const count = (state.shown[payload.key] ?? 0) - 1;
      if (count > 0) state.shown[payload.key] = count;
      else delete state.shown[payload.key];
    },
    detailRequested(state, { payload }: PayloadAction<{ id: number }>) {
      const same = state.detail?.id === payload.id;
      state.detail = {
        id: payload.id, status: 'loading', order: same ? state.detail!.order : null, error: null, refusal: same ? state.detail!.refusal : null,
      };
    },
    detailLoaded(state, { payload }: PayloadAction<{ order: TransferOrderDetail }>) {
      if (state.detail?.id !== payload.order.id) return;
      state.detail = { ...state.detail, status: 'loaded', order: payload.order, error: null, refusal: null };
      if (state.rows[payload.order.id]) state.rows[payload.order.id] = rowOf(payload.order);
    },
    detailFailed(state, { payload }: PayloadAction<{ id: number; error: CrudError }>) {
      if (state.detail?.id !== payload.id) return;
      state.detail.status = 'failed';
      state.detail.error = payload.error;
    },
    detailClosed(state) {
      state.detail = null;
      state.dialog = null;
      state.print = null;
    },
    moveAsked(state, { payload }: PayloadAction<{ orderId: number; action: MoveAction; party: Party }>) {
      state.dialog = { ...payload, pending: false, error: null };
    },
    moveDialogClosed(state) {
      if (!state.dialog?.pending) state.dialog = null;
    },
    /** Applies the move's expected result at once; `row` is the list's row of the order (if it shows one). */
    moveStarted(state, { payload }: PayloadAction<{ id: number; party: Party; input: MoveInput; row: TransferOrderDto | null }>) {
      const { id, party, input, row } = payload;
      const detail = state.detail?.id === id ? state.detail : null;
      state.pending[id] = {
        action: input.action, party, hadRow: id in state.rows, previousRow: state.rows[id] ?? null, previousOrder: detail?.order ?? null,
      };
      const base = state.rows[id] ?? row;
      if (base) state.rows[id] = optimisticOrder(base, party, input);
      if (detail?.order) {
        detail.order = optimisticOrder(detail.order, party, input);
        detail.refusal = null;
      }
      if (state.dialog?.orderId === id) {
        state.dialog.pending = true;
        state.dialog.error = null;
      }
    },
    /** The server's order replaces the expected one; a delete leaves nothing to show. */
    moveSucceeded(state, { payload }: PayloadAction<{ id: number; order: TransferOrderDetail | null }>) {
      const { id, order } = payload;
      delete state.pending[id];
      if (state.dialog?.orderId === id) state.dialog = null;
      if (!order) {
        delete state.rows[id];
        if (state.detail?.id === id) state.detail = null;
        return;
      }
      state.rows[id] = rowOf(order);
      if (state.detail?.id === id) state.detail = { ...state.detail, status: 'loaded', order, error: null, refusal: null };
    },
    /** The server refused: the screen shows again what it showed before, and why. */
    moveFailed(state, { payload }: PayloadAction<{ id: number; error: CrudError; conflict: boolean }>) {
      const { id, error, conflict } = payload;
      const pending = state.pending[id];
      delete state.pending[id];
      if (pending) {
        if (pending.hadRow && pending.previousRow) state.rows[id] = pending.previousRow;
        else delete state.rows[id];
        if (state.detail?.id === id && pending.previousOrder) state.detail.order = pending.previousOrder;
      }
      if (state.detail?.id === id) state.detail.refusal = { error, conflict };
      if (state.dialog?.orderId === id) {
        state.dialog.pending = false;
        state.dialog.error = error;
      }
    },
    /** A saved edit's answer: the list and the drawer show the server's order. */
    orderReplaced(state, { payload }: PayloadAction<{ order: TransferOrderDetail }>) {
      const { order } = payload;
      state.rows[order.id] = rowOf(order);
      if (state.detail?.id === order.id) state.detail = { ...state.detail, status: 'loaded', order, error: null, refusal: null };
    },
    imageRequested(state, { payload }: PayloadAction<{ fileId: number }>) {
      state.images[payload.fileId] = { status: 'loading', url: null };
    },
    imageLoaded(state, { payload }: PayloadAction<{ fileId: number; url: string }>) {
      state.images[payload.fileId] = { status: 'loaded', url: payload.url };
    },
    imageFailed(state, { payload }: PayloadAction<{ fileId: number }>) {
      state.images[payload.fileId] = { status: 'failed', url: null };
    },
    printRequested(state, { payload }: PayloadAction<{ id: number }>) {
      state.print = { orderId: payload.id, status: 'loading', enterprises: {} };
    },
    printReady(state, { payload }: PayloadAction<{ id: number; enterprises: Record<number, PartyEnterprise | null> }>) {
      if (state.print?.orderId !== payload.id) return;
      state.print = { orderId: payload.id, status: 'ready', enterprises: payload.enterprises };
    },
    printClosed(state) {
      state.print = null;
    },
  },
  extraReducers: (builder) => {
    builder
      // A fresher list makes the screen's own copies of its rows unnecessary, except those of moves under way.
      .addCase(crudActions.listLoaded, (state, { payload }) => {
        if (!LIST_KEYS.includes(payload.resource)) return;
        for (const item of payload.items) {
          const mine = state.rows[item.id];
          if (mine && !state.pending[item.id] && Number(item.version) >= Number(mine.version)) delete state.rows[item.id];
        }
      })
      .addCase(loggedOut, () => initialOrdersState);
  },
});

export const {
  meRequested, meLoaded, meFailed, listShown, listHidden, detailRequested, detailLoaded, detailFailed, detailClosed,
  moveAsked, moveDialogClosed, moveStarted, moveSucceeded, moveFailed, orderReplaced, imageRequested, imageLoaded, imageFailed,
  printRequested, printReady, printClosed,
} = ordersSlice.actions;

/** Asks for a move; the saga applies it optimistically (`moveStarted`) and settles it with the server's answer. */
export const moveRequested = createAction<{ id: number; party: Party; version: number; input: MoveInput }>('transfer/moveRequested');
