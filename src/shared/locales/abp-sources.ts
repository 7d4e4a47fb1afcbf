import { pick, type Label, type Language } from '../resource-kit/label';
import { MESSAGE_TEXTS } from './messages';
import { UI_TEXTS } from './ui';

/**
 * A text of ours with its `{{name}}` placeholders turned into ABP's positional `{0}`, `{1}`… in the given order: ABP
 * clients fill positions (abp.utils.formatString), so the sentence is written once, in our form.
 */
function positional(label: Label, names: readonly string[]): Label {
  const convert = (text: string) => names.reduce((out, name, i) => out.replaceAll(`{{${name}}}`, `{${i}}`), text);
  return { zh: convert(label.zh), en: convert(label.en) };
}

// The texts ABP's own clients look up in the framework's localization sources (confirm boxes, error boxes, the
// login form, password rules). ABP clients read them by source and key, so the keys are ABP's, placeholders included.
const ABP: Record<string, Label> = {
  Yes: { zh: '是', en: 'Yes' },
  No: { zh: '否', en: 'No' },
  Ok: { zh: '确定', en: 'Ok' },
  Cancel: { zh: '取消', en: 'Cancel' },
  Save: { zh: '保存', en: 'Save' },
  AreYouSure: { zh: '您确定吗？', en: 'Are you sure?' },
  TimeZone: { zh: '时区', en: 'Time zone' },
};

const ABP_WEB: Record<string, Label> = {
  ...ABP,
  Error: { zh: '错误', en: 'Error' },
  Success: { zh: '成功', en: 'Success' },
  Warning: { zh: '警告', en: 'Warning' },
  Information: { zh: '信息', en: 'Information' },
  InternalServerError: { zh: '服务器内部错误', en: 'An internal error occurred during your request!' },
  ValidationError: { zh: '请求无效！', en: 'Your request is not valid!' },
  ValidationNarrativeTitle: MESSAGE_TEXTS.errors.validationNarrative,
  DefaultError: { zh: '发生错误！', en: 'An error has occurred!' },
  DefaultErrorDetail: { zh: '服务器未发送错误详情。', en: 'Error detail not sent by server.' },
  DefaultError401: { zh: '您没有通过身份验证！', en: 'You are not authenticated!' },
  DefaultErrorDetail401: { zh: '请登录后再执行此操作。', en: 'You should be authenticated (sign in) in order to perform this operation.' },
  DefaultError403: { zh: '您没有权限！', en: 'You are not authorized!' },
  DefaultErrorDetail403: { zh: '您无权执行此操作。', en: 'You are not allowed to perform this operation.' },
  DefaultError404: { zh: '未找到资源！', en: 'Resource not found!' },
  DefaultErrorDetail404: { zh: '服务器上找不到所请求的资源。', en: 'The resource requested could not be found on the server.' },
  EntityNotFound: { zh: '不存在 Id 为 {1} 的 {0}', en: 'There is no entity {0} with id = {1}!' },
  UnAuthorizedRequest: { zh: '未授权的请求', en: 'Unauthorized request' },
  PleaseWait: { zh: '请稍候……', en: 'Please wait...' },
  Loading: { zh: '加载中……', en: 'Loading...' },
};

