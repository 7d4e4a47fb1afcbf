import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '../../session/appSlice';
import type { CrudError } from '../../crud/types';
import type { CheckProblem, OrderBody, TransferOrderDetail, TransferWarning } from './types';

export interface OrderFormState {
  mode: 'create' | 'edit';
  id: number | null;
  /** The version the edit started from (Update sends it). */
  version: number | null;
  /** One per opening of the dialog: the server creates one order however often the same key is sent. */
  requestKey: string;
  /** An edit waits for the order's lines. */
  loading: boolean;
  order: TransferOrderDetail | null;
  phase: 'editing' | 'checking' | 'saving';
  /** Blocking problems of the last check or save, by member (`lines[0].quantity`). */
  errors: CheckProblem[];
  /** Contract and inventory warnings: shown, and the clerk may submit anyway. */
  warnings: TransferWarning[];
  /** The body the warnings were shown for: submitting it unchanged goes through. */
  warnedBody: string | null;
  /** A failure not tied to a field (the load, the network, a 409). */
  error: CrudError | null;
}

export type FormSlot = OrderFormState | null;

/** A fresh key per dialog opening (randomUUID is missing on plain-http origins of old browsers). */
function newRequestKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c?.randomUUID) return c.randomUUID();
  return `rk-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

const opened = (mode: 'create' | 'edit', id: number | null, requestKey: string): OrderFormState => ({
  mode, id, version: null, requestKey, loading: mode === 'edit', order: null, phase: 'editing', errors: [], warnings: [],
  warnedBody: null, error: null,
});

/** The body as the warnings remember it (member order is the builder's, so equal bodies give equal text). */
export const bodyKey = (body: OrderBody) => JSON.stringify(body);

export const orderFormSlice = createSlice({
  name: 'transfer/form',
  initialState: null as FormSlot,
  reducers: {
    formCreateOpened: {
      reducer: (_state, { payload }: PayloadAction<{ requestKey: string }>) => opened('create', null, payload.requestKey),
      prepare: () => ({ payload: { requestKey: newRequestKey() } }),
    },
    formEditOpened: {
      reducer: (_state, { payload }: PayloadAction<{ id: number; requestKey: string }>) => opened('edit', payload.id, payload.requestKey),
      prepare: (payload: { id: number }) => ({ payload: { ...payload, requestKey: newRequestKey() } }),
    },
    formLoaded(state, { payload }: PayloadAction<{ order: TransferOrderDetail }>) {
      if (!state || state.id !== payload.order.id) return state;
      state.loading = false;
      state.order = payload.order;
      state.version = payload.order.version;
      return state;
    },
    formLoadFailed(state, { payload }: PayloadAction<{ id: number; error: CrudError }>) {
      if (!state || state.id !== payload.id) return state;
      state.loading = false;
      state.error = payload.error;
      return state;
    },
    formClosed: () => null,
    /** Check, then (no errors, and no warnings not yet shown for this body) create or update. */
    formSubmitted(state, _action: PayloadAction<{ body: OrderBody }>) {
      if (!state) return state;
      state.phase = 'checking';
      state.error = null;
      return state;
    },
    formChecked(state, { payload }: PayloadAction<{ errors: CheckProblem[]; warnings: TransferWarning[]; body: string }>) {
      if (!state) return state;
      state.errors = payload.errors;
      state.warnings = payload.warnings;
      state.warnedBody = payload.warnings.length > 0 ? payload.body : null;
      return state;
    },
    formSaving(state) {
      if (state) state.phase = 'saving';
      return state;
    },
    /** Back to editing after a check that found something, or a refused save. */
    formStopped(state, { payload }: PayloadAction<{ error?: CrudError; errors?: CheckProblem[] }>) {
      if (!state) return state;
      state.phase = 'editing';
      if (payload.error) state.error = payload.error;
      if (payload.errors) state.errors = payload.errors;
      return state;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => null);
  },
});

export const {
  formCreateOpened, formEditOpened, formLoaded, formLoadFailed, formClosed, formSubmitted, formChecked, formSaving, formStopped,
} = orderFormSlice.actions;
