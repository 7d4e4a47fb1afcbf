import { createAction } from '@reduxjs/toolkit';
import type { ChangePasswordInput } from '../api/types';
import type { Language } from '../i18n';

// Requests handled by sagas. The state changes they cause are the slice actions (appSlice, tabsSlice, ...).
export const bootRequested = createAction('app/bootRequested');
export const languageChangeRequested = createAction<Language>('app/languageChangeRequested');
export const logoutRequested = createAction('app/logoutRequested');
/** A call carrying a token came back 401: the token expired or was revoked. */
export const sessionExpired = createAction('app/sessionExpired');
/** Any call carrying a token, silent or not, came back 401: a wall display then exchanges its display token again. */
export const accessTokenRefused = createAction('app/accessTokenRefused');
export const lockRequested = createAction('app/lockRequested');
export const unlockRequested = createAction<{ password: string }>('app/unlockRequested');
export const passwordChangeRequested = createAction<ChangePasswordInput>('app/passwordChangeRequested');
