import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DisplayAccountDto, DisplayTokenDto, WallSettings } from '../../../../shared/bigdata';
import { rootReducer } from '../../../app/store';
import type { CrudError } from '../../../crud/types';
import { loggedOut } from '../../../session/appSlice';

/** Which part of the dialog a failure belongs to, so it shows next to what the administrator did. */
export type WallAdminTask = 'load' | 'save' | 'issue' | 'revoke';

export interface WallAdminState {
  settings: WallSettings | null;
  tokens: DisplayTokenDto[];
  accounts: DisplayAccountDto[];
  /** The task running now (one at a time: the dialog's buttons wait for it). */
  running: WallAdminTask | null;
  failure: { task: WallAdminTask; error: CrudError } | null;
  /** The wall URL of the token just issued: its secret is shown this once, and forgotten when the dialog closes. */
  issuedUrl: string | null;
  /** The token the administrator is asked to confirm revoking. */
  confirmingRevoke: DisplayTokenDto | null;
}

export const initialWallAdminState: WallAdminState = {
  settings: null, tokens: [], accounts: [], running: null, failure: null, issuedUrl: null, confirmingRevoke: null,
};

const started = (state: WallAdminState, task: WallAdminTask) => {
  state.running = task;
  state.failure = null;
};

/** Injected into the root reducer as the big-data screen's chunk loads. */
export const wallAdminSlice = createSlice({
  name: 'wallAdmin',
  initialState: initialWallAdminState,
  reducers: {
    opened(state) {
      started(state, 'load');
    },
    loaded(state, action: PayloadAction<{ settings: WallSettings; tokens: DisplayTokenDto[]; accounts: DisplayAccountDto[] }>) {
      Object.assign(state, action.payload);
      state.running = null;
    },
    saveRequested(state, _action: PayloadAction<WallSettings>) {
      started(state, 'save');
    },
    saved(state, action: PayloadAction<WallSettings>) {
      state.settings = action.payload;
      state.running = null;
    },
    issueRequested(state, _action: PayloadAction<{ userId: number; name: string }>) {
      started(state, 'issue');
      state.issuedUrl = null;
    },
    issued(state, action: PayloadAction<{ url: string; tokens: DisplayTokenDto[] }>) {
      state.issuedUrl = action.payload.url;
      state.tokens = action.payload.tokens;
      state.running = null;
    },
    revokeAsked(state, action: PayloadAction<DisplayTokenDto | null>) {
      state.confirmingRevoke = action.payload;
      if (state.failure?.task === 'revoke') state.failure = null;
    },
    revokeRequested(state, _action: PayloadAction<number>) {
      started(state, 'revoke');
    },
    revoked(state, action: PayloadAction<DisplayTokenDto[]>) {
      state.tokens = action.payload;
      state.confirmingRevoke = null;
      state.running = null;
    },
    failed(state, action: PayloadAction<{ task: WallAdminTask; error: CrudError }>) {
      state.failure = action.payload;
      state.running = null;
    },
    closed() {
      return initialWallAdminState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialWallAdminState);
  },
}).injectInto(rootReducer);

export const wallAdminActions = wallAdminSlice.actions;

export const selectWallAdmin = wallAdminSlice.selectSlice;
