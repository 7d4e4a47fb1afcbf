// What ABP's own starter clients (React and Angular) need from the server, in the request shapes they send: a client
// served from another origin (CORS), the framework's localization sources, and the account, user, role, tenant and
// configuration calls of their screens.
import { ANGULAR_STARTER_KEYS, REACT_LOOKUPS_IN_ANOTHER_SOURCE, REACT_STARTER_KEYS } from '../support/abp-starter-keys';
import { expectError, expectSuccess, ok } from '../support/server-fixtures';
import { svc, unique, useTestServer } from '../support/server-harness';

const CLIENT_ORIGIN = 'http://localhost:4200';
const server = useTestServer({ env: { CORS_ORIGINS: `${CLIENT_ORIGIN}, http://abp-client.example` , SELF_REGISTRATION: 'true' } });
let admin: string;
beforeAll(async () => {
  admin = await server.token(1, 'admin');
});
const preflight = (path: string, origin: string) => fetch(`${server.baseUrl}${path}`, {
  method: 'OPTIONS',
  headers: {
    Origin: origin, 'Access-Control-Request-Method': 'POST',
    'Access-Control-Request-Headers': 'authorization,abp.tenantid,.aspnetcore.culture,content-type,x-requested-with',
  },
});

describe('a client on another origin', () => {
  it('gets its preflight answered for API calls and the hub\'s negotiate, with ABP\'s headers and credentials allowed', async () => {
    for (const path of ['/api/TokenAuth/Authenticate', '/api/services/app/User/GetAll', '/chatmsg/negotiate?negotiateVersion=1']) {
      const response = await preflight(path, CLIENT_ORIGIN);
      expect({ path, status: response.status }).toEqual({ path, status: 204 });
      expect(response.headers.get('access-control-allow-origin')).toBe(CLIENT_ORIGIN);
      expect(response.headers.get('access-control-allow-credentials')).toBe('true');
      const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase();
      for (const header of ['authorization', 'abp.tenantid', '.aspnetcore.culture', 'content-type', 'x-requested-with']) expect(allowed).toContain(header);
    }
  });

  it('reads the answer of a real call, and the hub negotiates for it', async () => {
    const login = await fetch(`${server.baseUrl}/api/TokenAuth/Authenticate`, {
      method: 'POST', headers: { Origin: CLIENT_ORIGIN, 'Content-Type': 'application/json', 'Abp.TenantId': '1' },
      body: JSON.stringify({ userNameOrEmailAddress: 'admin', password: '123qwe', rememberClient: false }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('access-control-allow-origin')).toBe(CLIENT_ORIGIN);
    const negotiate = await fetch(`${server.baseUrl}/chatmsg/negotiate?negotiateVersion=1`, {
      method: 'POST', headers: { Origin: CLIENT_ORIGIN, Authorization: `Bearer ${admin}` },
    });
    expect(negotiate.status).toBe(200);
    expect(negotiate.headers.get('access-control-allow-origin')).toBe(CLIENT_ORIGIN);
  });

  // The headers each starter client sets on its calls, as the browser lists them in the preflight (lower case, sorted).
  const STARTER_CLIENT_HEADERS = {
    // abp-ng2-module's interceptor (no-cache trio, X-Requested-With, token, culture twice, tenant), the app's XSRF
    // header and the service proxies' JSON body.
    angular: ['abp.tenantid', '.aspnetcore.culture', 'accept-language', 'authorization', 'cache-control', 'content-type', 'expires', 'pragma', 'x-requested-with', 'x-xsrf-token'],
    // The React client's axios instance: token, culture and tenant on every call, JSON bodies.
    react: ['abp.tenantid', '.aspnetcore.culture', 'authorization', 'content-type'],
  };

  it('allows every header the Angular and React starter clients send, on API calls and the hub at both paths', async () => {
    for (const [client, headers] of Object.entries(STARTER_CLIENT_HEADERS)) {
      for (const [method, path] of [['POST', '/api/TokenAuth/Authenticate'], ['GET', '/AbpUserConfiguration/GetAll'], ['DELETE', '/api/services/app/User/Delete?Id=1'], ['POST', '/chatmsg/negotiate?negotiateVersion=1'], ['POST', '/signalr/negotiate?negotiateVersion=1']]) {
        const response = await fetch(`${server.baseUrl}${path}`, {
          method: 'OPTIONS',
          headers: { Origin: CLIENT_ORIGIN, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': headers.join(',') },
        });
        expect({ client, path, status: response.status }).toEqual({ client, path, status: 204 });
        expect(response.headers.get('access-control-allow-origin')).toBe(CLIENT_ORIGIN);
        expect(response.headers.get('access-control-allow-methods')).toContain(method);
        const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase().split(/\s*,\s*/);
        expect({ client, path, missing: headers.filter((h) => !allowed.includes(h)) }).toEqual({ client, path, missing: [] });
      }
    }
  });

  it('gives an origin not configured no CORS header, so the browser keeps it out', async () => {
    const response = await preflight('/api/services/app/User/GetAll', 'http://evil.example');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const angular = await fetch(`${server.baseUrl}/api/services/app/User/GetAll`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': STARTER_CLIENT_HEADERS.angular.join(',') },
    });
    for (const header of ['access-control-allow-origin', 'access-control-allow-headers', 'access-control-allow-credentials']) expect(angular.headers.get(header)).toBeNull();
    const call = await server.call('GET', svc('Session', 'GetCurrentLoginInformations'), { token: admin, headers: { Origin: 'http://evil.example' } });
    expect(call.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('security headers', () => {
  it('are on API answers, errors and pages alike', async () => {
    const answers = [
      await server.call('GET', svc('Session', 'GetCurrentLoginInformations'), { token: admin }),
      await server.call('GET', svc('User', 'GetAll')),
      await server.call('GET', '/swagger'),
    ];
    for (const response of answers) {
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' [^;]*amap\.com/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('AbpUserConfiguration/GetAll', () => {
  it('sends ABP\'s Abp, AbpWeb and AbpZero sources in the request\'s language', async () => {
    for (const [culture, yes, login] of [['zh-CN', '是', '登录'], ['en', 'Yes', 'Log in']] as const) {
      const config = ok<any>(await server.call('GET', '/AbpUserConfiguration/GetAll', { headers: { 'Accept-Language': culture } }), 'config');
      const names = config.localization.sources.map((s: { name: string }) => s.name);
      expect(names).toEqual(expect.arrayContaining(['AbpProjectName', 'Abp', 'AbpWeb', 'AbpZero']));
      expect(config.localization.values.Abp.Yes).toBe(yes);
      expect(config.localization.values.AbpWeb.AreYouSure).toEqual(expect.any(String));
      expect(config.localization.values.AbpWeb.DefaultError403).toEqual(expect.any(String));
      expect(config.localization.values.AbpZero.LogIn).toBe(login);
      expect(config.localization.values.AbpZero.InvalidUserNameOrPassword).toEqual(expect.any(String));
    }
  });

  it('sends every key the Angular and React starter clients read from AbpProjectName, in both languages, with no placeholder they leave unfilled', async () => {
    const keys = Object.keys({ ...REACT_STARTER_KEYS, ...ANGULAR_STARTER_KEYS });
    expect([Object.keys(REACT_STARTER_KEYS).length, Object.keys(ANGULAR_STARTER_KEYS).length, keys.length]).toEqual([53, 81, 100]);
    const sources: Record<string, Record<string, string>> = {};
    for (const culture of ['zh-CN', 'en']) {
      const config = ok<any>(await server.call('GET', '/AbpUserConfiguration/GetAll', { headers: { 'Accept-Language': culture } }), 'config');
      sources[culture] = config.localization.values.AbpProjectName;
      const text = (key: string): string | undefined => sources[culture][key];
      expect({ culture, missing: keys.filter((key) => !text(key)?.trim()) }).toEqual({ culture, missing: [] });
      // A client fills `{0}`, `{1}`… from the arguments it passes; i18next's `{{name}}` it would show as is.
      const unfilled = (key: string, args: number) => (text(key)!.match(/\{\{\w+\}\}|\{(\d+)\}/g) ?? []).filter((p) => !/^\{\d+\}$/.test(p) || Number(p.slice(1, -1)) >= args);
      const left = [
        ...Object.entries(REACT_STARTER_KEYS).filter(([key]) => !REACT_LOOKUPS_IN_ANOTHER_SOURCE.has(key)).map(([key, args]) => ['react', key, unfilled(key, args)]),
        ...Object.entries(ANGULAR_STARTER_KEYS).map(([key, args]) => ['angular', key, unfilled(key, args)]),
      ].filter(([, , placeholders]) => placeholders.length > 0);
      expect({ culture, left }).toEqual({ culture, left: [] });
    }
    // The two languages are two translations, not one text twice.
    expect(['WellcomeMessage', 'UserNameOrEmail', 'ChangeTenant', 'ConfirmPassword'].filter((key) => sources['zh-CN'][key] === sources.en[key])).toEqual([]);
  });
});

describe('the unknown-tenant answer', () => {
  it('is a sentence naming the tenant in either language, with no placeholder or key left', async () => {
    const answers = [];
    for (const culture of ['zh-CN', 'en']) {
      const login = await server.call('POST', '/api/TokenAuth/Authenticate', {
        tenantId: 424242, headers: { 'Accept-Language': culture }, body: { userNameOrEmailAddress: 'admin', password: '123qwe' },
      });
      const { message, details } = expectError(login, 500);
      answers.push([message, details]);
    }
    expect(answers).toEqual([['登录失败', '不存在 Id 为 424242 的租户'], ['Login failed!', 'There is no tenant with id 424242']]);
  });

  it('comes with validation details in the request\'s language too', async () => {
    const narratives = [];
    for (const culture of ['zh-CN', 'en']) {
      const refused = await server.call('POST', '/api/TokenAuth/Authenticate', { tenantId: 1, headers: { 'Accept-Language': culture }, body: { password: 'x' } });
      narratives.push(expectError(refused, 400).details!.split('\n')[0]);
    }
    expect(narratives).toEqual(['验证过程中发现以下错误：', 'The following errors were detected during validation.']);
  });
});

describe('the calls of ABP\'s screens', () => {
  it('Role/GetRoles and GetRolesAsync list the roles, or those granted a permission', async () => {
    const roleName = unique('Viewer');
    expectSuccess(await server.call('POST', svc('Role', 'Create'), {
      token: admin, body: { name: roleName, displayName: roleName, description: '', grantedPermissions: ['Pages.Wastecode'] },
    }));
    for (const method of ['GetRoles', 'GetRolesAsync']) {
      const all = expectSuccess<{ items: { name: string }[] }>(await server.call('GET', svc('Role', method), { token: admin }));
      expect(all.items.map((r) => r.name)).toEqual(expect.arrayContaining(['Admin', roleName]));
      const withUsers = expectSuccess<{ items: { name: string; grantedPermissions: string[] }[] }>(
        await server.call('GET', svc('Role', method), { token: admin, query: { permission: 'Pages.Users' } }));
      expect(withUsers.items.map((r) => r.name)).toContain('Admin');
      expect(withUsers.items.map((r) => r.name)).not.toContain(roleName);
      for (const role of withUsers.items) expect(role.grantedPermissions).toContain('Pages.Users');
    }
  });

  it('deleting a static role is a user-friendly error', async () => {
    const roles = expectSuccess<{ items: { id: number; name: string; isStatic: boolean }[] }>(await server.call('GET', svc('Role', 'GetRoles'), { token: admin }));
    const staticRole = roles.items.find((r) => r.isStatic)!;
    const error = expectError(await server.call('DELETE', svc('Role', 'Delete'), { token: admin, query: { Id: staticRole.id }, headers: { 'Accept-Language': 'en' } }), 500);
    expect(error).toEqual(expect.objectContaining({ message: 'A static role cannot be deleted', validationErrors: null }));
  });

  it('Configuration/ChangeUiTheme keeps the theme per user and serves it as App.UiTheme', async () => {
    expectSuccess(await server.call('POST', svc('Configuration', 'ChangeUiTheme'), { token: admin, body: { theme: 'light-blue' } }));
    const mine = ok<any>(await server.call('GET', '/AbpUserConfiguration/GetAll', { token: admin }), 'config');
    expect(mine.setting.values['App.UiTheme']).toBe('light-blue');
    const anonymous = ok<any>(await server.call('GET', '/AbpUserConfiguration/GetAll', { tenantId: 1 }), 'config');
    expect(anonymous.setting.values['App.UiTheme']).toBeUndefined();
    const bad = await server.call('POST', svc('Configuration', 'ChangeUiTheme'), { token: admin, body: { theme: '<script>' } });
    expect(expectError(bad, 400).validationErrors![0].members).toEqual(['theme']);
  });

  it('Account/Register, when enabled, creates an active user in the default roles who can log in; the policy applies', async () => {
    const userName = unique('self');
    const body = { name: '小红', surname: '李', userName, emailAddress: `${userName}@example.com`, password: 'Waste2026ok', captchaResponse: null };
    const weak = await server.call('POST', svc('Account', 'Register'), { tenantId: 1, body: { ...body, password: '123456' } });
    expect(expectError(weak, 400).validationErrors!.flatMap((e) => e.members)).toContain('password');
    expect(expectSuccess(await server.call('POST', svc('Account', 'Register'), { tenantId: 1, body }))).toEqual({ canLogin: true });
    const token = await server.login(1, userName, body.password);
    const session = ok<any>(await server.call('GET', svc('Session', 'GetCurrentLoginInformations'), { token }), 'session');
    expect(session.user.userName).toBe(userName);
    const defaults = expectSuccess<{ items: { normalizedName: string; isDefault: boolean }[] }>(await server.call('GET', svc('Role', 'GetRoles'), { token: admin }))
      .items.filter((r) => r.isDefault).map((r) => r.normalizedName).sort();
    const users = expectSuccess<{ items: { userName: string; roleNames: string[] }[] }>(
      await server.call('GET', svc('User', 'GetAll'), { token: admin, query: { Keyword: userName } }));
    expect(users.items[0].roleNames.sort()).toEqual(defaults);
    const hostSide = await server.call('POST', svc('Account', 'Register'), { body: { ...body, userName: unique('host') } });
    expectError(hostSide, 500);
  });

  it('users: list, create, update, reset password, deactivate and activate, delete, as the starter client sends them', async () => {
    const userName = unique('abpuser');
    const created = expectSuccess<{ id: number }>(await server.call('POST', svc('User', 'Create'), {
      token: admin,
      body: { userName, name: '三', surname: '张', emailAddress: `${userName}@example.com`, isActive: true, roleNames: [], password: 'Waste2026ok' },
    }));
    const list = expectSuccess<{ totalCount: number }>(await server.call('GET', svc('User', 'GetAll'), { token: admin, query: { Keyword: userName, IsActive: true, SkipCount: 0, MaxResultCount: 10 } }));
    expect(list.totalCount).toBe(1);
    expectSuccess(await server.call('PUT', svc('User', 'Update'), {
      token: admin, body: { id: created.id, userName, name: '四', surname: '张', emailAddress: `${userName}@example.com`, isActive: true, roleNames: [] },
    }));
    expectSuccess(await server.call('POST', svc('User', 'ResetPassword'), { token: admin, body: { adminPassword: '123qwe', userId: created.id, newPassword: 'Reset2026ok' } }));
    await server.login(1, userName, 'Reset2026ok');
    expectSuccess(await server.call('POST', svc('User', 'DeActivate'), { token: admin, body: { id: created.id } }));
    expect((await server.call('POST', '/api/TokenAuth/Authenticate', { tenantId: 1, body: { userNameOrEmailAddress: userName, password: 'Reset2026ok' } })).body.success).toBe(false);
    expectSuccess(await server.call('POST', svc('User', 'Activate'), { token: admin, body: { id: created.id } }));
    await server.login(1, userName, 'Reset2026ok');
    expectSuccess(await server.call('POST', svc('User', 'ChangeLanguage'), { token: admin, body: { languageName: 'en-US' } }));
    expectSuccess(await server.call('POST', svc('User', 'ChangeLanguage'), { token: admin, body: { languageName: 'zh-CN' } }));
    expect(expectSuccess<{ items: unknown[] }>(await server.call('GET', svc('User', 'GetRoles'), { token: admin })).items.length).toBeGreaterThan(0);
    expectSuccess(await server.call('DELETE', svc('User', 'Delete'), { token: admin, query: { Id: created.id } }));
  });

  it('roles: list, edit form, create with permissions, update, delete', async () => {
    const permissions = expectSuccess<{ items: { name: string }[] }>(await server.call('GET', svc('Role', 'GetAllPermissions'), { token: admin }));
    const name = unique('Clerks');
    const role = expectSuccess<{ id: number }>(await server.call('POST', svc('Role', 'Create'), {
      token: admin, body: { name, displayName: name, normalizedName: name.toUpperCase(), description: 'x', grantedPermissions: [permissions.items[0].name] },
    }));
    const forEdit = expectSuccess<any>(await server.call('GET', svc('Role', 'GetRoleForEdit'), { token: admin, query: { Id: role.id } }));
    expect(forEdit.grantedPermissionNames).toEqual([permissions.items[0].name]);
    expectSuccess(await server.call('PUT', svc('Role', 'Update'), {
      token: admin, body: { id: role.id, name, displayName: `${name}!`, description: 'y', grantedPermissions: [] },
    }));
    const page = expectSuccess<{ items: { id: number }[] }>(await server.call('GET', svc('Role', 'GetAll'), { token: admin, query: { Keyword: name, SkipCount: 0, MaxResultCount: 10 } }));
    expect(page.items.map((r) => r.id)).toEqual([role.id]);
    expectSuccess(await server.call('DELETE', svc('Role', 'Delete'), { token: admin, query: { Id: role.id } }));
  });

  it('tenants (host side): availability, list, create, delete; errors keep ABP\'s envelope', async () => {
    const host = await server.token(null, 'admin');
    const tenancyName = unique('T');
    const tenant = expectSuccess<{ id: number }>(await server.call('POST', svc('Tenant', 'Create'), {
      token: host, body: { tenancyName, name: tenancyName, adminEmailAddress: `${tenancyName}@example.com`, connectionString: '', isActive: true },
    }));
    const available = expectSuccess<{ state: number; tenantId: number }>(await server.call('POST', svc('Account', 'IsTenantAvailable'), { body: { tenancyName } }));
    expect(available).toEqual({ state: 1, tenantId: tenant.id });
    const page = expectSuccess<{ items: { tenancyName: string }[] }>(await server.call('GET', svc('Tenant', 'GetAll'), { token: host, query: { Keyword: tenancyName, SkipCount: 0, MaxResultCount: 10 } }));
    expect(page.items.map((t) => t.tenancyName)).toEqual([tenancyName]);
    expectSuccess(await server.call('DELETE', svc('Tenant', 'Delete'), { token: host, query: { Id: tenant.id } }));
    expectError(await server.call('GET', svc('Tenant', 'GetAll'), { token: admin }), 403, true);
    expectError(await server.call('GET', svc('Tenant', 'GetAll')), 401, true);
  });
});
