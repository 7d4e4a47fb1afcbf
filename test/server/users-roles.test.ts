// User and role management, own-account endpoints, and the host's tenant management.
import { permissionsForSide } from '../../src/shared/permissions';
import {
  completeFirstLogin, CHINA_INSTANT, createRole, createTenant, createUser, expectError, expectSuccess, expectValidationError, ok, userWithPermissions,
} from '../support/server-fixtures';
import { DEFAULT_PASSWORD, svc, unique, useTestServer } from '../support/server-harness';

type Paged<T = Record<string, any>> = { totalCount: number; items: T[] };

const server = useTestServer();
let admin: string;
let adminId: number;
beforeAll(async () => {
  admin = await server.token(1, 'admin');
  adminId = ok<{ user: { id: number } }>(await server.call('GET', svc('Session', 'GetCurrentLoginInformations'), { token: admin }), 'session').user.id;
});
const en = { 'Accept-Language': 'en' };
const tenantPermissionNames = () => permissionsForSide(false).map((p) => p.name as string).sort();

describe('User CRUD', () => {
  it('creates a user with roles and returns ABP\'s UserDto; the password is stored hashed and logs in', async () => {
    const role = await createRole(server, admin, ['Pages.Wastecode']);
    const userName = unique('clerk');
    const body = { userName, name: '小明', surname: '王', emailAddress: `${userName}@example.com`, isActive: true, roleNames: [role.name], password: 'Secret123' };
    const dto = expectSuccess(await server.call('POST', svc('User', 'Create'), { token: admin, body }));
    expect(dto).toEqual({
      id: expect.any(Number), userName, name: '小明', surname: '王', emailAddress: body.emailAddress, isActive: true,
      fullName: '小明 王', lastLoginTime: null, creationTime: expect.stringMatching(CHINA_INSTANT), roleNames: [role.normalizedName], enterpriseIds: [], enterpriseNames: [],
      qareaIds: [], sareaIds: [], careaIds: [], vareaIds: [],
    });
    expect(JSON.stringify(dto)).not.toContain('Secret123');
    const [stored] = await server.db.query<{ password_hash: string }>('select password_hash from users where id = $1', [dto.id]);
    expect(stored.password_hash).not.toContain('Secret123');
    expect(stored.password_hash).toMatch(/^\$argon2/);

    const token = await server.login(1, userName, 'Secret123');
    const config = expectSuccess(await server.call('GET', '/AbpUserConfiguration/GetAll', { token }));
    expect(config.auth.grantedPermissions).toEqual({ 'Pages.Wastecode': 'true' });
    const afterLogin = expectSuccess(await server.call('GET', svc('User', 'Get'), { token: admin, query: { Id: dto.id } }));
    expect(afterLogin.lastLoginTime).toEqual(expect.stringMatching(CHINA_INSTANT));
  });

  it('lists users with Keyword, IsActive, paging and sorting', async () => {
    const tag = unique('list');
    const a = await createUser(server, admin, 1, { userName: `${tag}a` });
    const b = await createUser(server, admin, 1, { userName: `${tag}b`, isActive: false });
    const list = (query: Record<string, string | number | boolean>) =>
      server.call<Paged>('GET', svc('User', 'GetAll'), { token: admin, query: { Keyword: tag, ...query } });
    const all = expectSuccess(await list({}));
    expect(all.totalCount).toBe(2);
    expect(all.items.map((u) => u.userName)).toEqual([a.userName, b.userName]); // default sorting: userName
    expect(expectSuccess(await list({ Sorting: 'userName desc' })).items.map((u) => u.userName)).toEqual([b.userName, a.userName]);
    expect(expectSuccess(await list({ IsActive: true })).items.map((u) => u.id)).toEqual([a.id]);
    expect(expectSuccess(await list({ IsActive: false })).items.map((u) => u.id)).toEqual([b.id]);
    const page = expectSuccess(await list({ MaxResultCount: 1, SkipCount: 1 }));
    expect(page).toEqual({ totalCount: 2, items: [expect.objectContaining({ userName: b.userName })] });
    expectValidationError(await list({ Sorting: 'password_hash' }), 'sorting');
  });

  it('refuses a duplicate userName (any case) and a duplicate email with 400 naming the member', async () => {
    const existing = await createUser(server, admin, 1);
    const body = { userName: existing.userName.toUpperCase(), name: 'n', surname: 's', emailAddress: `${unique('e')}@example.com`, isActive: true, roleNames: [], password: 'Secret123' };
    expectValidationError(await server.call('POST', svc('User', 'Create'), { token: admin, body }), 'userName');
    const sameEmail = { ...body, userName: unique('u'), emailAddress: existing.emailAddress };
    expectValidationError(await server.call('POST', svc('User', 'Create'), { token: admin, body: sameEmail }), 'emailAddress');
    // The same user name is free in another tenant.
    const tenant = await createTenant(server);
    const other = await server.login(tenant.id, 'admin', DEFAULT_PASSWORD);
    expectSuccess(await server.call('POST', svc('User', 'Create'), { token: other, body: { ...body, userName: existing.userName } }));
  });

  it('validates the user body: required members, email format, password length', async () => {
    const base = { userName: unique('v'), name: 'n', surname: 's', emailAddress: `${unique('v')}@example.com`, isActive: true, roleNames: [], password: 'Secret123' };
    for (const member of ['userName', 'name', 'surname', 'emailAddress']) {
      const { [member as keyof typeof base]: _omitted, ...body } = base;
      expectValidationError(await server.call('POST', svc('User', 'Create'), { token: admin, body }), member);
    }
    expectValidationError(await server.call('POST', svc('User', 'Create'), { token: admin, body: { ...base, emailAddress: 'not-an-email' } }), 'emailAddress');
    expectValidationError(await server.call('POST', svc('User', 'Create'), { token: admin, body: { ...base, userName: 'has space' } }), 'userName');
    expectValidationError(await server.call('POST', svc('User', 'Create'), { token: admin, body: { ...base, password: '123' } }), 'password');
    expectValidationError(await server.call('POST', svc('User', 'Create'), { token: admin, body: { ...base, roleNames: ['NoSuchRole'] } }), 'roleNames');
    const listed = expectSuccess(await server.call<Paged>('GET', svc('User', 'GetAll'), { token: admin, query: { Keyword: base.userName } }));
    expect(listed.totalCount).toBe(0);
  });

  it('updates a user\'s details and replaces its roles', async () => {
    const roleA = await createRole(server, admin, ['Pages.Wastecode']);
    const roleB = await createRole(server, admin, ['Pages.Wastecategory']);
    const user = await createUser(server, admin, 1, { roleNames: [roleA.name] });
    const dto = expectSuccess(await server.call('GET', svc('User', 'Get'), { token: admin, query: { Id: user.id } }));
    expect(dto.roleNames).toEqual([roleA.normalizedName]);
    const updated = expectSuccess(await server.call('PUT', svc('User', 'Update'), {
      token: admin, body: { ...dto, name: 'Renamed', roleNames: [roleB.normalizedName, 'admin'] },
    }));
    expect(updated.name).toBe('Renamed');
    expect(updated.fullName).toBe(`Renamed ${dto.surname}`);
    expect(updated.roleNames).toEqual(['ADMIN', roleB.normalizedName].sort());
    // Without roleNames the roles stay.
    const { roleNames: _r, ...withoutRoles } = updated;
    const kept = expectSuccess(await server.call('PUT', svc('User', 'Update'), { token: admin, body: { ...withoutRoles, surname: 'Kept' } }));
    expect(kept.roleNames).toEqual(updated.roleNames);
    // The password is not part of an update.
    expect((await server.login(1, user.userName, user.password)).length).toBeGreaterThan(20);
  });

  it('deletes a user: 404 afterwards, no longer listed, cannot log in, and its name is free again', async () => {
    const user = await createUser(server, admin, 1);
    const token = await server.login(1, user.userName, user.password);
    expect(expectSuccess(await server.call('DELETE', svc('User', 'Delete'), { token: admin, query: { Id: user.id } }))).toBeNull();
    expectError(await server.call('GET', svc('User', 'Get'), { token: admin, query: { Id: user.id } }), 404);
    expect(expectSuccess(await server.call<Paged>('GET', svc('User', 'GetAll'), { token: admin, query: { Keyword: user.userName } })).totalCount).toBe(0);
    expectError(await server.call('GET', svc('User', 'GetAllList'), { token }), 401, true);
    const login = await server.call('POST', '/api/TokenAuth/Authenticate', {
      tenantId: 1, headers: { ...en, 'X-Forwarded-For': '10.88.0.1' }, body: { userNameOrEmailAddress: user.userName, password: user.password },
    });
    expect(expectError(login, 500).details).toBe('Invalid user name or password');
    await createUser(server, admin, 1, { userName: user.userName });
  });

  it('does not let a user delete themselves', async () => {
    const response = await server.call('DELETE', svc('User', 'Delete'), { token: admin, query: { Id: adminId }, headers: en });
    const error = expectValidationError(response, 'id');
    expect(error.validationErrors![0].message).toBe('You cannot delete the user you are logged in as');
    expectSuccess(await server.call('GET', svc('User', 'Get'), { token: admin, query: { Id: adminId } }));
  });

  it('accepts the same role twice in roleNames (by name and by normalized name) and gives it once', async () => {
    const userName = unique('twice');
    const body = { userName, name: 'n', surname: 's', emailAddress: `${userName}@example.com`, isActive: true, roleNames: ['Admin', 'ADMIN'], password: 'Secret123' };
    const response = await server.call('POST', svc('User', 'Create'), { token: admin, body });
    expect({ status: response.status, roleNames: response.body?.result?.roleNames ?? response.text }).toEqual({ status: 200, roleNames: ['ADMIN'] });
  });

  it('logs a user in by user name even when a colleague\'s email address is that same text', async () => {
    // The user-name pattern allows "@", so a user name can look like somebody else's email address.
    const shared = `${unique('same')}@example.com`;
    const colleague = await createUser(server, admin, 1, { userName: unique('colleague') });
    const dto = expectSuccess(await server.call('GET', svc('User', 'Get'), { token: admin, query: { Id: colleague.id } }));
    expectSuccess(await server.call('PUT', svc('User', 'Update'), { token: admin, body: { ...dto, emailAddress: shared } }));
    const owner = await createUser(server, admin, 1, { userName: shared, password: 'OwnerPass1' });
    const response = await server.call('POST', '/api/TokenAuth/Authenticate', {
      tenantId: 1, headers: { 'X-Forwarded-For': '10.88.0.3' }, body: { userNameOrEmailAddress: shared, password: 'OwnerPass1' },
    });
    expect({ status: response.status, userId: response.body?.result?.userId ?? response.text }).toEqual({ status: 200, userId: owner.id });
  });

  it('does not reach users or roles of another tenant', async () => {
    const tenant = await createTenant(server);
    const other = await server.login(tenant.id, 'admin', DEFAULT_PASSWORD);
    expectError(await server.call('GET', svc('User', 'Get'), { token: other, query: { Id: adminId } }), 404);
    expectError(await server.call('DELETE', svc('User', 'Delete'), { token: other, query: { Id: adminId } }), 404);
    const adminDto = expectSuccess(await server.call('GET', svc('User', 'Get'), { token: admin, query: { Id: adminId } }));
    expectError(await server.call('PUT', svc('User', 'Update'), { token: other, body: { ...adminDto, name: 'hijacked', emailAddress: `${unique('h')}@example.com` } }), 404);
    expect(expectSuccess(await server.call('GET', svc('User', 'Get'), { token: admin, query: { Id: adminId } }))).toEqual(adminDto);
    const role = await createRole(server, admin, ['Pages.Users']);
    expectError(await server.call('GET', svc('Role', 'Get'), { token: other, query: { Id: role.id } }), 404);
    expectError(await server.call('PUT', svc('Role', 'Update'), { token: other, body: { ...role, grantedPermissions: [] } }), 404);
    expectError(await server.call('DELETE', svc('Role', 'Delete'), { token: other, query: { Id: role.id } }), 404);
    expectValidationError(await server.call('POST', svc('User', 'Create'), {
      token: other, body: { userName: unique('x'), name: 'n', surname: 's', emailAddress: `${unique('x')}@example.com`, roleNames: [role.name], password: 'Secret123' },
    }), 'roleNames');
    const names = expectSuccess<{ id: number }[]>(await server.call('GET', svc('User', 'GetAllList'), { token: other }));
    expect(names.map((u) => u.id)).not.toContain(adminId);
  });

  it('GetRoles lists the tenant\'s roles as RoleDtos', async () => {
    const role = await createRole(server, admin, ['Pages.Users']);
    const result = expectSuccess<{ items: Record<string, any>[] }>(await server.call('GET', svc('User', 'GetRoles'), { token: admin }));
    expect(Object.keys(result)).toEqual(['items']);
    const adminRole = result.items.find((r) => r.name === 'Admin');
    expect(adminRole).toEqual(expect.objectContaining({
      id: expect.any(Number), name: 'Admin', displayName: 'Admin', normalizedName: 'ADMIN', isStatic: true, grantedPermissions: tenantPermissionNames(),
    }));
    expect(result.items.find((r) => r.id === role.id)).toEqual(expect.objectContaining({ name: role.name, grantedPermissions: ['Pages.Users'] }));
  });

  it('GetAllList gives every active user of the tenant to chat users (Pages.ChatLog), not to any logged-in user', async () => {
    const inactive = await createUser(server, admin, 1, { isActive: false });
    const nobody = await createUser(server, admin, 1);
    expectError(await server.call('GET', svc('User', 'GetAllList'), { token: await server.login(1, nobody.userName, nobody.password) }), 403, true);
    const plain = await createUser(server, admin, 1, { roleNames: [(await createRole(server, admin, ['Pages.ChatLog'])).name] });
    const token = await server.login(1, plain.userName, plain.password);
    expectError(await server.call('GET', svc('User', 'GetAll'), { token }), 403, true);
    const list = expectSuccess<{ id: number; userName: string; name: string }[]>(await server.call('GET', svc('User', 'GetAllList'), { token }));
    expect(list.find((u) => u.id === plain.id)).toEqual(expect.objectContaining({ id: plain.id, userName: plain.userName, name: 'Test' }));
    expect(list.map((u) => u.id)).not.toContain(inactive.id);
    expect(list.map((u) => u.id)).toContain(adminId);
    expectError(await server.call('GET', svc('User', 'GetAllList')), 401, true);
  });
});

