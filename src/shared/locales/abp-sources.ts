import { pick, type Label, type Language } from '../resource-kit/label';

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
  ValidationNarrativeTitle: { zh: '验证过程中检测到以下错误：', en: 'The following errors were detected during validation.' },
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
  TenantIsNotActive: { zh: '租户 {0} 未激活。', en: 'Tenant {0} is not active.' },
  ThereIsNoTenantDefinedWithName: { zh: '不存在名为 {0} 的租户', en: 'There is no tenant defined with name {0}' },
  'ThereIsNoTenantDefinedWithName{0}': { zh: '不存在名为 {0} 的租户', en: 'There is no tenant defined with name {0}' },
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

/** ABP's framework sources by name; an ABP client finds each under `localization.values[source]`. */
const SOURCES = { Abp: ABP, AbpWeb: ABP_WEB, AbpZero: ABP_ZERO } as const;

export const ABP_SOURCE_NAMES = Object.keys(SOURCES) as (keyof typeof SOURCES)[];

export function abpSourceTexts(language: Language): Record<keyof typeof SOURCES, Record<string, string>> {
  const texts = (source: Record<string, Label>) => Object.fromEntries(Object.entries(source).map(([key, label]) => [key, pick(label, language)]));
  return { Abp: texts(ABP), AbpWeb: texts(ABP_WEB), AbpZero: texts(ABP_ZERO) };
}
