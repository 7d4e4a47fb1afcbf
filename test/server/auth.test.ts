// Login, tenant resolution, throttling, the session endpoints and what the server makes of tokens.
import { permissionsForSide } from '../../src/shared/permissions';
import { createTenant, createUser, expectError, expectSuccess, expectValidationError, ok } from '../support/server-fixtures';
import { CLAIM, decodeJwtPayload, signJwt } from '../support/jwt';
import { type CallOptions, DEFAULT_PASSWORD, JWT_SECRET, svc, unique, useTestServer } from '../support/server-harness';

const server = useTestServer();
const AUTHENTICATE = '/api/TokenAuth/Authenticate';

// The server also counts failures per client address. Tests that fail logins on purpose each use an address of their
// own (the app trusts X-Forwarded-For), so one test's failures never lock another test out.
let addressCounter = 0;
const freshAddress = () => `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

function authenticate(userName: string, password: string, options: CallOptions = {}) {
  return server.call('POST', AUTHENTICATE, { ...options, body: { userNameOrEmailAddress: userName, password, rememberClient: false } });
}

const en = { 'Accept-Language': 'en' };

describe('TokenAuth/Authenticate', () => {
  it('logs the host admin in without a tenant and returns ABP\'s AuthenticateResultModel', async () => {
    const response = await authenticate('admin', DEFAULT_PASSWORD);
    const result = expectSuccess(response);
    expect(result).toEqual({
      accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      encryptedAccessToken: expect.any(String),
      expireInSeconds: 86400,
      userId: expect.any(Number),
      // The test template's admins count as having chosen their password (first-login.test.ts: a fresh seed).
      shouldResetPassword: false,
      passwordResetCode: null,
      shouldChangePasswordOnNextLogin: false,
    });
    expect(result.encryptedAccessToken).not.toBe(result.accessToken);
    const payload = decodeJwtPayload(result.accessToken);
    expect(payload[CLAIM.userId]).toBe(String(result.userId));
    expect(payload[CLAIM.userName]).toBe('admin');
    expect(payload[CLAIM.tenantId]).toBeUndefined();
    expect(Number(payload.exp) - Number(payload.iat)).toBe(86400);

    const session = expectSuccess(await server.call('GET', svc('Session', 'GetCurrentLoginInformations'), { token: result.accessToken }));
    expect(session.tenant).toBeNull();
    expect(session.user).toEqual({
      id: result.userId, name: 'admin', surname: 'admin', userName: 'admin', emailAddress: 'admin@aspnetboilerplate.com', shouldChangePasswordOnNextLogin: false,
    });
  });

  it.each([
    ['header Abp.TenantId', { headers: { 'Abp.TenantId': '1' } }],
    ['header Abp-TenantId', { headers: { 'Abp-TenantId': '1' } }],
    ['cookie Abp.TenantId', { headers: { cookie: 'foo=bar; Abp.TenantId=1' } }],
    ['cookie Abp-TenantId', { headers: { cookie: 'Abp-TenantId=1' } }],
  ])('logs the Default tenant admin in with the tenant from the %s', async (_how, options) => {
    const result = expectSuccess(await authenticate('admin', DEFAULT_PASSWORD, options));
    expect(decodeJwtPayload(result.accessToken)[CLAIM.tenantId]).toBe('1');
    const session = expectSuccess(await server.call('GET', svc('Session', 'GetCurrentLoginInformations'), { token: result.accessToken }));
    expect(session.tenant).toEqual({ id: 1, tenancyName: 'Default', name: 'Default' });
    expect(session.user).toEqual({
      id: result.userId, name: 'admin', surname: 'admin', userName: 'admin', emailAddress: 'admin@defaulttenant.com', shouldChangePasswordOnNextLogin: false,
    });
  });

  it('treats a tenant id of "null" as no tenant (the React client writes that when none is chosen)', async () => {
    const host = expectSuccess(await authenticate('admin', DEFAULT_PASSWORD));
    const result = expectSuccess(await authenticate('admin', DEFAULT_PASSWORD, { headers: { 'Abp.TenantId': 'null' } }));
    expect(result.userId).toBe(host.userId);
  });

  it('accepts the email address in place of the user name, case-insensitively', async () => {
    const byName = expectSuccess(await authenticate('admin', DEFAULT_PASSWORD, { tenantId: 1 }));
    const byEmail = expectSuccess(await authenticate('ADMIN@DefaultTenant.com', DEFAULT_PASSWORD, { tenantId: 1 }));
    expect(byEmail.userId).toBe(byName.userId);
  });

  it('answers a wrong password with a 500 "登录失败" by default, naming invalid credentials', async () => {
    const response = await authenticate('admin', 'wrong-password', { tenantId: 1, headers: { 'X-Forwarded-For': freshAddress() } });
    const error = expectError(response, 500);
    expect(error).toEqual({ code: 0, message: '登录失败', details: '用户名或密码错误', validationErrors: null });
  });

  it('answers in English with Accept-Language: en', async () => {
    const response = await authenticate('admin', 'wrong-password', { tenantId: 1, headers: { ...en, 'X-Forwarded-For': freshAddress() } });
    expect(expectError(response, 500)).toEqual({ code: 0, message: 'Login failed!', details: 'Invalid user name or password', validationErrors: null });
  });

  it('answers in English when the client sends the .AspNetCore.Culture header or cookie', async () => {
    const byHeader = await authenticate('nobody', 'x', { headers: { '.AspNetCore.Culture': 'c=en-US|uic=en-US', 'X-Forwarded-For': freshAddress() } });
    expect(expectError(byHeader, 500).message).toBe('Login failed!');
    const byCookie = await authenticate('nobody', 'x', { headers: { cookie: '.AspNetCore.Culture=c%3Den-US%7Cuic%3Den-US', 'X-Forwarded-For': freshAddress() } });
    expect(expectError(byCookie, 500).message).toBe('Login failed!');
  });

  it('answers an unknown user exactly like a wrong password (no user enumeration)', async () => {
    const response = await authenticate(unique('ghost'), 'whatever', { tenantId: 1, headers: { ...en, 'X-Forwarded-For': freshAddress() } });
    expect(expectError(response, 500)).toEqual({ code: 0, message: 'Login failed!', details: 'Invalid user name or password', validationErrors: null });
  });

  it('does not let a tenant user log in on the host side or in another tenant', async () => {
    const user = await createUser(server, await server.token(1, 'admin'), 1);
    const asHost = await authenticate(user.userName, user.password, { headers: { ...en, 'X-Forwarded-For': freshAddress() } });
    expect(expectError(asHost, 500).details).toBe('Invalid user name or password');
    expectSuccess(await authenticate(user.userName, user.password, { tenantId: 1 }));
  });

  it('refuses an unknown tenant', async () => {
    const response = await authenticate('admin', DEFAULT_PASSWORD, { tenantId: 987654, headers: en });
    expect(expectError(response, 500)).toEqual({ code: 0, message: 'Login failed!', details: 'There is no tenant with id 987654', validationErrors: null });
  });

  it('requires both the user name and the password (400 naming the members)', async () => {
    const response = await server.call('POST', AUTHENTICATE, { tenantId: 1, body: { password: 'x' } });
    expectValidationError(response, 'userNameOrEmailAddress');
    expectValidationError(await server.call('POST', AUTHENTICATE, { tenantId: 1, body: { userNameOrEmailAddress: 'admin' } }), 'password');
  });

  it('refuses an inactive user even with the right password', async () => {
    const user = await createUser(server, await server.token(1, 'admin'), 1, { isActive: false });
    const response = await authenticate(user.userName, user.password, { tenantId: 1, headers: en });
    expect(expectError(response, 500)).toEqual({ code: 0, message: 'Login failed!', details: 'The user is not active and cannot log in', validationErrors: null });
  });
});

describe('login throttling', () => {
  it('locks a user for 5 minutes after 5 failures, even for the right password, with a clear message', async () => {
    const user = await createUser(server, await server.token(1, 'admin'), 1);
    for (let attempt = 1; attempt <= 5; attempt++) {
      // Each failure from another address: the lock below is the user's, not an address's.
      const response = await authenticate(user.userName, `wrong-${attempt}`, { tenantId: 1, headers: { ...en, 'X-Forwarded-For': freshAddress() } });
      expect(expectError(response, 500).details).toBe('Invalid user name or password');
    }
    const locked = await authenticate(user.userName, user.password, { tenantId: 1, headers: { ...en, 'X-Forwarded-For': freshAddress() } });
    expect(expectError(locked, 500)).toEqual({
      code: 0, message: 'Login failed!', details: 'Too many failed attempts; try again in 5 minutes', validationErrors: null,
    });
    const lockedZh = await authenticate(user.userName, user.password, { tenantId: 1, headers: { 'X-Forwarded-For': freshAddress() } });
    expect(expectError(lockedZh, 500)).toEqual({ code: 0, message: '登录失败', details: '登录失败次数过多，请5分钟后再试', validationErrors: null });

    // The lock is the user's own: the same name in another scope and other users log in as before.
    expectSuccess(await authenticate('admin', DEFAULT_PASSWORD, { tenantId: 1, headers: { 'X-Forwarded-For': freshAddress() } }));
  });

  it('starts counting again after a successful login', async () => {
    const user = await createUser(server, await server.token(1, 'admin'), 1);
    const fail = () => authenticate(user.userName, 'nope', { tenantId: 1, headers: { 'X-Forwarded-For': freshAddress() } });
    for (let i = 0; i < 4; i++) expectError(await fail(), 500);
    expectSuccess(await authenticate(user.userName, user.password, { tenantId: 1, headers: { 'X-Forwarded-For': freshAddress() } }));
    for (let i = 0; i < 4; i++) expectError(await fail(), 500);
    expectSuccess(await authenticate(user.userName, user.password, { tenantId: 1, headers: { 'X-Forwarded-For': freshAddress() } }));
  });

  it('does not lock out everyone behind a shared address because other people mistyped their passwords', async () => {
    // Clerks of one office share one public address. Five typos by colleagues must not lock the admin out.
    const office = freshAddress();
    const tenantAdmin = await server.token(1, 'admin');
    for (let i = 0; i < 5; i++) {
      const colleague = await createUser(server, tenantAdmin, 1);
      expectError(await authenticate(colleague.userName, 'typo', { tenantId: 1, headers: { 'X-Forwarded-For': office } }), 500);
    }
    const response = await authenticate('admin', DEFAULT_PASSWORD, { tenantId: 1, headers: { ...en, 'X-Forwarded-For': office } });
    expect({ status: response.status, details: response.body?.error?.details ?? null }).toEqual({ status: 200, details: null });
  });
});

describe('Account/IsTenantAvailable', () => {
  const available = (tenancyName: string) =>
    server.call('POST', svc('Account', 'IsTenantAvailable'), { body: { tenancyName } });

  it('answers state 1 with the id for an active tenant, whatever the case of the name', async () => {
    expect(expectSuccess(await available('Default'))).toEqual({ state: 1, tenantId: 1 });
    expect(expectSuccess(await available('default'))).toEqual({ state: 1, tenantId: 1 });
  });

  it('answers state 3 without an id for an unknown name', async () => {
    expect(expectSuccess(await available(unique('Nope')))).toEqual({ state: 3, tenantId: null });
  });

  it('requires a tenancy name', async () => {
    expectValidationError(await server.call('POST', svc('Account', 'IsTenantAvailable'), { body: {} }), 'tenancyName');
  });

  it('answers state 2 once the host deactivates a tenant, which then can no longer log in', async () => {
    const tenant = await createTenant(server);
    expect(expectSuccess(await available(tenant.tenancyName))).toEqual({ state: 1, tenantId: tenant.id });
    const tenantAdminToken = await server.login(tenant.id, 'admin', DEFAULT_PASSWORD);
    expectSuccess(await server.call('GET', svc('User', 'GetAll'), { token: tenantAdminToken }));

    const hostToken = await server.token(null, 'admin');
    ok(await server.call('PUT', svc('Tenant', 'Update'), {
      token: hostToken, body: { id: tenant.id, tenancyName: tenant.tenancyName, name: tenant.name, isActive: false },
    }), 'Tenant/Update');

    expect(expectSuccess(await available(tenant.tenancyName))).toEqual({ state: 2, tenantId: tenant.id });
    const login = await authenticate('admin', DEFAULT_PASSWORD, { tenantId: tenant.id, headers: en });
    expect(expectError(login, 500)).toEqual({ code: 0, message: 'Login failed!', details: `Tenant “${tenant.tenancyName}” is not active`, validationErrors: null });
    // Tokens issued before the deactivation stop working at once.
    expectError(await server.call('GET', svc('User', 'GetAll'), { token: tenantAdminToken }), 401, true);
  });
});

describe('Session/GetCurrentLoginInformations', () => {
  const path = svc('Session', 'GetCurrentLoginInformations');

  it('answers anonymous callers with the application only', async () => {
    const result = expectSuccess(await server.call('GET', path));
    expect(result).toEqual({
      application: { version: expect.any(String), releaseDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), features: {} },
      user: null,
      tenant: null,
    });
  });

  it('shows the chosen tenant to an anonymous caller (the login screen\'s tenant switch)', async () => {
    const result = expectSuccess(await server.call('GET', path, { tenantId: 1 }));
    expect(result.user).toBeNull();
    expect(result.tenant).toEqual({ id: 1, tenancyName: 'Default', name: 'Default' });
  });

  it('ignores the tenant header of a logged-in user: the token decides', async () => {
    const token = await server.token(null, 'admin');
    const result = expectSuccess(await server.call('GET', path, { token, tenantId: 1 }));
    expect(result.tenant).toBeNull();
    expect(result.user.userName).toBe('admin');
    expect(result.user.emailAddress).toBe('admin@aspnetboilerplate.com');
  });
});

describe('AbpUserConfiguration/GetAll', () => {
  const path = '/AbpUserConfiguration/GetAll';

  type MenuItem = { name: string; url: string | null; items: MenuItem[] };
  const urls = (items: MenuItem[]): string[] => items.flatMap((i) => [...(i.url ? [i.url] : []), ...urls(i.items)]);

  it('describes an anonymous host-side caller', async () => {
    const config = expectSuccess(await server.call('GET', path));
    expect(config.multiTenancy).toEqual({ isEnabled: true, ignoreFeatureCheckForHostUsers: false, sides: { host: 2, tenant: 1 } });
    expect(config.session).toEqual({ userId: null, tenantId: null, impersonatorUserId: null, impersonatorTenantId: null, multiTenancySide: 2 });
    expect(config.localization.currentCulture).toEqual({ name: 'zh-CN', displayName: '简体中文' });
    expect(config.localization.languages.map((l: { name: string }) => l.name)).toEqual(['zh-CN', 'en-US']);
    expect(config.localization.values.AbpProjectName).toEqual(expect.any(Object));
    expect(config.auth.grantedPermissions).toEqual({});
    expect(config.auth.allPermissions['Pages.Users']).toBe('true');
    expect(config.features.allFeatures).toEqual({ 'App.SignalR': { value: 'true' }, 'App.Chat': { value: 'true' } });
    expect(config.nav.menus.MainMenu).toEqual(expect.objectContaining({ name: 'MainMenu', items: expect.any(Array) }));
    expect(urls(config.nav.menus.MainMenu.items)).not.toContain('/setting/user');
    expect(config.clock).toEqual({ provider: 'unspecifiedClockProvider' });
    expect(config.custom).toEqual({ amapKey: 'test-amap-key', publicHost: null });
  });

  it('describes an anonymous caller of a tenant, in English when asked', async () => {
    const config = expectSuccess(await server.call('GET', path, { tenantId: 1, headers: en }));
    expect(config.session).toEqual(expect.objectContaining({ userId: null, tenantId: 1, multiTenancySide: 1 }));
    expect(config.localization.currentCulture).toEqual({ name: 'en-US', displayName: 'English' });
    expect(config.localization.currentLanguage).toEqual(expect.objectContaining({ name: 'en-US' }));
  });

  it('describes the tenant admin: every tenant permission granted, the users page in the menu, no tenants page', async () => {
    const token = await server.token(1, 'admin');
    const config = expectSuccess(await server.call('GET', path, { token }));
    expect(config.session).toEqual({ userId: expect.any(Number), tenantId: 1, impersonatorUserId: null, impersonatorTenantId: null, multiTenancySide: 1 });
    expect(config.session.userId).toBe(Number(decodeJwtPayload(token)[CLAIM.userId]));
    const expected = Object.fromEntries(permissionsForSide(false).map((p) => [p.name, 'true']));
    expect(config.auth.grantedPermissions).toEqual(expected);
    expect(config.auth.grantedPermissions['Pages.Tenants']).toBeUndefined();
    const menuUrls = urls(config.nav.menus.MainMenu.items);
    expect(menuUrls).toContain('/setting/user');
    expect(menuUrls).not.toContain('/setting/tenant');
  });

  it('describes the host admin: Pages.Tenants granted and the tenants page in the menu', async () => {
    const config = expectSuccess(await server.call('GET', path, { token: await server.token(null, 'admin') }));
    expect(config.session.multiTenancySide).toBe(2);
    expect(config.session.tenantId).toBeNull();
    expect(config.auth.grantedPermissions['Pages.Tenants']).toBe('true');
    expect(urls(config.nav.menus.MainMenu.items)).toContain('/setting/tenant');
  });
});

describe('tokens the server did not issue', () => {
  const protectedPath = svc('User', 'GetAll');
  const notLoggedIn = { code: 0, message: 'Current user did not login to the application!', details: null, validationErrors: null };

  async function realPayload() {
    return decodeJwtPayload(await server.token(1, 'admin'));
  }

  it('treats a garbage bearer token as anonymous: 401 on protected endpoints, not 500', async () => {
    const response = await server.call('GET', protectedPath, { token: 'garbage', headers: en });
    expect(expectError(response, 401, true)).toEqual(notLoggedIn);
    const session = expectSuccess(await server.call('GET', svc('Session', 'GetCurrentLoginInformations'), { token: 'not.a.jwt' }));
    expect(session.user).toBeNull();
    expect(expectSuccess(await server.call('GET', '/AbpUserConfiguration/GetAll', { token: 'garbage' })).session.userId).toBeNull();
  });

  it('refuses a token signed with another secret', async () => {
    const forged = signJwt(await realPayload(), 'some-other-secret');
    expect(expectError(await server.call('GET', protectedPath, { token: forged, headers: en }), 401, true)).toEqual(notLoggedIn);
  });

  it('refuses an expired token', async () => {
    const payload = await realPayload();
    const now = Math.floor(Date.now() / 1000);
    const expired = signJwt({ ...payload, iat: now - 90000, exp: now - 3600 }, JWT_SECRET);
    expectError(await server.call('GET', protectedPath, { token: expired }), 401, true);
    // The same claims with a valid lifetime pass, so it is the expiry that was refused.
    const fresh = signJwt({ ...payload, iat: now, exp: now + 3600 }, JWT_SECRET);
    expectSuccess(await server.call('GET', protectedPath, { token: fresh }));
  });

  it('refuses an unsigned token (alg none)', async () => {
    const payload = await realPayload();
    const [header, body] = [{ alg: 'none', typ: 'JWT' }, payload].map((v) => Buffer.from(JSON.stringify(v)).toString('base64url'));
    expectError(await server.call('GET', protectedPath, { token: `${header}.${body}.` }), 401, true);
  });

  it('refuses a validly signed token whose tenant claim does not match the user', async () => {
    const payload = await realPayload();
    const moved = signJwt({ ...payload, [CLAIM.tenantId]: '2' }, JWT_SECRET);
    expectError(await server.call('GET', protectedPath, { token: moved }), 401, true);
    const { [CLAIM.tenantId]: _dropped, ...hostClaims } = payload;
    expectError(await server.call('GET', protectedPath, { token: signJwt(hostClaims, JWT_SECRET) }), 401, true);
  });

  it('stops accepting the token of a user who has been deactivated', async () => {
    const adminToken = await server.token(1, 'admin');
    const user = await createUser(server, adminToken, 1);
    const token = await server.login(1, user.userName, user.password);
    // User/Get of oneself needs only a login.
    expectSuccess(await server.call('GET', svc('User', 'Get'), { token, query: { Id: user.id } }));
    const dto = ok<Record<string, unknown>>(await server.call('GET', svc('User', 'Get'), { token: adminToken, query: { Id: user.id } }), 'User/Get');
    ok(await server.call('PUT', svc('User', 'Update'), { token: adminToken, body: { ...dto, isActive: false } }), 'User/Update');
    expectError(await server.call('GET', svc('User', 'Get'), { token, query: { Id: user.id } }), 401, true);
  });
});