describe('own account', () => {
  it('ChangePwd refuses a wrong current password with 500 "Incorrect password." and accepts the right one', async () => {
    const user = await createUser(server, admin, 1);
    const token = await server.login(1, user.userName, user.password);
    const wrong = await server.call('POST', svc('User', 'ChangePwd'), { token, headers: en, body: { currentPassword: 'not-it', newPassword: 'NewSecret1' } });
    expect(expectError(wrong, 500)).toEqual({ code: 0, message: 'Incorrect password.', details: null, validationErrors: null });
    const wrongZh = await server.call('POST', svc('User', 'ChangePwd'), { token, body: { currentPassword: 'not-it', newPassword: 'NewSecret1' } });
    expect(expectError(wrongZh, 500).message).toBe('密码错误');
    expectValidationError(await server.call('POST', svc('User', 'ChangePwd'), { token, body: { currentPassword: user.password, newPassword: '12' } }), 'newPassword');

    expect(expectSuccess(await server.call('POST', svc('User', 'ChangePwd'), { token, body: { currentPassword: user.password, newPassword: 'NewSecret1' } }))).toBe(true);
    await server.login(1, user.userName, 'NewSecret1');
    const old = await server.call('POST', '/api/TokenAuth/Authenticate', {
      tenantId: 1, headers: { 'X-Forwarded-For': '10.88.0.2' }, body: { userNameOrEmailAddress: user.userName, password: user.password },
    });
    expectError(old, 500);
  });

  it('ChangePassword is an alias of ChangePwd, open to users without Pages.Users', async () => {
    const user = await createUser(server, admin, 1);
    const token = await server.login(1, user.userName, user.password);
    expect(expectSuccess(await server.call('POST', svc('User', 'ChangePassword'), { token, body: { currentPassword: user.password, newPassword: 'Another1' } }))).toBe(true);
    await server.login(1, user.userName, 'Another1');
    expectError(await server.call('POST', svc('User', 'ChangePassword'), { body: { currentPassword: 'x', newPassword: 'yyyyyy' } }), 401, true);
  });

  it('ChangeLanguage sets the language of the user\'s later responses, over the request headers', async () => {
    const user = await createUser(server, admin, 1);
    const token = await server.login(1, user.userName, user.password);
    const culture = async (headers: Record<string, string> = {}) =>
      expectSuccess(await server.call('GET', '/AbpUserConfiguration/GetAll', { token, headers })).localization.currentCulture.name;
    expect(await culture()).toBe('zh-CN');
    expect(expectSuccess(await server.call('POST', svc('User', 'ChangeLanguage'), { token, body: { languageName: 'en-US' } }))).toBeNull();
    expect(await culture()).toBe('en-US');
    expect(await culture({ 'Accept-Language': 'zh-CN' })).toBe('en-US');
    const error = await server.call('GET', svc('User', 'GetAll'), { token });
    expect(expectError(error, 403, true).message).toMatch(/^Required permissions are not granted/);
    // Other users are not affected.
    expect(expectSuccess(await server.call('GET', '/AbpUserConfiguration/GetAll', { token: admin })).localization.currentCulture.name).toBe('zh-CN');
    expectSuccess(await server.call('POST', svc('User', 'ChangeLanguage'), { token, body: { languageName: 'zh-CN' } }));
    expect(await culture()).toBe('zh-CN');
    expectValidationError(await server.call('POST', svc('User', 'ChangeLanguage'), { token, body: { languageName: 'fr' } }), 'languageName');
  });
});

