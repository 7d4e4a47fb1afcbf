// A request that fails leaves the database as it found it; rows still in use cannot be deleted; concurrent writers of
// one unique value get one success and clean 400s.
import { createTenant, createUser, expectError, expectSuccess, expectValidationError, ok } from '../support/server-fixtures';
import { svc, unique, useTestServer } from '../support/server-harness';

type Paged = { totalCount: number; items: Record<string, any>[] };

const server = useTestServer();
let admin: string;
let host: string;
beforeAll(async () => {
  admin = await server.token(1, 'admin');
  host = await server.token(null, 'admin');
});
const en = { 'Accept-Language': 'en' };
const count = async (sql: string, params: (string | number)[] = []) =>
  (await server.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0].n;

async function freeCategoryCode(): Promise<string> {
  const taken = new Set(ok<Paged>(await server.call('GET', svc('Wastecategory', 'GetAll'), { token: admin, query: { MaxResultCount: 1000 } }), 'list').items.map((c) => c.code));
  for (let n = 99; n > 0; n--) {
    const code = `HW${String(n).padStart(2, '0')}`;
    if (!taken.has(code)) return code;
  }
  throw new Error('no free category code');
}

describe('failed requests change nothing', () => {
  it('Tenant/Create with a duplicate tenancy name leaves tenants, users and roles as they were', async () => {
    const tenant = await createTenant(server);
    const before = { tenants: await count('tenants'), users: await count('users'), roles: await count('roles'), codes: await count('waste_code') };
    const response = await server.call('POST', svc('Tenant', 'Create'), { token: host, body: { tenancyName: tenant.tenancyName.toLowerCase(), name: 'Copy' } });
    expectValidationError(response, 'tenancyName');
    const after = { tenants: await count('tenants'), users: await count('users'), roles: await count('roles'), codes: await count('waste_code') };
    expect(after).toEqual(before);
  });

  it('User/Create that fails after inserting the user (unknown role) leaves no user behind', async () => {
    const userName = unique('ghost');
    const before = await count('users');
    const response = await server.call('POST', svc('User', 'Create'), {
      token: admin, body: { userName, name: 'n', surname: 's', emailAddress: `${userName}@example.com`, isActive: true, roleNames: ['Admin', 'NoSuchRole'], password: 'Secret123' },
    });
    expectValidationError(response, 'roleNames');
    expect(await count('users')).toBe(before);
    expect(await count('users where user_name = $1', [userName])).toBe(0);
    expect(await count('user_roles ur join users u on u.id = ur.user_id where u.user_name = $1', [userName])).toBe(0);
    // The name was never taken.
    await createUser(server, admin, 1, { userName });
  });

  it('User/Update that fails on its roles keeps the user\'s details and roles', async () => {
    const user = await createUser(server, admin, 1, { roleNames: ['Admin'] });
    const dto = expectSuccess(await server.call('GET', svc('User', 'Get'), { token: admin, query: { Id: user.id } }));
    const response = await server.call('PUT', svc('User', 'Update'), { token: admin, body: { ...dto, name: 'Changed', roleNames: ['NoSuchRole'] } });
    expectValidationError(response, 'roleNames');
    expect(expectSuccess(await server.call('GET', svc('User', 'Get'), { token: admin, query: { Id: user.id } }))).toEqual(dto);
  });

  it('a Create refused by a database check (reference to a missing row) leaves no row', async () => {
    const before = await count('waste_code');
    const code = '999-999-99';
    const response = await server.call('POST', svc('Wastecode', 'Create'), {
      token: admin, body: { code, wastecategoryId: 987654321, description: 'x', hazardCharacteristics: ['T'] },
    });
    expectValidationError(response, 'wastecategoryId');
    expect(await count('waste_code')).toBe(before);
    expect(await count('waste_code where code = $1', [code])).toBe(0);
  });
});

