// The security stamp (a password change, reset, deactivation or deletion revokes every earlier token), the ABP user
// methods an administrator uses on an account (ResetPassword, Activate, DeActivate). The first login of a user who must change the password: first-login.test.ts.
import { CLAIM, decodeJwtPayload, signJwt } from '../support/jwt';
import { createTenant, createUser, expectError, expectSuccess, expectValidationError, ok, userWithPermissions } from '../support/server-fixtures';
import { DEFAULT_PASSWORD, JWT_SECRET, svc, useTestServer } from '../support/server-harness';

const server = useTestServer();
let admin: string;
beforeAll(async () => {
  admin = await server.token(1, 'admin');
});
const en = { 'Accept-Language': 'en' };
const STAMP = 'AspNet.Identity.SecurityStamp';

/** A protected call only a valid session passes (reading oneself needs a login, no permission). */
const readSelf = (token: string, id: number) => server.call('GET', svc('User', 'Get'), { token, query: { Id: id } });

async function loggedInUser() {
  const user = await createUser(server, admin, 1);
  return { ...user, token: await server.login(1, user.userName, user.password) };
}

function expectRevoked(response: Awaited<ReturnType<typeof readSelf>>) {
  expectError(response, 401, true);
}

describe('security stamp', () => {
  it('is carried in the token under ABP\'s claim name; a token without it is refused', async () => {
    const user = await loggedInUser();
    const payload = decodeJwtPayload(user.token);
    expect(payload[STAMP]).toEqual(expect.any(String));
    expectSuccess(await readSelf(user.token, user.id));
    const { [STAMP]: _stamp, ...withoutStamp } = payload;
    expectRevoked(await readSelf(signJwt(withoutStamp, JWT_SECRET), user.id));
    expectRevoked(await readSelf(signJwt({ ...payload, [STAMP]: 'guessed' }, JWT_SECRET), user.id));
  });

  it('changes with the user\'s own password change: the old token stops working, a new login works', async () => {
    const user = await loggedInUser();
    const other = await server.login(1, user.userName, user.password);
    ok(await server.call('POST', svc('User', 'ChangePwd'), { token: user.token, body: { currentPassword: user.password, newPassword: 'Lantern42' } }), 'ChangePwd');
    expectRevoked(await readSelf(user.token, user.id));
    expectRevoked(await readSelf(other, user.id));
    const fresh = await server.login(1, user.userName, 'Lantern42');
    expectSuccess(await readSelf(fresh, user.id));
    expect(decodeJwtPayload(fresh)[CLAIM.userId]).toBe(String(user.id));
  });

  it('changes when the user is deactivated through User/Update, and stays changed after reactivation', async () => {
    const user = await loggedInUser();
    const dto = ok<Record<string, unknown>>(await server.call('GET', svc('User', 'Get'), { token: admin, query: { Id: user.id } }), 'User/Get');
    ok(await server.call('PUT', svc('User', 'Update'), { token: admin, body: { ...dto, isActive: false } }), 'deactivate');
    ok(await server.call('PUT', svc('User', 'Update'), { token: admin, body: { ...dto, isActive: true } }), 'reactivate');
    expectRevoked(await readSelf(user.token, user.id));
  });

  it('is left alone by an update that keeps the user active', async () => {
    const user = await loggedInUser();
    const dto = ok<Record<string, unknown>>(await server.call('GET', svc('User', 'Get'), { token: admin, query: { Id: user.id } }), 'User/Get');
    ok(await server.call('PUT', svc('User', 'Update'), { token: admin, body: { ...dto, name: 'Renamed' } }), 'update');
    expectSuccess(await readSelf(user.token, user.id));
  });
});

describe('User/ResetPassword', () => {
  const reset = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    server.call('POST', svc('User', 'ResetPassword'), { token, headers, body });

  it('sets the user\'s password once the administrator confirms with their own, and revokes the user\'s tokens', async () => {
    const user = await loggedInUser();
    expect(expectSuccess(await reset(admin, { adminPassword: DEFAULT_PASSWORD, userId: user.id, newPassword: 'Meadow77' }))).toBe(true);
    expectRevoked(await readSelf(user.token, user.id));
    await server.login(1, user.userName, 'Meadow77');
  });

  it('refuses a wrong administrator password and keeps the user\'s password', async () => {
    const user = await loggedInUser();
    const response = await reset(admin, { adminPassword: 'not-mine', userId: user.id, newPassword: 'Meadow77' }, en);
    expect(expectError(response, 500).message).toBe('Incorrect password.');
    await server.login(1, user.userName, user.password);
    expectSuccess(await readSelf(user.token, user.id));
  });

  it('applies the password policy to the new password', async () => {
    const user = await loggedInUser();
    expectValidationError(await reset(admin, { adminPassword: DEFAULT_PASSWORD, userId: user.id, newPassword: '123456' }), 'newPassword');
  });

  it('needs Pages.Users and finds only users of the caller\'s tenant', async () => {
    const clerk = await userWithPermissions(server, admin, 1, ['Pages.Roles']);
    const target = await createUser(server, admin, 1);
    expectError(await reset(clerk.token, { adminPassword: clerk.password, userId: target.id, newPassword: 'Meadow77' }), 403, true);
    const tenant = await createTenant(server);
    const otherAdmin = await server.login(tenant.id, 'admin', DEFAULT_PASSWORD);
    expectError(await reset(otherAdmin, { adminPassword: DEFAULT_PASSWORD, userId: target.id, newPassword: 'Meadow77' }), 404);
  });
});

describe('User/Activate and User/DeActivate', () => {
  it('deactivate refuses the user\'s login and tokens; activate lets the user log in again (with a new token)', async () => {
    const user = await loggedInUser();
    expectSuccess(await server.call('POST', svc('User', 'DeActivate'), { token: admin, body: { id: user.id } }));
    expectRevoked(await readSelf(user.token, user.id));
    const refused = await server.call('POST', '/api/TokenAuth/Authenticate', {
      tenantId: 1, headers: en, body: { userNameOrEmailAddress: user.userName, password: user.password },
    });
    expect(expectError(refused, 500).details).toBe('The user is not active and cannot log in');
    const listed = ok<{ isActive: boolean }>(await server.call('GET', svc('User', 'Get'), { token: admin, query: { Id: user.id } }), 'User/Get');
    expect(listed.isActive).toBe(false);

    expectSuccess(await server.call('POST', svc('User', 'Activate'), { token: admin, body: { id: user.id } }));
    expectRevoked(await readSelf(user.token, user.id));
    const token = await server.login(1, user.userName, user.password);
    expectSuccess(await readSelf(token, user.id));
  });

  it('need Pages.Users, and an unknown id is a 404', async () => {
    const clerk = await userWithPermissions(server, admin, 1, ['Pages.Roles']);
    const target = await createUser(server, admin, 1);
    expectError(await server.call('POST', svc('User', 'DeActivate'), { token: clerk.token, body: { id: target.id } }), 403, true);
    expectError(await server.call('POST', svc('User', 'Activate'), { token: clerk.token, body: { id: target.id } }), 403, true);
    expectError(await server.call('POST', svc('User', 'DeActivate'), { token: admin, body: { id: 987654321 } }), 404);
  });
});

describe('User/Delete', () => {
  it('revokes the deleted user\'s tokens', async () => {
    const user = await loggedInUser();
    ok(await server.call('DELETE', svc('User', 'Delete'), { token: admin, query: { Id: user.id } }), 'User/Delete');
    expectRevoked(await readSelf(user.token, user.id));
  });
});

