// A user who must choose a new password (the seeded admins on the published 123qwe) gets no token at login, only a
// reset code: ABP's shouldResetPassword answer, then Account/ResetPassword sets the password and logs in. This server
// keeps the seed as a fresh start leaves it.
import type { AuthenticateResult } from '../../src/server/modules/auth/authenticate';
import { completeFirstLogin, createTenant, createUser, expectError, expectSuccess, expectValidationError, ok } from '../support/server-fixtures';
import { DEFAULT_PASSWORD, svc, useTestServer, type CallOptions } from '../support/server-harness';

const server = useTestServer({ asSeeded: true });
const en = { 'Accept-Language': 'en' };

type Answer = AuthenticateResult;

const authenticate = (tenantId: number | null, userName: string, password: string, options: CallOptions = {}) =>
  server.call<Answer>('POST', '/api/TokenAuth/Authenticate', { ...options, tenantId, body: { userNameOrEmailAddress: userName, password } });

const reset = (tenantId: number | null, body: unknown) =>
  server.call<Answer>('POST', svc('Account', 'ResetPassword'), { tenantId, headers: en, body });

/** A tenant whose admin is still on the published password, and the reset code its first login answers. */
async function firstLogin() {
  const tenant = await createTenant(server, { firstLogin: true });
  const answer = expectSuccess<Answer>(await authenticate(tenant.id, 'admin', DEFAULT_PASSWORD));
  return { tenant, userId: answer.userId, resetCode: answer.passwordResetCode! };
}

const session = (token: string) => server.call('GET', svc('Session', 'GetCurrentLoginInformations'), { token });

afterEach(() => server.clock.reset());

describe('a fresh seed', () => {
  it.each([['host', null], ['Default tenant', 1]] as const)('makes the %s admin choose a new password before any token', async (_side, tenantId) => {
    const answer = expectSuccess<Answer>(await authenticate(tenantId, 'admin', DEFAULT_PASSWORD));
    expect(answer).toEqual({
      accessToken: null, encryptedAccessToken: null, expireInSeconds: 0, userId: expect.any(Number),
      shouldResetPassword: true, passwordResetCode: expect.stringMatching(/^[\w-]{40,}$/), shouldChangePasswordOnNextLogin: true,
    });
    // The published password opens nothing by itself: the login answered no token, and the code is no token either.
    expect(expectSuccess(await session(answer.passwordResetCode!)).user).toBeNull();
    expectError(await server.call('GET', svc('User', 'GetAll'), { token: answer.passwordResetCode! }), 401, true);
  });
});

