// The localization keys ABP's starter clients (module-zero-core-template, angular/ and reactjs/) look up in the
// application's source `AbpProjectName`, gathered from their sources: each key with the fewest format arguments any of
// its call sites passes. The React client's L(key, sourceName) never formats, so its keys all take none; its route
// titles and the Angular form checks' keys (validation summary, change-password form) are lookups too.

/** React: every `L('…')` and the router's titles, which its menu and page titles pass to L(). */
export const REACT_STARTER_KEYS: Record<string, number> = {
  About: 0, Actions: 0, AdminEmailAddress: 0, AppName: 0, Cancel: 0, ChangeTenant: 0, ConfirmPassword: 0,
  CurrentTenant: 0, Dashboard: 0, DatabaseConnectionString: 0, 'Default password is  123qwe': 0, Delete: 0,
  Description: 0, DisplayName: 0, Edit: 0, Email: 0, EmailAddress: 0, Error: 0, Filter: 0, ForgotPassword: 0,
  FullName: 0, Home: 0, IsActive: 0, Languages: 0, LeaveEmptyToSwitchToHost: 0, LogIn: 0, LoginFailed: 0, Logout: 0,
  Name: 0, No: 0, NotSelected: 0, OK: 0, Password: 0, RememberMe: 0, Role: 0, RoleDetails: 0, RoleName: 0,
  RolePermission: 0, Roles: 0, Surname: 0, TenancyName: 0, TenantIsNotActive: 0, Tenants: 0,
  'ThereIsNoTenantDefinedWithName{0}': 0, ThisFieldIsRequired: 0, UnknownError: 0, User: 0, UserName: 0,
  UserNameOrEmail: 0, Users: 0, WellcomeMessage: 0, Yes: 0, exception: 0,
};

/**
 * React's unknown-tenant box calls L('ThereIsNoTenantDefinedWithName{0}', tenancyName): the tenancy name lands where
 * L() takes the source name, so that lookup misses `AbpProjectName` whatever the server sends.
 */
export const REACT_LOOKUPS_IN_ANOTHER_SOURCE: ReadonlySet<string> = new Set(['ThereIsNoTenantDefinedWithName{0}']);

/** Angular: every `l('…', …)`, `'…' | localize: …` and form-check `localizationKey`. */
export const ANGULAR_STARTER_KEYS: Record<string, number> = {
  About: 0, Actions: 0, AdminEmailAddress: 0, AdminPassword: 0, All: 0, Back: 0, Cancel: 0, Change: 0, ChangeTenant: 0,
  Clear: 0, ConfirmNewPassword: 0, ConfirmPassword: 0, Create: 0, CreateNewRole: 0, CreateNewTenant: 0,
  CreateNewUser: 0, CurrentPassword: 0, CurrentTenant: 0, DatabaseConnectionString: 0, DefaultPasswordIs: 1, Delete: 0,
  Details: 0, DisplayName: 0, Edit: 0, EditRole: 0, EditTenant: 0, EditUser: 0, EmailAddress: 0, FullName: 0,
  HomePage: 0, InvalidEmailAddress: 0, InvalidPattern: 1, IsActive: 0, LeaveEmptyToSwitchToHost: 0, LogIn: 0,
  Logout: 0, MultiLevelMenu: 0, Name: 0, NewPassword: 0, No: 0, NoData: 0, NotSelected: 0, PairsDoNotMatch: 0,
  Password: 0, PasswordsDoNotMatch: 0, PasswordsMustBeAtLeast8CharactersContainLowercaseUppercaseNumber: 0,
  Permissions: 0, PleaseEnterAtLeastNCharacter: 1, PleaseEnterNoMoreThanNCharacter: 1, Register: 0, RememberMe: 0,
  ResetPassword: 0, ResetPasswordStepOneInfo: 0, ResetPasswordStepTwoInfo: 0, RoleDeleteWarningMessage: 1,
  RoleDescription: 0, RoleName: 0, Roles: 0, Save: 0, SavedSuccessfully: 0, Search: 0, SearchWithThreeDot: 0,
  SuccessfullyDeleted: 0, SuccessfullyRegistered: 0, Surname: 0, TenancyName: 0, TenantDeleteWarningMessage: 1,
  TenantIsNotActive: 1, Tenants: 0, 'ThereIsNoTenantDefinedWithName{0}': 1, ThisFieldIsRequired: 0,
  TotalRecordsCount: 1, UpdatePassword: 0, UserDeleteWarningMessage: 1, UserDetails: 0, UserName: 0,
  UserNameOrEmail: 0, UserRoles: 0, Users: 0, Version: 0, Yes: 0,
};
