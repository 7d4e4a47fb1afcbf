// Wall displays: the tenant's wall settings, and display tokens — issued by an administrator for an account holding
// only Pages.BigData, exchanged for access tokens without a person, revoked for good (with the access tokens they
// obtained), kept within their tenant, and stored only as a hash.
import { HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { DISPLAY_AUTH_PATH, WALL_DEFAULTS, type DisplayTokenDto, type WallSettings } from '../../src/shared/bigdata';
import { hashSecret } from '../../src/server/auth/secrets';
import {
  createTenant, createUser, expectError, expectSuccess, expectValidationError, userWithPermissions, type CreatedUser,
} from '../support/server-fixtures';
import { svc, useTestServer } from '../support/server-harness';
import { waitFor } from '../support/wait';

interface Exchange {
  accessToken: string;
  encryptedAccessToken: string;
  expireInSeconds: number;
  userId: number;
  tenantId: number | null;
}

const server = useTestServer();
const B = (method: string) => svc('BigData', method);
let tenantId: number;
let admin: string;
let display: CreatedUser & { token: string; roleName: string };

const settings = (token: string) => server.call<WallSettings>('GET', B('GetWallSettings'), { token });
const updateSettings = (token: string, body: Record<string, unknown>) => server.call<WallSettings>('PUT', B('UpdateWallSettings'), { token, body });
const issue = (token: string, userId: number, name = 'Control room') =>
  server.call<{ id: number; token: string }>('POST', B('CreateDisplayToken'), { token, body: { userId, name } });
const tokens = async (token: string) => expectSuccess<DisplayTokenDto[]>(await server.call('GET', B('GetDisplayTokens'), { token }));
const revoke = (token: string, id: number) => server.call('POST', B('RevokeDisplayToken'), { token, body: { id } });
// No tenant header, as a wall sends it: the token names its tenant.
const exchange = (displayToken: string) => server.call<Exchange>('POST', DISPLAY_AUTH_PATH, { body: { displayToken } });
const overview = (token: string) => server.call('GET', B('GetOverview'), { token });

const hubs: HubConnection[] = [];
afterAll(async () => {
  await Promise.all(hubs.map((c) => c.stop()));
});

/** A wall's hub connection as the official client opens it, without reconnecting by itself. */
async function connectHub(accessToken: string): Promise<{ connection: HubConnection; closed: boolean }> {
  const connection = new HubConnectionBuilder()
    .withUrl(`${server.baseUrl}/chatmsg`, { accessTokenFactory: () => accessToken })
    .configureLogging(LogLevel.None)
    .build();
  hubs.push(connection);
  const watched = { connection, closed: false };
  connection.onclose(() => { watched.closed = true; });
  await connection.start();
  return watched;
}

beforeAll(async () => {
  tenantId = (await createTenant(server)).id;
  admin = await server.token(tenantId, 'admin', '123qwe');
  display = await userWithPermissions(server, admin, tenantId, ['Pages.BigData']);
});

describe('wall settings', () => {
  it('are the defaults until saved, then what the administrator saved', async () => {
    expect(expectSuccess(await settings(display.token))).toEqual(WALL_DEFAULTS);
    const saved = expectSuccess(await updateSettings(admin, { title: '  控制室  ', rotateSeconds: 45, replayMinutes: 120 }));
    expect(saved).toEqual({ title: '控制室', rotateSeconds: 45, replayMinutes: 120 });
    expect(expectSuccess(await settings(display.token))).toEqual(saved);
    expect(expectSuccess(await updateSettings(admin, { title: '', rotateSeconds: 10, replayMinutes: 1440 }))).toEqual({ title: null, rotateSeconds: 10, replayMinutes: 1440 });
    const [row] = await server.db.query<{ last_modifier_user_id: number | null }>('select last_modifier_user_id from wall_settings where tenant_key = $1', [tenantId]);
    expect(row.last_modifier_user_id).toEqual(expect.any(Number));
  });

  it('refuse values out of bounds, naming the field', async () => {
    expectValidationError(await updateSettings(admin, { title: 'x'.repeat(65), rotateSeconds: 30, replayMinutes: 60 }), 'title');
    expectValidationError(await updateSettings(admin, { rotateSeconds: 9, replayMinutes: 60 }), 'rotateSeconds');
    expectValidationError(await updateSettings(admin, { rotateSeconds: 601, replayMinutes: 60 }), 'rotateSeconds');
    expectValidationError(await updateSettings(admin, { rotateSeconds: 30, replayMinutes: 1441 }), 'replayMinutes');
    expectValidationError(await updateSettings(admin, { rotateSeconds: 30 }), 'replayMinutes');
  });

  it('are changed by administrators only, and read with Pages.BigData only', async () => {
    expectError(await updateSettings(display.token, { rotateSeconds: 30, replayMinutes: 60 }), 403, true);
    const clerk = await userWithPermissions(server, admin, tenantId, ['Pages.TransferApplication']);
    expectError(await settings(clerk.token), 403, true);
  });

  it('belong to their tenant', async () => {
    const other = await createTenant(server);
    expect(expectSuccess(await settings(await server.token(other.id, 'admin', '123qwe')))).toEqual(WALL_DEFAULTS);
  });
});

describe('display tokens', () => {
  it('are issued for a display account, exchanged without a person, and listed without their secret', async () => {
    const issued = expectSuccess(await issue(admin, display.id, 'Hall A'));
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const result = expectSuccess(await exchange(issued.token));
    expect(result).toEqual({
      accessToken: expect.any(String), encryptedAccessToken: expect.any(String), expireInSeconds: 86400,
      userId: display.id, tenantId, shouldChangePasswordOnNextLogin: false,
    });
    expectSuccess(await overview(result.accessToken));
    expectError(await server.call('GET', svc('User', 'GetAll'), { token: result.accessToken }), 403, true);
    const listed = (await tokens(admin)).find((t) => t.id === issued.id);
    expect(listed).toEqual({
      id: issued.id, name: 'Hall A', userId: display.id, userName: display.userName,
      creationTime: expect.any(String), lastUsedTime: expect.any(String), revokedTime: null,
    });
  });

  it('keep only the hash of the secret', async () => {
    const issued = expectSuccess(await issue(admin, display.id));
    const rows = await server.db.query<Record<string, unknown>>('select * from display_tokens where id = $1', [issued.id]);
    expect(rows[0].secret_hash).toBe(hashSecret(issued.token));
    expect(JSON.stringify(rows)).not.toContain(issued.token);
    expect(JSON.stringify(await tokens(admin))).not.toContain(issued.token);
  });

  it('list newest first', async () => {
    const first = expectSuccess(await issue(admin, display.id, 'older'));
    const second = expectSuccess(await issue(admin, display.id, 'newer'));
    const ids = (await tokens(admin)).map((t) => t.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
  });

  it('are refused for an account holding more than Pages.BigData, less, inactive, or unknown', async () => {
    const more = await userWithPermissions(server, admin, tenantId, ['Pages.BigData', 'Pages.TransferApplication']);
    expectValidationError(await issue(admin, more.id), 'userId');
    const none = await createUser(server, admin, tenantId);
    expectValidationError(await issue(admin, none.id), 'userId');
    const inactive = await createUser(server, admin, tenantId, { roleNames: [display.roleName], isActive: false });
    expectValidationError(await issue(admin, inactive.id), 'userId');
    expectValidationError(await issue(admin, 987654321), 'userId');
    expectValidationError(await issue(admin, display.id, ' '), 'name');
    const accounts = expectSuccess<{ id: number; userName: string }[]>(await server.call('GET', B('GetDisplayAccounts'), { token: admin }));
    expect(accounts).toContainEqual({ id: display.id, userName: display.userName });
    for (const refused of [more, none, inactive]) expect(accounts.map((a) => a.id)).not.toContain(refused.id);
  });

  it('are kept by administrators only', async () => {
    expectError(await issue(display.token, display.id), 403, true);
    expectError(await server.call('GET', B('GetDisplayTokens'), { token: display.token }), 403, true);
  });

  it('stay within their tenant', async () => {
    const other = await createTenant(server);
    const otherAdmin = await server.token(other.id, 'admin', '123qwe');
    const issued = expectSuccess(await issue(admin, display.id));
    expectValidationError(await issue(otherAdmin, display.id), 'userId');
    expect(await tokens(otherAdmin)).toEqual([]);
    expectError(await revoke(otherAdmin, issued.id), 404);
    expectSuccess(await exchange(issued.token));
    // An other tenant's display exchanges into its own tenant.
    const otherDisplay = await userWithPermissions(server, otherAdmin, other.id, ['Pages.BigData']);
    const otherIssued = expectSuccess(await issue(otherAdmin, otherDisplay.id));
    expect(expectSuccess(await exchange(otherIssued.token)).tenantId).toBe(other.id);
  });

  it('once revoked, sign in no more, and the access tokens they obtained stop', async () => {
    const user = await userWithPermissions(server, admin, tenantId, ['Pages.BigData']);
    const issued = expectSuccess(await issue(admin, user.id));
    const { accessToken } = expectSuccess(await exchange(issued.token));
    expectSuccess(await overview(accessToken));
    expectSuccess(await revoke(admin, issued.id));
    expectError(await overview(accessToken), 401, true);
    const refused = expectError(await exchange(issued.token), 401, true);
    expect(refused.details).toEqual(expect.any(String));
    const listed = (await tokens(admin)).find((t) => t.id === issued.id);
    expect(listed?.revokedTime).toEqual(expect.any(String));
  });

  it('are revoked one by one: the revoked wall is refused at once, over HTTP and at the hub; the account\'s other wall goes on', async () => {
    const user = await userWithPermissions(server, admin, tenantId, ['Pages.BigData']);
    const [hallA, hallB] = [expectSuccess(await issue(admin, user.id, 'Hall A')), expectSuccess(await issue(admin, user.id, 'Hall B'))];
    const [wallA, wallB] = [expectSuccess(await exchange(hallA.token)).accessToken, expectSuccess(await exchange(hallB.token)).accessToken];
    const [hubA, hubB] = [await connectHub(wallA), await connectHub(wallB)];
    expectSuccess(await revoke(admin, hallA.id));

    expectError(await overview(wallA), 401, true);
    await waitFor('the revoked wall\'s hub connection to close', () => hubA.closed);
    await expect(connectHub(wallA)).rejects.toThrow(/401/);
    expectError(await exchange(hallA.token), 401, true);

    // The other wall keeps its access token and its connection: no refusal, so no pause to exchange again.
    expectSuccess(await overview(wallB));
    expect(hubB.connection.state).toBe(HubConnectionState.Connected);
    expect(hubB.closed).toBe(false);
    await hubB.connection.stop();
    expectSuccess(await exchange(hallB.token));
  });

  it('refuse unknown secrets, deactivated accounts and accounts that gained permissions', async () => {
    expectError(await exchange('not-a-token'), 401, true);
    expectError(await server.call('POST', DISPLAY_AUTH_PATH, { body: {} }), 400);
    const user = await userWithPermissions(server, admin, tenantId, ['Pages.BigData']);
    const issued = expectSuccess(await issue(admin, user.id));
    const more = await userWithPermissions(server, admin, tenantId, ['Pages.TransferApplication']);
    const get = await server.call<{ id: number; roleNames: string[] }>('GET', svc('User', 'Get'), { token: admin, query: { id: user.id } });
    const body = { ...expectSuccess(get), roleNames: [user.roleName, more.roleName] };
    expectSuccess(await server.call('PUT', svc('User', 'Update'), { token: admin, body }));
    expectError(await exchange(issued.token), 401, true);
    expectSuccess(await server.call('PUT', svc('User', 'Update'), { token: admin, body: { ...body, roleNames: [user.roleName], isActive: false } }));
    expectError(await exchange(issued.token), 401, true);
  });

  it('refuse a token of an inactive tenant', async () => {
    const other = await createTenant(server);
    const otherAdmin = await server.token(other.id, 'admin', '123qwe');
    const otherDisplay = await userWithPermissions(server, otherAdmin, other.id, ['Pages.BigData']);
    const issued = expectSuccess(await issue(otherAdmin, otherDisplay.id));
    await server.db.query('update tenants set is_active = false where id = $1', [other.id]);
    expectError(await exchange(issued.token), 401, true);
  });
});