describe('Role CRUD', () => {
  it('creates, reads, lists, updates and deletes a role with its permissions', async () => {
    const name = unique('Role');
    const created = expectSuccess(await server.call('POST', svc('Role', 'Create'), {
      token: admin, body: { name, displayName: '仓库管理员', description: 'keeps the store', grantedPermissions: ['Pages.Wastecode', 'Pages.Users'] },
    }));
    expect(created).toEqual(expect.objectContaining({
      id: expect.any(Number), name, displayName: '仓库管理员', normalizedName: name.toUpperCase(), description: 'keeps the store',
      isStatic: false, grantedPermissions: ['Pages.Users', 'Pages.Wastecode'],
    }));
    expect(expectSuccess(await server.call('GET', svc('Role', 'Get'), { token: admin, query: { Id: created.id } }))).toEqual(created);
    const listed = expectSuccess<Paged>(await server.call('GET', svc('Role', 'GetAll'), { token: admin, query: { Keyword: name } }));
    expect(listed).toEqual({ totalCount: 1, items: [created] });
    expect(expectSuccess<Paged>(await server.call('GET', svc('Role', 'GetAll'), { token: admin, query: { Keyword: '仓库' } })).items.map((r) => r.id)).toContain(created.id);

    const forEdit = expectSuccess(await server.call('GET', svc('Role', 'GetRoleForEdit'), { token: admin, query: { Id: created.id } }));
    expect(forEdit.role).toEqual({ id: created.id, name, displayName: '仓库管理员', description: 'keeps the store', isStatic: false });
    expect(forEdit.grantedPermissionNames).toEqual(['Pages.Users', 'Pages.Wastecode']);
    expect(forEdit.permissions.map((p: { name: string }) => p.name).sort()).toEqual(tenantPermissionNames());

    const updated = expectSuccess(await server.call('PUT', svc('Role', 'Update'), {
      token: admin, body: { id: created.id, name, displayName: 'Store keeper', description: '', grantedPermissions: ['Pages.Wastecategory'] },
    }));
    expect(updated).toEqual(expect.objectContaining({ displayName: 'Store keeper', grantedPermissions: ['Pages.Wastecategory'] }));

    expect(expectSuccess(await server.call('DELETE', svc('Role', 'Delete'), { token: admin, query: { Id: created.id } }))).toBeNull();
    expectError(await server.call('GET', svc('Role', 'Get'), { token: admin, query: { Id: created.id } }), 404);
    // Its name is free again.
    await createRole(server, admin, [], name);
  });

  it('refuses an unknown permission, a host-only permission and a duplicate name with 400', async () => {
    const body = { name: unique('Role'), displayName: 'x', grantedPermissions: ['Pages.NoSuchThing'] };
    expectValidationError(await server.call('POST', svc('Role', 'Create'), { token: admin, body }), 'grantedPermissions');
    // A tenant cannot grant itself tenant management.
    expectValidationError(await server.call('POST', svc('Role', 'Create'), { token: admin, body: { ...body, grantedPermissions: ['Pages.Tenants'] } }), 'grantedPermissions');
    expectValidationError(await server.call('POST', svc('Role', 'Create'), { token: admin, body: { ...body, name: 'admin', grantedPermissions: [] } }), 'name');
    expectValidationError(await server.call('POST', svc('Role', 'Create'), { token: admin, body: { displayName: 'x' } }), 'name');
    expect(expectSuccess<Paged>(await server.call('GET', svc('Role', 'GetAll'), { token: admin, query: { Keyword: body.name } })).totalCount).toBe(0);
  });

  it('GetAllPermissions (any case) lists every tenant-side permission, localised, and not Pages.Tenants', async () => {
    for (const method of ['GetAllPermissions', 'getAllPermissions']) {
      const result = expectSuccess<{ items: { name: string; displayName: string; description: null; id: number }[] }>(
        await server.call('GET', svc('Role', method), { token: admin, headers: en }));
      const names = result.items.map((p) => p.name);
      expect([...names].sort()).toEqual(tenantPermissionNames());
      expect(names).not.toContain('Pages.Tenants');
      expect(result.items.find((p) => p.name === 'Pages.Users')).toEqual({ name: 'Pages.Users', displayName: 'Users', description: null, id: 0 });
    }
    const zh = expectSuccess<{ items: { name: string; displayName: string }[] }>(await server.call('GET', svc('Role', 'GetAllPermissions'), { token: admin }));
    expect(zh.items.find((p) => p.name === 'Pages.Users')!.displayName).toBe('用户管理');
    const host = expectSuccess<{ items: { name: string }[] }>(await server.call('GET', svc('Role', 'GetAllPermissions'), { token: await server.token(null, 'admin') }));
    expect(host.items.map((p) => p.name)).toContain('Pages.Tenants');
  });

  it('does not delete the static Admin role, and keeps its name on update', async () => {
    const roles = expectSuccess<Paged>(await server.call('GET', svc('Role', 'GetAll'), { token: admin, query: { Keyword: 'Admin', MaxResultCount: 100 } }));
    const adminRole = roles.items.find((r) => r.name === 'Admin')!;
    expect(adminRole.isStatic).toBe(true);
    const response = await server.call('DELETE', svc('Role', 'Delete'), { token: admin, query: { Id: adminRole.id }, headers: en });
    // ABP's UserFriendlyException: a 500 whose message is for the person, with no validation errors.
    expect(expectError(response, 500)).toEqual(expect.objectContaining({ message: 'A static role cannot be deleted', validationErrors: null }));
    const renamed = expectSuccess(await server.call('PUT', svc('Role', 'Update'), {
      token: admin, body: { ...adminRole, name: 'NotAdmin', displayName: 'Administrators' },
    }));
    expect(renamed).toEqual(expect.objectContaining({ name: 'Admin', normalizedName: 'ADMIN', displayName: 'Administrators', grantedPermissions: tenantPermissionNames() }));
    expectSuccess(await server.call('GET', svc('User', 'GetAll'), { token: admin }));
  });

  it('applies permission changes on the next request: removing Pages.Users from a role gives its users 403 at once', async () => {
    const user = await userWithPermissions(server, admin, 1, ['Pages.Users', 'Pages.Roles']);
    expectSuccess(await server.call('GET', svc('User', 'GetAll'), { token: user.token }));
    const role = expectSuccess(await server.call('GET', svc('Role', 'Get'), { token: admin, query: { Id: user.roleId } }));
    expectSuccess(await server.call('PUT', svc('Role', 'Update'), { token: admin, body: { ...role, grantedPermissions: ['Pages.Roles'] } }));
    expectError(await server.call('GET', svc('User', 'GetAll'), { token: user.token }), 403, true);
    expectSuccess(await server.call('GET', svc('Role', 'GetAll'), { token: user.token }));
    const config = expectSuccess(await server.call('GET', '/AbpUserConfiguration/GetAll', { token: user.token }));
    expect(config.auth.grantedPermissions).toEqual({ 'Pages.Roles': 'true' });
  });

  it('deleting a role takes its permissions away from its users at once', async () => {
    const user = await userWithPermissions(server, admin, 1, ['Pages.Users']);
    expectSuccess(await server.call('GET', svc('User', 'GetAll'), { token: user.token }));
    expectSuccess(await server.call('DELETE', svc('Role', 'Delete'), { token: admin, query: { Id: user.roleId } }));
    expectError(await server.call('GET', svc('User', 'GetAll'), { token: user.token }), 403, true);
    const dto = expectSuccess(await server.call('GET', svc('User', 'Get'), { token: admin, query: { Id: user.id } }));
    expect(dto.roleNames).toEqual([]);
  });
});

