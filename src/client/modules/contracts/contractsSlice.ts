import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import type { FileInfo } from '../../../shared/resource-kit';
import { rootReducer } from '../../app/store';
import { loggedOut } from '../../session/appSlice';
import { crudActions } from '../../crud/slice';
import type { CrudError } from '../../crud/types';
import { CONTRACT_RESOURCE } from './contractView';
import type { ContractPrefill } from './pdf-prefill';

type PdfPhase = 'idle' | 'uploading' | 'extracting' | 'done' | 'failed';

/** Reading a contract PDF in the open dialog. */
export interface ContractPdfState {
  phase: PdfPhase;
  fileName: string | null;
  /** Upload progress, 0 to 1. */
  progress: number;
  /** The stored file once uploaded. */
  file: FileInfo | null;
  text: string | null;
  prefill: ContractPrefill | null;
  /** Party names in the PDF that matched no enterprise. */
  unmatched: string[];
  error: CrudError | null;
  /** Counts finished readings; the dialog applies each one once (`appliedSeq`), even when it re-mounts. */
  seq: number;
  appliedSeq: number;
}

/** A void waiting for its confirmation, then for the server. */
export interface ContractVoid {
  id: number;
  name: string;
  pending: boolean;
  error: CrudError | null;
}

export interface ContractsState {
  pdf: ContractPdfState;
  voiding: ContractVoid | null;
}

const idlePdf: ContractPdfState = {
  phase: 'idle', fileName: null, progress: 0, file: null, text: null, prefill: null, unmatched: [], error: null, seq: 0, appliedSeq: 0,
};
export const initialContractsState: ContractsState = { pdf: idlePdf, voiding: null };

const isContract = (payload: { resource: string }) => payload.resource === CONTRACT_RESOURCE;

/** Injected into the root reducer as the resource screens' chunk loads: `selectSlice` reads the initial state until then. */
export const contractsSlice = createSlice({
  name: 'contracts',
  initialState: initialContractsState,
  reducers: {
    /** A PDF was chosen; `key` names it among the held files (crud/files `holdFile`). */
    pdfChosen(state, { payload }: PayloadAction<{ key: string; name: string }>) {
      state.pdf = { ...idlePdf, phase: 'uploading', fileName: payload.name, seq: state.pdf.seq, appliedSeq: state.pdf.appliedSeq };
    },
    pdfProgressed(state, { payload }: PayloadAction<number>) {
      if (state.pdf.phase === 'uploading') state.pdf.progress = payload;
    },
    pdfUploaded(state, { payload }: PayloadAction<FileInfo>) {
      state.pdf.phase = 'extracting';
      state.pdf.progress = 1;
      state.pdf.file = payload;
    },
    pdfExtracted(state, { payload }: PayloadAction<{ text: string; prefill: ContractPrefill; unmatched: string[] }>) {
      state.pdf.phase = 'done';
      state.pdf.text = payload.text;
      state.pdf.prefill = payload.prefill;
      state.pdf.unmatched = payload.unmatched;
      state.pdf.seq += 1;
    },
    pdfFailed(state, { payload }: PayloadAction<CrudError>) {
      state.pdf.phase = 'failed';
      state.pdf.error = payload;
    },
    pdfPrefillApplied(state, { payload }: PayloadAction<number>) {
      state.pdf.appliedSeq = Math.max(state.pdf.appliedSeq, payload);
    },

    voidAsked(state, { payload }: PayloadAction<{ id: number; name: string }>) {
      state.voiding = { ...payload, pending: false, error: null };
    },
    voidCancelled(state) {
      state.voiding = null;
    },
    voidRequested(state, { payload }: PayloadAction<{ id: number }>) {
      if (state.voiding?.id === payload.id) {
        state.voiding.pending = true;
        state.voiding.error = null;
      }
    },
    voidSucceeded(state, { payload }: PayloadAction<{ id: number }>) {
      if (state.voiding?.id === payload.id) state.voiding = null;
    },
    voidFailed(state, { payload }: PayloadAction<{ id: number; error: CrudError }>) {
      if (state.voiding?.id === payload.id) {
        state.voiding.pending = false;
        state.voiding.error = payload.error;
      }
    },
  },
  extraReducers: (builder) => {
    // Each dialog starts without a PDF; one read for another dialog must not fill this one.
    const reset = (state: ContractsState, { payload }: { payload: { resource: string } }) => {
      if (isContract(payload)) state.pdf = idlePdf;
    };
    builder
      .addCase(crudActions.createOpened, reset)
      .addCase(crudActions.editOpened, reset)
      .addCase(crudActions.editClosed, reset)
      .addCase(crudActions.saveSucceeded, reset)
      .addCase(loggedOut, () => initialContractsState);
  },
}).injectInto(rootReducer);

export const {
  pdfChosen, pdfProgressed, pdfUploaded, pdfExtracted, pdfFailed, pdfPrefillApplied,
  voidAsked, voidCancelled, voidRequested, voidSucceeded, voidFailed,
} = contractsSlice.actions;

/** The dialog closed or another one opened: a reading under way is abandoned. */
export const isContractDialogChange = (action: { type: string; payload?: unknown }): boolean =>
  (crudActions.createOpened.match(action) || crudActions.editOpened.match(action) || crudActions.editClosed.match(action)
    || crudActions.saveSucceeded.match(action)) && isContract(action.payload);

export const selectContractPdf = (state: RootState) => contractsSlice.selectSlice(state).pdf;
export const selectContractVoid = (state: RootState) => contractsSlice.selectSlice(state).voiding;
