// Small builders over the public API (roles, users, tenants) and envelope assertions shared by the server tests.
import { permissionsForSide } from '../../src/shared/permissions';
import { DEFAULT_PASSWORD, hasStackTrace, svc, unique, type CallResult, type Envelope, type TestServer } from './server-harness';

/** A record as the API answers it: its id and whatever else the test reads. */
export type Dto = Record<string, unknown> & { id: number };

/** What fixtures need of a server: calls and logins (a browser test's live server offers them too). */
export type ApiClient = Pick<TestServer, 'call' | 'login'>;

export interface CreatedUser {
  id: number;
  userName: string;
  emailAddress: string;
  password: string;
  tenantId: number | null;
}

export interface CreatedTenant {
  id: number;
  tenancyName: string;
  name: string;
}

/** An instant as the API writes it for a tenant on China's clock (every seeded tenant's): `2026-11-28T00:41:09.123+08:00`. */
export const CHINA_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?\+08:00$/;

/** Throws with the whole answer when a setup call does not succeed, so a broken fixture names its cause. */
export function ok<T>(response: CallResult<Envelope<T>>, what: string): T {
  if (response.status !== 200 || !response.body?.success) throw new Error(`${what}: ${response.status} ${response.text}`);
  return response.body.result;
}

export async function createRole(
  server: ApiClient, token: string, grantedPermissions: string[], name = unique('Role'),
): Promise<{ id: number; name: string; normalizedName: string; grantedPermissions: string[] }> {
  return ok(await server.call('POST', svc('Role', 'Create'), {
    token, body: { name, displayName: `${name} display`, description: 'created by a test', grantedPermissions },
  }), `Role/Create ${name}`);
}

export async function createUser(
  server: ApiClient, token: string, tenantId: number | null,
  options: { roleNames?: string[]; password?: string; isActive?: boolean; userName?: string; emailAddress?: string } = {},
): Promise<CreatedUser> {
  const userName = options.userName ?? unique('user');
  const password = options.password ?? 'Passw0rd!';
  const emailAddress = options.emailAddress ?? `${unique('mail')}@example.com`;
  const user = ok<{ id: number }>(await server.call('POST', svc('User', 'Create'), {
    token,
    body: { userName, name: 'Test', surname: 'User', emailAddress, isActive: options.isActive ?? true, roleNames: options.roleNames ?? [], password },
  }), `User/Create ${userName}`);
  return { id: user.id, userName, emailAddress, password, tenantId };
}

/** A user holding one new role with exactly `permissions`; returns the user and a token for it. */
export async function userWithPermissions(
  server: ApiClient, adminToken: string, tenantId: number | null, permissions: string[],
): Promise<CreatedUser & { token: string; roleName: string; roleId: number }> {
  const role = await createRole(server, adminToken, permissions);
  const user = await createUser(server, adminToken, tenantId, { roleNames: [role.name] });
  return { ...user, token: await server.login(tenantId, user.userName, user.password), roleName: role.name, roleId: role.id };
}

/** Every permission of the tenant side except `excluded`. */
export const tenantPermissionsExcept = (excluded: string[]) =>
  permissionsForSide(false).map((p) => p.name as string).filter((p) => !excluded.includes(p));

/**
 * A new tenant created by the host admin: it comes with its own admin (123qwe), Admin role and reference lists. Its
 * admin counts as having chosen that password (tests log in as it at once) unless `firstLogin` keeps the change owed.
 */
export async function createTenant(server: TestServer, options: { isActive?: boolean; firstLogin?: boolean } = {}): Promise<CreatedTenant> {
  const hostToken = await server.token(null, 'admin');
  const tenancyName = unique('Tenant');
  const name = `${tenancyName} Ltd`;
  const tenant = ok<{ id: number }>(await server.call('POST', svc('Tenant', 'Create'), {
    token: hostToken, body: { tenancyName, name, isActive: options.isActive ?? true },
  }), `Tenant/Create ${tenancyName}`);
  if (!options.firstLogin) await server.db.query('update users set should_change_password_on_next_login = false where tenant_id = $1', [tenant.id]);
  return { id: tenant.id, tenancyName, name };
}

export { DEFAULT_PASSWORD };

/** The ABP error envelope, checked field by field; returns the error for further assertions. */
export function expectError(response: CallResult<Envelope>, status: number, unAuthorizedRequest = false) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(hasStackTrace(response.text)).toBe(false);
  const body = response.body;
  expect(body).toEqual({
    result: null,
    targetUrl: null,
    success: false,
    error: {
      code: expect.any(Number),
      message: expect.any(String),
      details: body?.error?.details === null ? null : expect.any(String),
      validationErrors: body?.error?.validationErrors === null ? null : expect.any(Array),
    },
    unAuthorizedRequest,
    __abp: true,
  });
  return body.error!;
}

/** A 400 whose validationErrors name `member` (camelCase, as ABP writes them). */
export function expectValidationError(response: CallResult<Envelope>, member: string) {
  const error = expectError(response, 400);
  expect(error.validationErrors).not.toBeNull();
  const members = error.validationErrors!.flatMap((e) => e.members);
  expect(members).toContain(member);
  for (const e of error.validationErrors!) expect(e.message).toEqual(expect.any(String));
  return error;
}

/** A successful envelope; returns its result. */
export function expectSuccess<T>(response: CallResult<Envelope<T>>): T {
  expect({ status: response.status, text: response.status === 200 ? '' : response.text }).toEqual({ status: 200, text: '' });
  expect(response.body).toEqual({
    result: response.body.result, targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true,
  });
  return response.body.result;
}

/**
 * A first login as the server asks it of a user who must choose a new password: the login answers a reset code and no
 * token, and `Account/ResetPassword` sets `newPassword` and answers the token.
 */
export async function completeFirstLogin(
  server: ApiClient, tenantId: number | null, userName: string, password: string, newPassword: string,
): Promise<string> {
  const first = ok<{ shouldResetPassword: boolean; passwordResetCode: string; userId: number; accessToken: string | null }>(
    await server.call('POST', '/api/TokenAuth/Authenticate', { tenantId, body: { userNameOrEmailAddress: userName, password } }), `first login ${userName}`);
  if (!first.shouldResetPassword || first.accessToken !== null) throw new Error(`${userName} was not asked for a new password`);
  return ok<{ accessToken: string }>(await server.call('POST', svc('Account', 'ResetPassword'), {
    tenantId, body: { userId: first.userId, resetCode: first.passwordResetCode, password: newPassword },
  }), `ResetPassword ${userName}`).accessToken;
}