describe('rows still in use', () => {
  it('refuses to delete a waste category that codes still reference (400) and keeps it', async () => {
    const hw49 = ok<Paged>(await server.call('GET', svc('Wastecategory', 'GetAll'), { token: admin, query: { Keyword: 'HW49' } }), 'list').items[0];
    const response = await server.call('DELETE', svc('Wastecategory', 'Delete'), { token: admin, query: { Id: hw49.id }, headers: en });
    const error = expectValidationError(response, 'id');
    expect(error.validationErrors![0].message).toBe('Still in use, cannot be deleted: Waste codes 11');
    expect(expectSuccess(await server.call('GET', svc('Wastecategory', 'Get'), { token: admin, query: { Id: hw49.id } }))).toEqual(hw49);
    expect(ok<Paged>(await server.call('GET', svc('Wastecategory', 'GetAll'), { token: admin, query: { MaxResultCount: 1 } }), 'list').totalCount).toBe(46);
    expect(ok<Paged>(await server.call('GET', svc('Wastecode', 'GetAll'), { token: admin, query: { wastecategoryId: hw49.id } }), 'list').totalCount).toBe(11);
  });

  it('deletes a category once its last code is gone', async () => {
    const code = await freeCategoryCode();
    const category = expectSuccess(await server.call('POST', svc('Wastecategory', 'Create'), { token: admin, body: { code, name: 'temporary' } }));
    const wastecode = expectSuccess(await server.call('POST', svc('Wastecode', 'Create'), {
      token: admin, body: { code: `900-990-${code.slice(2)}`, wastecategoryId: category.id, description: 'temporary', hazardCharacteristics: ['T'] },
    }));
    expectValidationError(await server.call('DELETE', svc('Wastecategory', 'Delete'), { token: admin, query: { Id: category.id } }), 'id');
    expectSuccess(await server.call('DELETE', svc('Wastecode', 'Delete'), { token: admin, query: { Id: wastecode.id } }));
    expectSuccess(await server.call('DELETE', svc('Wastecategory', 'Delete'), { token: admin, query: { Id: category.id } }));
    expectError(await server.call('GET', svc('Wastecategory', 'Get'), { token: admin, query: { Id: category.id } }), 404);
  });

  it('refuses to delete an industry category that has children', async () => {
    const [division] = ok<Paged>(await server.call('GET', svc('Industrycategory', 'GetAll'), { token: admin, query: { level: 'division', MaxResultCount: 1 } }), 'list').items;
    expectValidationError(await server.call('DELETE', svc('Industrycategory', 'Delete'), { token: admin, query: { Id: division.id } }), 'id');
    expectSuccess(await server.call('GET', svc('Industrycategory', 'Get'), { token: admin, query: { Id: division.id } }));
  });
});

describe('concurrent writers', () => {
  it('of one unique code: exactly one Create succeeds, the others get 400, none 500', async () => {
    const code = await freeCategoryCode();
    const responses = await Promise.all(Array.from({ length: 6 }, (_, i) =>
      server.call('POST', svc('Wastecategory', 'Create'), { token: admin, body: { code, name: `racer ${i}` } })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400]);
    // Losers are told which field clashed, like a sequential duplicate, and see no database internals.
    for (const response of responses.filter((r) => r.status === 400)) {
      expectValidationError(response, 'code');
      expect(response.text).not.toMatch(/constraint|duplicate key|_uq\b/i);
    }
    expect(ok<Paged>(await server.call('GET', svc('Wastecategory', 'GetAll'), { token: admin, query: { Keyword: code } }), 'list').totalCount).toBe(1);
  });

  it('of one user name: exactly one User/Create succeeds, none 500', async () => {
    const userName = unique('race');
    const responses = await Promise.all(Array.from({ length: 4 }, (_, i) =>
      server.call('POST', svc('User', 'Create'), {
        token: admin, body: { userName, name: 'n', surname: 's', emailAddress: `${userName}${i}@example.com`, isActive: true, roleNames: [], password: 'Secret123' },
      })));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    for (const response of responses.filter((r) => r.status === 400)) {
      expectValidationError(response, 'userName');
      expect(response.text).not.toMatch(/constraint|duplicate key|_uq\b/i);
    }
    expect(await count('users where user_name = $1 and not is_deleted', [userName])).toBe(1);
  });
});