describe('Tenant management', () => {
  it('answers 403 to a tenant admin on every Tenant endpoint', async () => {
    const calls: [string, string, object][] = [
      ['GET', 'GetAll', {}], ['GET', 'Get', { query: { Id: 1 } }], ['POST', 'Create', { body: { tenancyName: unique('T'), name: 'x' } }],
      ['PUT', 'Update', { body: { id: 1, tenancyName: 'Default', name: 'Default', isActive: false } }], ['DELETE', 'Delete', { query: { Id: 1 } }],
    ];
    for (const [verb, method, options] of calls) {
      expectError(await server.call(verb, svc('Tenant', method), { token: admin, ...options }), 403, true);
    }
    expect(expectSuccess(await server.call('POST', svc('Account', 'IsTenantAvailable'), { body: { tenancyName: 'Default' } }))).toEqual({ state: 1, tenantId: 1 });
  });

  it('lets the host create a tenant whose admin logs in with 123qwe, choosing a new password, and whose Admin role has every tenant permission', async () => {
    const host = await server.token(null, 'admin');
    const tenancyName = unique('Acme');
    const created = expectSuccess(await server.call('POST', svc('Tenant', 'Create'), { token: host, body: { tenancyName, name: 'Acme Ltd' } }));
    expect(created).toEqual({ id: expect.any(Number), tenancyName, name: 'Acme Ltd', isActive: true, creationTime: expect.stringMatching(CHINA_INSTANT) });
    expect(expectSuccess(await server.call('GET', svc('Tenant', 'Get'), { token: host, query: { Id: created.id } }))).toEqual(created);
    const listed = expectSuccess<Paged>(await server.call('GET', svc('Tenant', 'GetAll'), { token: host, query: { Keyword: tenancyName } }));
    expect(listed).toEqual({ totalCount: 1, items: [created] });

    const token = await completeFirstLogin(server, created.id, 'admin', DEFAULT_PASSWORD, 'Granite55');
    const session = expectSuccess(await server.call('GET', svc('Session', 'GetCurrentLoginInformations'), { token }));
    expect(session.tenant).toEqual({ id: created.id, tenancyName, name: 'Acme Ltd' });
    expect(session.user.emailAddress).toBe('admin@defaulttenant.com');
    const roles = expectSuccess<Paged>(await server.call('GET', svc('Role', 'GetAll'), { token }));
    expect(roles.items).toEqual([expect.objectContaining({ name: 'Admin', isStatic: true, grantedPermissions: tenantPermissionNames() })]);
    const users = expectSuccess<Paged>(await server.call('GET', svc('User', 'GetAll'), { token }));
    expect(users.items).toEqual([expect.objectContaining({ userName: 'admin', roleNames: ['ADMIN'] })]);
  });

  it('validates tenants: the tenancy-name format and uniqueness, and the name', async () => {
    const host = await server.token(null, 'admin');
    expectValidationError(await server.call('POST', svc('Tenant', 'Create'), { token: host, body: { tenancyName: '1bad name', name: 'x' } }), 'tenancyName');
    expectValidationError(await server.call('POST', svc('Tenant', 'Create'), { token: host, body: { tenancyName: 'DEFAULT', name: 'x' } }), 'tenancyName');
    expectValidationError(await server.call('POST', svc('Tenant', 'Create'), { token: host, body: { tenancyName: unique('Ok') } }), 'name');
  });

  it('lets the host delete a tenant: its users can no longer log in or use their tokens', async () => {
    const tenant = await createTenant(server);
    const token = await server.login(tenant.id, 'admin', DEFAULT_PASSWORD);
    const host = await server.token(null, 'admin');
    expect(expectSuccess(await server.call('DELETE', svc('Tenant', 'Delete'), { token: host, query: { Id: tenant.id } }))).toBeNull();
    expectError(await server.call('GET', svc('Tenant', 'Get'), { token: host, query: { Id: tenant.id } }), 404);
    expectError(await server.call('GET', svc('User', 'GetAll'), { token }), 401, true);
    expect(expectSuccess(await server.call('POST', svc('Account', 'IsTenantAvailable'), { body: { tenancyName: tenant.tenancyName } }))).toEqual({ state: 3, tenantId: null });
    const login = await server.call('POST', '/api/TokenAuth/Authenticate', {
      tenantId: tenant.id, headers: en, body: { userNameOrEmailAddress: 'admin', password: DEFAULT_PASSWORD },
    });
    expect(expectError(login, 500).details).toBe(`There is no tenant with id ${tenant.id}`);
  });
});

describe('Account/Register', () => {
  it('is refused with a clear message while self-registration is off (the default), and creates nobody', async () => {
    const userName = unique('self');
    const response = await server.call('POST', svc('Account', 'Register'), {
      tenantId: 1, headers: en,
      body: { name: 'A', surname: 'B', userName, emailAddress: `${userName}@example.com`, password: 'Waste2026ok', captchaResponse: null },
    });
    expect(expectError(response, 500).message).toMatch(/Self-registration is turned off/);
    const users = expectSuccess<Paged>(await server.call('GET', svc('User', 'GetAll'), { token: admin, query: { Keyword: userName } }));
    expect(users.totalCount).toBe(0);
  });
});