const ABP_ZERO: Record<string, Label> = {
  LogIn: { zh: '登录', en: 'Log in' },
  Logout: { zh: '退出登录', en: 'Logout' },
  UserName: { zh: '用户名', en: 'User name' },
  Password: { zh: '密码', en: 'Password' },
  RememberMe: { zh: '记住我', en: 'Remember me' },
  EmailAddress: { zh: '电子邮箱', en: 'Email address' },
  UserNameOrEmailAddress: { zh: '用户名或电子邮箱', en: 'User name or email address' },
  TenancyName: { zh: '租户名称', en: 'Tenancy name' },
  InvalidUserNameOrPassword: { zh: '用户名或密码错误', en: 'Invalid user name or password' },
  UserIsNotActiveAndCanNotLogin: { zh: '用户 {0} 未激活，不能登录。', en: 'User {0} is not active and can not log in.' },
  TenantIsNotActive: positional(UI_TEXTS.login.tenantInactive, ['name']),
  ThereIsNoTenantDefinedWithName: positional(UI_TEXTS.login.tenantNotFound, ['name']),
  'ThereIsNoTenantDefinedWithName{0}': positional(UI_TEXTS.login.tenantNotFound, ['name']),
  UserLockedOutMessage: { zh: '用户已被锁定，请稍后再试。', en: 'The user account has been locked out. Please try again later.' },
  CanNotDeleteAdminUser: { zh: '不能删除管理员账户', en: 'Can not delete admin user' },
  CanNotDeleteStaticRole: { zh: '内置角色不能删除', en: 'A static role cannot be deleted' },
  CanNotRenameAdminUser: { zh: '不能重命名管理员账户', en: 'Can not rename admin user' },
  'Identity.DuplicateUserName': { zh: '用户名 {0} 已被使用。', en: "User name '{0}' is already taken." },
  'Identity.DuplicateEmail': { zh: '电子邮箱 {0} 已被使用。', en: "Email '{0}' is already taken." },
  'Identity.DuplicateRoleName': { zh: '角色名 {0} 已被使用。', en: "Role name '{0}' is already taken." },
  'Identity.PasswordMismatch': { zh: '密码错误。', en: 'Incorrect password.' },
  'Identity.PasswordTooShort': { zh: '密码至少需要 {0} 个字符。', en: 'Passwords must be at least {0} characters.' },
  'Identity.PasswordRequiresDigit': { zh: '密码须至少包含一个数字。', en: "Passwords must have at least one digit ('0'-'9')." },
  'Identity.PasswordRequiresLower': { zh: '密码须至少包含一个小写字母。', en: "Passwords must have at least one lowercase ('a'-'z')." },
  'Identity.PasswordRequiresUpper': { zh: '密码须至少包含一个大写字母。', en: "Passwords must have at least one uppercase ('A'-'Z')." },
  'Identity.PasswordRequiresNonAlphanumeric': { zh: '密码须至少包含一个字母和数字以外的符号。', en: 'Passwords must have at least one non alphanumeric character.' },
  'Identity.UserLockedOut': { zh: '用户已被锁定。', en: 'User is locked out.' },
  'Identity.InvalidUserName': { zh: '用户名 {0} 无效。', en: "User name '{0}' is invalid." },
};

/**
 * The texts ABP's starter clients (Angular and React) look up in the application's own source, `AbpProjectName`: their
 * login, tenant, user, role and tenant screens, menus and form checks. Keys are theirs, misspellings included. A `{0}`
 * appears only where every client that reads the key passes the argument: the React client passes none (its L() takes
 * only a key), so the texts it reads carry no placeholder.
 */
