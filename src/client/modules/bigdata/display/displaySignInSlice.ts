import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The wall's own sign-in: `off` outside a wall started with a display token; `signingIn` while it exchanges (again,
 * after a refused or ageing access token); `signedIn`; `revoked` once the token itself is refused, for good.
 */
export type DisplaySignInStatus = 'off' | 'signingIn' | 'signedIn' | 'revoked';

export interface DisplaySignInState {
  status: DisplaySignInStatus;
  /** The server's reason for the refusal (revoked token, inactive account or tenant). */
  reason: string | null;
}

export const initialDisplaySignInState: DisplaySignInState = { status: 'off', reason: null };

export const displaySignInSlice = createSlice({
  name: 'displaySignIn',
  initialState: initialDisplaySignInState,
  reducers: {
    signingIn(state) {
      state.status = 'signingIn';
    },
    signedIn(state) {
      state.status = 'signedIn';
      state.reason = null;
    },
    revoked(state, action: PayloadAction<string>) {
      state.status = 'revoked';
      state.reason = action.payload;
    },
  },
});

export const displaySignInActions = displaySignInSlice.actions;

export const selectDisplaySignIn = (state: { displaySignIn: DisplaySignInState }): DisplaySignInState => state.displaySignIn;

/** The wall signs itself in again: a refused token there is no session's end and no way to the login page. */
export const selectSignsInByDisplayToken = (state: { displaySignIn: DisplaySignInState }): boolean => state.displaySignIn.status !== 'off';
