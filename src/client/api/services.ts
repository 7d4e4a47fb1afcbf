import { WALL_METHODS } from '../../shared/bigdata';
import { callApi, type CallOptions } from './http';
import type {
  AuthenticateInput,
  AuthenticateResult,
  ChangePasswordInput,
  IsTenantAvailableResult,
  LoginAnswer,
  LoginInformations,
  NoticeList,
  NoticeTypeValue,
  ResetPasswordInput,
  UserConfiguration,
} from './types';

// One function per call of the shell, so sagas `call` a named function that tests can provide.
const APP = '/api/services/app';

/** A sign-in: a token, or a reset code for a user who must choose a new password first. */
export function authenticate(input: AuthenticateInput, options?: CallOptions): Promise<LoginAnswer> {
  return callApi('POST', '/api/TokenAuth/Authenticate', input, options);
}

/** Sets a new password with the code a login answered, and signs in. */
export function resetPassword(input: ResetPasswordInput, options?: CallOptions): Promise<AuthenticateResult> {
  return callApi('POST', `${APP}/Account/ResetPassword`, input, options);
}

export function isTenantAvailable(tenancyName: string): Promise<IsTenantAvailableResult> {
  return callApi('POST', `${APP}/Account/IsTenantAvailable`, { tenancyName });
}

export function getUserConfiguration(): Promise<UserConfiguration> {
  return callApi('GET', '/AbpUserConfiguration/GetAll');
}

export function getCurrentLoginInformations(): Promise<LoginInformations> {
  return callApi('GET', `${APP}/${WALL_METHODS.session}`);
}

export function changePassword(input: ChangePasswordInput, options?: CallOptions): Promise<boolean> {
  return callApi('POST', `${APP}/User/ChangePwd`, input, options);
}

export function changeUserLanguage(languageName: string): Promise<null> {
  return callApi('POST', `${APP}/User/ChangeLanguage`, { languageName });
}

const NOTICE_PAGE_SIZE = 50;

export function getUserNotifications(maxResultCount = NOTICE_PAGE_SIZE): Promise<NoticeList> {
  return callApi('GET', `${APP}/Notification/GetUserNotifications`, { MaxResultCount: maxResultCount });
}

export function markNotificationAsRead(id: number): Promise<null> {
  return callApi('POST', `${APP}/Notification/MarkAsRead`, { id });
}

export function markAllNotificationsAsRead(type?: NoticeTypeValue): Promise<null> {
  return callApi('POST', `${APP}/Notification/MarkAllAsRead`, type === undefined ? {} : { type });
}