describe('Account/ResetPassword', () => {
  // The host admin creates the tenants below; its own first login is proven above.
  beforeAll(() => server.db.query('update users set should_change_password_on_next_login = false where tenant_id is null'));

  it('sets the new password and logs in: a token for the user, the old password refused, the new one a plain login', async () => {
    const { tenant, userId, resetCode } = await firstLogin();
    const answer = expectSuccess<Answer>(await reset(tenant.id, { userId, resetCode, password: 'Granite55' }));
    expect(answer).toEqual({
      accessToken: expect.any(String), encryptedAccessToken: expect.any(String), expireInSeconds: 86400, userId,
      shouldResetPassword: false, passwordResetCode: null, shouldChangePasswordOnNextLogin: false,
    });
    const user = expectSuccess(await session(answer.accessToken!)).user;
    expect(user).toMatchObject({ id: userId, userName: 'admin', shouldChangePasswordOnNextLogin: false });
    expectError(await authenticate(tenant.id, 'admin', DEFAULT_PASSWORD), 500);
    const again = expectSuccess<Answer>(await authenticate(tenant.id, 'admin', 'Granite55'));
    expect(again).toMatchObject({ shouldResetPassword: false, passwordResetCode: null, accessToken: expect.any(String) });
  });

  it('holds the new password to the policy, naming the field, and the code stays good meanwhile', async () => {
    const { tenant, userId, resetCode } = await firstLogin();
    for (const password of ['123qwe', 'short1', 'lettersonly', '', 42]) {
      expectValidationError(await reset(tenant.id, { userId, resetCode, password }), 'password');
    }
    expectSuccess(await reset(tenant.id, { userId, resetCode, password: 'Granite55' }));
  });

  it('takes a code once', async () => {
    const { tenant, userId, resetCode } = await firstLogin();
    expectSuccess(await reset(tenant.id, { userId, resetCode, password: 'Granite55' }));
    expectValidationError(await reset(tenant.id, { userId, resetCode, password: 'Orchard81' }), 'resetCode');
    expectSuccess(await authenticate(tenant.id, 'admin', 'Granite55'));
  });

  it('takes only the latest code a login answered', async () => {
    const { tenant, userId, resetCode } = await firstLogin();
    expectSuccess(await authenticate(tenant.id, 'admin', DEFAULT_PASSWORD));
    expectValidationError(await reset(tenant.id, { userId, resetCode, password: 'Granite55' }), 'resetCode');
  });

  it('refuses a code past its ten minutes, on the server\'s clock', async () => {
    const { tenant, userId, resetCode } = await firstLogin();
    server.clock.travelTo(new Date(Date.now() + 9 * 60_000).toISOString());
    const early = await firstLogin();
    server.clock.travelTo(new Date(Date.now() + 11 * 60_000).toISOString());
    expectValidationError(await reset(tenant.id, { userId, resetCode, password: 'Granite55' }), 'resetCode');
    expectSuccess(await reset(early.tenant.id, { userId: early.userId, resetCode: early.resetCode, password: 'Granite55' }));
    // The refused one changed nothing: the published password still answers a (new) code.
    expect(expectSuccess<Answer>(await authenticate(tenant.id, 'admin', DEFAULT_PASSWORD)).shouldResetPassword).toBe(true);
  });

  it('binds the code to its user and its tenant', async () => {
    const { tenant, userId, resetCode } = await firstLogin();
    const other = await firstLogin();
    expectValidationError(await reset(tenant.id, { userId: other.userId, resetCode, password: 'Granite55' }), 'resetCode');
    expectValidationError(await reset(other.tenant.id, { userId, resetCode, password: 'Granite55' }), 'resetCode');
    expectValidationError(await reset(null, { userId, resetCode, password: 'Granite55' }), 'resetCode');
    expectValidationError(await reset(tenant.id, { userId, resetCode: other.resetCode, password: 'Granite55' }), 'resetCode');
    expectSuccess(await reset(tenant.id, { userId, resetCode, password: 'Granite55' }));
  });

  it('refuses a user deactivated since the code was answered', async () => {
    const { tenant, userId, resetCode } = await firstLogin();
    await server.db.query('update users set is_active = false where id = $1', [userId]);
    expectValidationError(await reset(tenant.id, { userId, resetCode, password: 'Granite55' }), 'resetCode');
  });

  it('names the malformed field', async () => {
    const { tenant, userId, resetCode } = await firstLogin();
    expectValidationError(await reset(tenant.id, { resetCode, password: 'Granite55' }), 'userId');
    expectValidationError(await reset(tenant.id, { userId: 'x', resetCode, password: 'Granite55' }), 'userId');
    expectValidationError(await reset(tenant.id, { userId, resetCode: ['a'], password: 'Granite55' }), 'resetCode');
    expectValidationError(await reset(tenant.id, { userId, password: 'Granite55' }), 'resetCode');
  });

  it('applies to any user marked to change the password, and not to users who are not', async () => {
    const admin = await completeFirstLogin(server, 1, 'admin', DEFAULT_PASSWORD, 'Granite55');
    const marked = await createUser(server, admin, 1);
    const plain = await createUser(server, admin, 1);
    await server.db.query('update users set should_change_password_on_next_login = true where id = $1', [marked.id]);
    expect(expectSuccess<Answer>(await authenticate(1, marked.userName, marked.password))).toMatchObject({ shouldResetPassword: true, accessToken: null });
    expect(expectSuccess<Answer>(await authenticate(1, plain.userName, plain.password))).toMatchObject({ shouldResetPassword: false, accessToken: expect.any(String) });
    const token = await completeFirstLogin(server, 1, marked.userName, marked.password, 'Orchard81');
    expect(ok<{ user: { id: number } }>(await session(token), 'session').user.id).toBe(marked.id);
  });
});
