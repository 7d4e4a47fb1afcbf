// ABP's wire conventions every endpoint shares: the envelope, status codes, routing and input binding.
import { createUser, expectError, expectSuccess, expectValidationError } from '../support/server-fixtures';
import { hasStackTrace, svc, useTestServer } from '../support/server-harness';

const server = useTestServer();
let admin: string;
beforeAll(async () => {
  admin = await server.token(1, 'admin');
});
const en = { 'Accept-Language': 'en' };

describe('envelope', () => {
  it('wraps a success: result, targetUrl null, success true, error null, unAuthorizedRequest false, __abp true', async () => {
    const response = await server.call('GET', svc('Wastecategory', 'GetAll'), { token: admin, query: { MaxResultCount: 2 } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(response.body).sort()).toEqual(['__abp', 'error', 'result', 'success', 'targetUrl', 'unAuthorizedRequest']);
    expect(response.body).toEqual({
      result: { totalCount: 46, items: [expect.any(Object), expect.any(Object)] },
      targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true,
    });
  });

  it('writes result null for methods that return nothing', async () => {
    const response = await server.call('POST', svc('Notification', 'MarkAllAsRead'), { token: admin, body: { type: 1 } });
    expect(response.body).toEqual({ result: null, targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true });
  });

  it('binds an empty POST body as an empty input', async () => {
    const response = await server.call('POST', svc('Notification', 'MarkAllAsRead'), { token: admin, body: '' });
    expectSuccess(response);
  });
});

describe('status codes', () => {
  it('400: validation errors name the members in camelCase', async () => {
    const response = await server.call('POST', svc('Wastecategory', 'Create'), {
      token: admin, headers: en, body: { Code: 'bad', description: 'x' },
    });
    const error = expectError(response, 400);
    expect(error.message).toBe('Your request is not valid!');
    expect(error.details).toMatch(/^The following errors were detected during validation\.\n - /);
    const members = error.validationErrors!.map((e) => e.members).sort();
    expect(members).toEqual([['code'], ['name']]);
    expect(error.validationErrors!.find((e) => e.members[0] === 'name')!.message).toBe('Category name is required');
  });

  it('400: the validation message is localised (zh-CN by default)', async () => {
    const response = await server.call('POST', svc('Wastecategory', 'Create'), { token: admin, body: { code: 'HW99' } });
    const error = expectError(response, 400);
    expect(error.message).toBe('请求无效！');
    expect(error.validationErrors).toEqual([{ message: '类别名称不能为空', members: ['name'] }]);
  });

  it('401 with unAuthorizedRequest true when nobody is logged in', async () => {
    const response = await server.call('GET', svc('Wastecode', 'GetAll'), { headers: en });
    expect(expectError(response, 401, true)).toEqual({
      code: 0, message: 'Current user did not login to the application!', details: null, validationErrors: null,
    });
    expect(expectError(await server.call('GET', svc('Wastecode', 'GetAll')), 401, true).message).toBe('当前用户未登录！');
  });

  it('401 comes before input checks: an anonymous bad request learns nothing', async () => {
    expectError(await server.call('DELETE', svc('Wastecode', 'Delete'), { query: { Id: 'abc' } }), 401, true);
  });

  it('403 with unAuthorizedRequest true and the permission\'s display name when it is missing', async () => {
    const user = await createUser(server, admin, 1);
    const token = await server.login(1, user.userName, user.password);
    const response = await server.call('GET', svc('Wastecode', 'GetAll'), { token, headers: en });
    expect(expectError(response, 403, true)).toEqual({
      code: 0,
      message: 'Required permissions are not granted. At least one of these permissions must be granted: Waste codes',
      details: null,
      validationErrors: null,
    });
  });

  it('404 with ABP\'s entity-not-found message', async () => {
    const response = await server.call('GET', svc('Wastecode', 'Get'), { token: admin, query: { Id: 99999999 }, headers: en });
    expect(expectError(response, 404)).toEqual({
      code: 0, message: 'There is no entity Wastecode with id = 99999999!', details: null, validationErrors: null,
    });
  });

  it('404 with an EMPTY body for an unknown service or method', async () => {
    for (const path of [svc('Wastecode', 'NoSuchMethod'), svc('NoSuchService', 'GetAll'), '/api/services/app/Wastecode']) {
      const response = await server.call('GET', path, { token: admin });
      expect({ path, status: response.status, text: response.text }).toEqual({ path, status: 404, text: '' });
    }
  });

  it('405 with an EMPTY body for the wrong verb', async () => {
    const cases: [string, string][] = [
      ['POST', svc('Wastecode', 'GetAll')],
      ['GET', svc('Wastecode', 'Create')],
      ['POST', svc('Wastecode', 'Update')],
      ['GET', svc('Wastecode', 'Delete')],
      ['PATCH', svc('Wastecode', 'Update')],
    ];
    for (const [method, path] of cases) {
      const response = await server.call(method, path, { token: admin, body: method === 'GET' ? undefined : {} });
      expect({ method, path, status: response.status, text: response.text }).toEqual({ method, path, status: 405, text: '' });
    }
  });
});

describe('routing and binding', () => {
  it('matches service, method and query parameter names case-insensitively', async () => {
    const lower = expectSuccess(await server.call('GET', '/api/services/app/wastecode/getall', { token: admin, query: { maxresultcount: 3 } }));
    expect(lower.items).toHaveLength(3);
    expect(lower.totalCount).toBe(467);
    const upper = expectSuccess(await server.call('GET', '/API/SERVICES/APP/WASTECODE/GETALL', { token: admin, query: { MAXRESULTCOUNT: 3, SKIPCOUNT: 3 } }));
    expect(upper.items).toHaveLength(3);
    expect(upper.items.map((i: { id: number }) => i.id)).not.toEqual(lower.items.map((i: { id: number }) => i.id));
  });

  it('binds JSON body members case-insensitively (Angular sends PascalCase)', async () => {
    const response = await server.call('POST', svc('Account', 'IsTenantAvailable'), { body: { TenancyName: 'Default' } });
    expect(expectSuccess(response)).toEqual({ state: 1, tenantId: 1 });
  });

  it('defaults MaxResultCount to 10', async () => {
    const result = expectSuccess(await server.call('GET', svc('Wastecode', 'GetAll'), { token: admin }));
    expect(result.items).toHaveLength(10);
  });

  it('accepts MaxResultCount 1000 and refuses 1001 with a 400 naming maxResultCount', async () => {
    const page = expectSuccess(await server.call('GET', svc('Industrycategory', 'GetAll'), { token: admin, query: { MaxResultCount: 1000 } }));
    expect(page.items).toHaveLength(1000);
    expect(page.totalCount).toBe(1971);
    expectValidationError(await server.call('GET', svc('Industrycategory', 'GetAll'), { token: admin, query: { MaxResultCount: 1001 } }), 'maxResultCount');
  });

  it('refuses MaxResultCount 0, a negative SkipCount and non-numbers with 400', async () => {
    expectValidationError(await server.call('GET', svc('Wastecode', 'GetAll'), { token: admin, query: { MaxResultCount: 0 } }), 'maxResultCount');
    expectValidationError(await server.call('GET', svc('Wastecode', 'GetAll'), { token: admin, query: { SkipCount: -1 } }), 'skipCount');
    expectValidationError(await server.call('GET', svc('Wastecode', 'GetAll'), { token: admin, query: { SkipCount: 'ten' } }), 'skipCount');
  });

  it('refuses ids and offsets beyond the database\'s integer range with a 400, not a 500', async () => {
    const huge = '99999999999999999999';
    expectValidationError(await server.call('GET', svc('Wastecode', 'Get'), { token: admin, query: { Id: huge } }), 'id');
    expectValidationError(await server.call('GET', svc('Wastecode', 'GetAll'), { token: admin, query: { SkipCount: huge } }), 'skipCount');
    expectValidationError(await server.call('DELETE', svc('Wastecode', 'Delete'), { token: admin, query: { Id: huge } }), 'id');
  });

  it('treats "" and "null" query values as absent, as ASP.NET binding does', async () => {
    const result = expectSuccess(await server.call('GET', svc('Wastecode', 'GetAll'), { token: admin, query: { Keyword: '', Sorting: 'null', SkipCount: '' } }));
    expect(result.totalCount).toBe(467);
  });

  it('sorts by declared sortable fields only; unknown fields and SQL are a 400 and the table still works', async () => {
    const path = svc('Wastecode', 'GetAll');
    const desc = expectSuccess(await server.call('GET', path, { token: admin, query: { Sorting: 'code desc', MaxResultCount: 2 } }));
    expect(desc.items[0].code >= desc.items[1].code).toBe(true);
    for (const sorting of ['password_hash', 'description', 'code; drop table users', 'code desc; drop table users --', 'code sideways', '(select 1)', 'code desc nulls first']) {
      const response = await server.call('GET', path, { token: admin, query: { Sorting: sorting }, headers: en });
      const error = expectValidationError(response, 'sorting');
      expect(error.message).toBe('Your request is not valid!');
    }
    expect(expectSuccess(await server.call('GET', path, { token: admin })).totalCount).toBe(467);
    expect(expectSuccess(await server.call('GET', svc('User', 'GetAll'), { token: admin })).totalCount).toBeGreaterThanOrEqual(1);
  });

  it('treats Keyword as text: LIKE wildcards and quotes match literally', async () => {
    const path = svc('Wastecode', 'GetAll');
    expect(expectSuccess(await server.call('GET', path, { token: admin, query: { Keyword: '%' } })).totalCount).toBe(0);
    expect(expectSuccess(await server.call('GET', path, { token: admin, query: { Keyword: '_' } })).totalCount).toBe(0);
    expect(expectSuccess(await server.call('GET', path, { token: admin, query: { Keyword: "' or 1=1 --" } })).totalCount).toBe(0);
    expect(expectSuccess(await server.call('GET', path, { token: admin, query: { Keyword: '900-041-49' } })).totalCount).toBe(1);
  });

  it('refuses a bad filter value with a 400 rather than an empty list', async () => {
    expectValidationError(await server.call('GET', svc('Wastecode', 'GetAll'), { token: admin, query: { wastecategoryId: 'abc' } }), 'wastecategoryId');
    expectValidationError(await server.call('GET', svc('Industrycategory', 'GetAll'), { token: admin, query: { level: 'planet' } }), 'level');
  });
});

describe('malformed input', () => {
  it('answers a malformed JSON body with a 400 envelope and no stack trace', async () => {
    const response = await server.call('POST', svc('Wastecategory', 'Create'), { token: admin, body: '{"code": "HW98", ', headers: en });
    const error = expectError(response, 400);
    expect(error.message).toBe('Your request is not valid!');
    expect(hasStackTrace(response.text)).toBe(false);
  });

  it('answers a JSON array or scalar body with a 400 envelope', async () => {
    for (const body of ['[1,2]', '42', '"text"']) {
      const response = await server.call('POST', svc('Wastecategory', 'Create'), { token: admin, body });
      expectError(response, 400);
    }
  });

  it('answers malformed login bodies with a 400 envelope', async () => {
    expectError(await server.call('POST', '/api/TokenAuth/Authenticate', { body: '{oops' }), 400);
    expectError(await server.call('POST', '/api/TokenAuth/Authenticate', { body: '[]' }), 400);
    expectError(await server.call('POST', '/api/TokenAuth/Authenticate', { body: 'null' }), 400);
  });

  it('refuses text containing U+0000 (which PostgreSQL cannot store) with a 400, not a 500', async () => {
    const nul = 'a\u0000b';
    expectValidationError(await server.call('POST', svc('Wastecategory', 'Create'), { token: admin, body: { code: 'HW97', name: nul } }), 'name');
    expectError(await server.call('GET', svc('Wastecategory', 'GetAll'), { token: admin, query: { Keyword: nul } }), 400);
    expectError(await server.call('POST', '/api/TokenAuth/Authenticate', { tenantId: 1, body: { userNameOrEmailAddress: nul, password: 'x' } }), 400);
    expectError(await server.call('POST', svc('Account', 'IsTenantAvailable'), { body: { tenancyName: nul } }), 400);
  });

  it('refuses U+0000 in any string of any body, the user module\'s included, naming the field; nothing is stored', async () => {
    const userName = `nul${Date.now()}`;
    for (const [member, body] of [
      ['emailAddress', { userName, name: 'N', surname: 'S', emailAddress: 'a\u0000@example.com', password: 'Passw0rd!' }],
      ['surname', { userName, name: 'N', surname: 'S\u0000', emailAddress: `${userName}@example.com`, password: 'Passw0rd!' }],
    ] as const) {
      const error = expectValidationError(await server.call('POST', svc('User', 'Create'), { token: admin, body }), member);
      expect(error.validationErrors!.flatMap((e) => e.members)).toEqual([member]);
    }
    const users = expectSuccess<{ totalCount: number }>(await server.call('GET', svc('User', 'GetAll'), { token: admin, query: { Keyword: userName } }));
    expect(users.totalCount).toBe(0);
  });

  it('refuses a body nested deeper than 64 levels with a 400 naming the field, not a 500', async () => {
    const created = expectSuccess<{ id: number }>(await server.call('POST', svc('Wastecategory', 'Create'), { token: admin, body: { code: 'HW96', name: 'deep' } }));
    const deep = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;
    for (const body of [`{"id":${deep(50_000)},"name":"changed"}`, `{"id":${created.id},"name":"changed","description":${deep(65)}}`]) {
      const response = await server.call('PUT', svc('Wastecategory', 'Update'), { token: admin, body, headers: { 'content-type': 'application/json' } });
      const error = expectError(response, 400);
      expect(error.validationErrors!.flatMap((e) => e.members)).toEqual([body.startsWith('{"id":[') ? 'id' : 'description']);
    }
    const stored = expectSuccess<{ name: string }>(await server.call('GET', svc('Wastecategory', 'Get'), { token: admin, query: { Id: created.id } }));
    expect(stored.name).toBe('deep');
  });

  it('does not read a one-element array as the number in it', async () => {
    const created = expectSuccess<{ id: number }>(await server.call('POST', svc('Wastecategory', 'Create'), { token: admin, body: { code: 'HW95', name: 'one' } }));
    expectValidationError(await server.call('PUT', svc('Wastecategory', 'Update'), { token: admin, body: { id: [created.id], code: 'HW95', name: 'changed' } }), 'id');
    expectValidationError(await server.call('DELETE', `${svc('Wastecategory', 'Delete')}?Id=${created.id}&Id=${created.id}`, { token: admin }), 'id');
    const stored = expectSuccess<{ name: string }>(await server.call('GET', svc('Wastecategory', 'Get'), { token: admin, query: { Id: created.id } }));
    expect(stored.name).toBe('one');
  });

  it('never leaks a stack trace or SQL in any error body', async () => {
    const responses = await Promise.all([
      server.call('POST', svc('Wastecategory', 'Create'), { token: admin, body: '{' }),
      server.call('POST', svc('Wastecategory', 'Create'), { token: admin, body: 'x', headers: { 'content-type': 'text/plain' } }),
      server.call('GET', svc('Wastecode', 'Get'), { token: admin, query: { Id: '1e400' } }),
      server.call('GET', svc('Wastecode', 'GetAll'), { token: admin, query: { Sorting: "code'" } }),
      server.call('PUT', svc('Wastecode', 'Update'), { token: admin, body: { id: 1, hazardCharacteristics: [{}] } }),
      server.call('POST', svc('User', 'Create'), { token: admin, body: { userName: ['a'], password: 5 } }),
    ]);
    for (const response of responses) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(hasStackTrace(response.text)).toBe(false);
      expect(response.text).not.toMatch(/select |insert into|update .* set |postgres|pglite/i);
      expect(response.body.__abp).toBe(true);
    }
  });
});