const ABP_PROJECT: Record<string, Label> = {
  AppName: UI_TEXTS.app.name,
  WellcomeMessage: { zh: '欢迎使用，请登录', en: 'Welcome, please log in' },
  HomePage: { zh: '首页', en: 'Home page' },
  Home: { zh: '首页', en: 'Home' },
  Dashboard: { zh: '工作台', en: 'Dashboard' },
  About: { zh: '关于', en: 'About' },
  Version: { zh: '版本', en: 'Version' },
  MultiLevelMenu: { zh: '多级菜单', en: 'Multi-level menu' },
  exception: { zh: '出错了', en: 'Something went wrong' },
  Languages: { zh: '语言', en: 'Languages' },
  // The login form and the tenant switch.
  LogIn: ABP_ZERO.LogIn,
  Logout: ABP_ZERO.Logout,
  Register: { zh: '注册', en: 'Register' },
  UserName: ABP_ZERO.UserName,
  UserNameOrEmail: { zh: '用户名或电子邮箱', en: 'User name or email' },
  Password: ABP_ZERO.Password,
  RememberMe: ABP_ZERO.RememberMe,
  ForgotPassword: { zh: '忘记密码？', en: 'Forgot your password?' },
  LoginFailed: MESSAGE_TEXTS.errors.loginFailed,
  UnknownError: MESSAGE_TEXTS.errors.unknown,
  CurrentTenant: { zh: '当前租户', en: 'Current tenant' },
  NotSelected: { zh: '未选择', en: 'Not selected' },
  Change: { zh: '更改', en: 'Change' },
  ChangeTenant: { zh: '切换租户', en: 'Switch tenant' },
  TenancyName: ABP_ZERO.TenancyName,
  LeaveEmptyToSwitchToHost: { zh: '留空则切换到平台（不属于任何租户）', en: 'Leave it empty to switch to the host (no tenant)' },
  TenantIsNotActive: MESSAGE_TEXTS.errors.tenantInactive,
  'ThereIsNoTenantDefinedWithName{0}': positional(UI_TEXTS.login.tenantNotFound, ['name']),
  SuccessfullyRegistered: { zh: '注册成功', en: 'You are registered' },
  // Lists, forms and their buttons.
  Actions: { zh: '操作', en: 'Actions' },
  Create: { zh: '新建', en: 'Create' },
  Edit: { zh: '编辑', en: 'Edit' },
  Delete: { zh: '删除', en: 'Delete' },
  Details: { zh: '详情', en: 'Details' },
  Save: ABP.Save,
  Cancel: ABP.Cancel,
  Back: { zh: '返回', en: 'Back' },
  Yes: ABP.Yes,
  No: ABP.No,
  OK: ABP.Ok,
  Error: ABP_WEB.Error,
  All: { zh: '全部', en: 'All' },
  Filter: { zh: '筛选', en: 'Filter' },
  Search: { zh: '搜索', en: 'Search' },
  SearchWithThreeDot: { zh: '搜索…', en: 'Search…' },
  Clear: { zh: '清除', en: 'Clear' },
  NoData: { zh: '暂无数据', en: 'Nothing to show' },
  TotalRecordsCount: { zh: '共 {0} 条', en: '{0} in all' },
  SavedSuccessfully: { zh: '已保存', en: 'Saved' },
  SuccessfullyDeleted: { zh: '已删除', en: 'Deleted' },
  Name: { zh: '名称', en: 'Name' },
  DisplayName: { zh: '显示名称', en: 'Display name' },
  Description: { zh: '描述', en: 'Description' },
  IsActive: { zh: '启用', en: 'Active' },
  // Users.
  Users: { zh: '用户', en: 'Users' },
  User: { zh: '用户', en: 'User' },
  CreateNewUser: { zh: '新建用户', en: 'New user' },
  EditUser: { zh: '编辑用户', en: 'Edit user' },
  UserDetails: { zh: '用户信息', en: 'User details' },
  UserRoles: { zh: '用户角色', en: 'Roles of the user' },
  Surname: { zh: '姓', en: 'Surname' },
  FullName: { zh: '姓名', en: 'Full name' },
  Email: { zh: '电子邮箱', en: 'Email' },
  EmailAddress: ABP_ZERO.EmailAddress,
  ConfirmPassword: { zh: '确认密码', en: 'Confirm password' },
  UserDeleteWarningMessage: { zh: '将删除用户“{0}”。', en: 'The user “{0}” will be deleted.' },
  // Passwords.
  CurrentPassword: { zh: '当前密码', en: 'Current password' },
  NewPassword: { zh: '新密码', en: 'New password' },
  ConfirmNewPassword: { zh: '确认新密码', en: 'Confirm the new password' },
  UpdatePassword: { zh: '修改密码', en: 'Change password' },
  ResetPassword: { zh: '重置密码', en: 'Reset password' },
  AdminPassword: { zh: '管理员密码', en: 'Administrator password' },
  ResetPasswordStepOneInfo: { zh: '第一步：输入您（管理员）的密码', en: 'Step 1: type your own (administrator) password' },
  ResetPasswordStepTwoInfo: { zh: '第二步：复制生成的随机密码并告知该用户', en: 'Step 2: copy the random password made for the user and pass it on to them' },
  PasswordsDoNotMatch: { zh: '两次输入的密码不一致', en: 'The two passwords differ' },
  PasswordsMustBeAtLeast8CharactersContainLowercaseUppercaseNumber: {
    zh: '密码须至少 8 个字符，且包含小写字母、大写字母和数字',
    en: 'The password needs at least 8 characters, with a lowercase letter, an uppercase letter and a digit',
  },
  // Roles.
  Roles: { zh: '角色', en: 'Roles' },
  Role: { zh: '角色', en: 'Role' },
  RoleName: { zh: '角色名', en: 'Role name' },
  RoleDescription: { zh: '角色描述', en: 'Role description' },
  RoleDetails: { zh: '角色信息', en: 'Role details' },
  RolePermission: { zh: '角色权限', en: 'Role permissions' },
  Permissions: { zh: '权限', en: 'Permissions' },
  CreateNewRole: { zh: '新建角色', en: 'New role' },
  EditRole: { zh: '编辑角色', en: 'Edit role' },
  RoleDeleteWarningMessage: { zh: '将删除角色“{0}”，并从所有用户中移除。', en: 'The role “{0}” will be deleted and taken away from every user who has it.' },
  // Tenants (host side).
  Tenants: { zh: '租户', en: 'Tenants' },
  CreateNewTenant: { zh: '新建租户', en: 'New tenant' },
  EditTenant: { zh: '编辑租户', en: 'Edit tenant' },
  AdminEmailAddress: { zh: '管理员电子邮箱', en: 'Administrator\'s email address' },
  DatabaseConnectionString: { zh: '数据库连接字符串', en: 'Database connection string' },
  DefaultPasswordIs: { zh: '初始密码为 {0}', en: 'The first password is {0}' },
  'Default password is  123qwe': { zh: '初始密码为 123qwe', en: 'The first password is 123qwe' },
  TenantDeleteWarningMessage: { zh: '将删除租户“{0}”。', en: 'The tenant “{0}” will be deleted.' },
  // Form checks.
  ThisFieldIsRequired: { zh: '此项必填', en: 'This field is required' },
  PleaseEnterAtLeastNCharacter: { zh: '请至少输入 {0} 个字符', en: 'Type at least {0} characters' },
  PleaseEnterNoMoreThanNCharacter: { zh: '最多输入 {0} 个字符', en: 'Type no more than {0} characters' },
  InvalidEmailAddress: { zh: '电子邮箱格式不正确', en: 'This is not an email address' },
  InvalidPattern: { zh: '格式不正确，须符合 {0}', en: 'The format is wrong: it must match {0}' },
  PairsDoNotMatch: { zh: '两次输入的内容不一致', en: 'The two entries differ' },
};

/** ABP's framework sources by name; an ABP client finds each under `localization.values[source]`. */
const SOURCES = { Abp: ABP, AbpWeb: ABP_WEB, AbpZero: ABP_ZERO } as const;

export const ABP_SOURCE_NAMES = Object.keys(SOURCES) as (keyof typeof SOURCES)[];

const textsOf = (source: Record<string, Label>, language: Language): Record<string, string> =>
  Object.fromEntries(Object.entries(source).map(([key, label]) => [key, pick(label, language)]));

export function abpSourceTexts(language: Language): Record<keyof typeof SOURCES, Record<string, string>> {
  return { Abp: textsOf(ABP, language), AbpWeb: textsOf(ABP_WEB, language), AbpZero: textsOf(ABP_ZERO, language) };
}

/** The starter clients' own texts, sent in the `AbpProjectName` source beside ours. */
export function abpProjectTexts(language: Language): Record<string, string> {
  return textsOf(ABP_PROJECT, language);
}
