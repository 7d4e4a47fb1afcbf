import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthenticateInput } from '../../api/types';

type TenantStatus = 'idle' | 'checking' | 'available' | 'host' | 'inactive' | 'notFound' | 'failed';

/** A login answered with a reset code: the screen asks for a new password, which completes the sign-in. */
export interface PendingReset {
  userId: number;
  resetCode: string;
  rememberClient: boolean;
}

interface LoginState {
  submitting: boolean;
  error: string | null;
  reset: PendingReset | null;
  tenant: { tenancyName: string; tenantId: number | null; status: TenantStatus; checkedName: string };
}

/** The tenant the login screen offers first (the seeded one). */
export const DEFAULT_TENANCY_NAME = 'Default';

const initialLoginState: LoginState = {
  submitting: false,
  error: null,
  reset: null,
  tenant: { tenancyName: '', tenantId: null, status: 'idle', checkedName: '' },
};

export const loginPageOpened = createAction('login/pageOpened');
export const tenantCheckRequested = createAction<string>('login/tenantCheckRequested');

interface TenantResolution {
  tenancyName: string;
  tenantId: number | null;
  status: TenantStatus;
}

export const loginSlice = createSlice({
  name: 'login',
  initialState: initialLoginState,
  reducers: {
    loginRequested: {
      reducer(state) {
        state.submitting = true;
        state.error = null;
      },
      prepare(input: AuthenticateInput) {
        return { payload: input };
      },
    },
    loginSucceeded(state) {
      state.submitting = false;
      state.error = null;
      state.reset = null;
    },
    passwordResetAsked(state, action: PayloadAction<PendingReset>) {
      state.submitting = false;
      state.error = null;
      state.reset = action.payload;
    },
    passwordResetRequested: {
      reducer(state) {
        state.submitting = true;
        state.error = null;
      },
      prepare(password: string) {
        return { payload: password };
      },
    },
    /** Back to the sign-in form: the code is dropped (a new login answers a new one). */
    passwordResetCancelled(state) {
      state.submitting = false;
      state.error = null;
      state.reset = null;
    },
    loginFailed(state, action: PayloadAction<string>) {
      state.submitting = false;
      state.error = action.payload;
    },
    tenantChecking(state, action: PayloadAction<string>) {
      state.tenant.status = 'checking';
      state.tenant.checkedName = action.payload;
    },
    /** A tenant that is inactive or unknown leaves the current choice in place; only the status tells the user. */
    tenantResolved(state, action: PayloadAction<TenantResolution>) {
      const { tenancyName, tenantId, status } = action.payload;
      state.tenant.status = status;
      state.tenant.checkedName = tenancyName;
      if (status === 'available' || status === 'host') {
        state.tenant.tenancyName = tenancyName;
        state.tenant.tenantId = tenantId;
      }
    },
  },
});

export const {
  loginRequested, loginSucceeded, loginFailed, passwordResetAsked, passwordResetRequested, passwordResetCancelled, tenantChecking, tenantResolved,
} = loginSlice.actions;

export const selectLogin = (state: { login: LoginState }) => state.login;
