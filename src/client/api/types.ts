// Shapes of the ABP calls the shell makes (see the shared context and reference/abp-api.md).

export interface AuthenticateInput {
  userNameOrEmailAddress: string;
  password: string;
  rememberClient: boolean;
}

export interface AuthenticateResult {
  accessToken: string;
  encryptedAccessToken: string;
  expireInSeconds: number;
  userId: number;
  /** The user must choose a new password before going on (absent from older servers: no). */
  shouldChangePasswordOnNextLogin?: boolean;
}

/**
 * What a login answers: a token, or ABP's `shouldResetPassword` with a one-time code and no token, for a user who must
 * choose a new password first (`Account/ResetPassword` then answers the token).
 */
export type LoginAnswer =
  | (AuthenticateResult & { shouldResetPassword?: false })
  | { shouldResetPassword: true; passwordResetCode: string; userId: number; accessToken: null };

export interface ResetPasswordInput {
  userId: number;
  resetCode: string;
  password: string;
}

export const TenantAvailability = { available: 1, inactive: 2, notFound: 3 } as const;

export interface IsTenantAvailableResult {
  state: 1 | 2 | 3;
  tenantId: number | null;
}

export interface SessionUser {
  id: number;
  name: string;
  surname: string;
  userName: string;
  emailAddress: string;
  /** The server still wants a new password from this user (absent from servers that do not say). */
  shouldChangePasswordOnNextLogin?: boolean;
}

export interface SessionTenant {
  id: number;
  tenancyName: string;
  name: string;
}

export interface LoginInformations {
  application: { version: string; releaseDate: string; features: Record<string, boolean> } | null;
  user: SessionUser | null;
  tenant: SessionTenant | null;
}

interface LanguageInfo {
  name: string;
  displayName: string;
  icon?: string | null;
  isDefault?: boolean;
  isDisabled?: boolean;
  isRightToLeft?: boolean;
}

/** ABP's `timing` section: the zone of the tenant's calendar (IANA and Windows names, the offsets now). */
export interface TimingConfiguration {
  timeZoneInfo?: {
    iana?: { timeZoneId?: string };
    windows?: { timeZoneId?: string; baseUtcOffsetInMilliseconds?: number; currentUtcOffsetInMilliseconds?: number; isDaylightSavingTimeNow?: boolean };
  };
}

/** `AbpUserConfiguration/GetAll`; only the parts the client reads are typed, the rest is kept as received. */
export interface UserConfiguration {
  multiTenancy: { isEnabled: boolean; ignoreFeatureCheckForHostUsers?: boolean; sides: { host: number; tenant: number } };
  session: {
    userId: number | null;
    tenantId: number | null;
    impersonatorUserId?: number | null;
    impersonatorTenantId?: number | null;
    multiTenancySide: number;
  };
  localization: {
    currentCulture: { name: string; displayName: string } | null;
    languages: LanguageInfo[];
    currentLanguage: LanguageInfo | null;
    values: Record<string, Record<string, string>>;
  };
  features: { allFeatures: Record<string, { value: string }> };
  auth: { allPermissions: Record<string, string>; grantedPermissions: Record<string, string> };
  nav: { menus: Record<string, unknown> };
  setting: { values: Record<string, string> };
  clock: { provider: string };
  timing: TimingConfiguration;
  custom: { amapKey?: string | null; publicHost?: string | null; [key: string]: unknown };
  [key: string]: unknown;
}

/** Notification types of the notice popover. */
export const NoticeType = { notice: 0, message: 1, task: 2 } as const;
export type NoticeTypeValue = (typeof NoticeType)[keyof typeof NoticeType];

export interface NoticeItem {
  id: number;
  type: NoticeTypeValue;
  title: string;
  description: string;
  isRead: boolean;
  creationTime: string;
  /** What the notice is about, when the server files it for a purpose ('contractExpiry'). */
  category?: string | null;
}

export interface NoticeList {
  totalCount: number;
  unreadCount: number;
  items: NoticeItem[];
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}
