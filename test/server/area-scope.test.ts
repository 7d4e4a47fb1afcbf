// Users linked to areas (a street office's clerks): they read and change only what lies within their areas, by list
// and by id, see the areas above theirs read-only, and hand out no more than they have.
import { createRole, createUser, expectError, expectSuccess, expectValidationError, ok, type Dto } from '../support/server-fixtures';
import { recyclingWorld } from '../support/recycling-world';
import { POSITIONS_PATH } from '../../src/shared/recycling';
import { sampleForCheck } from '../support/resource-values';
import { svc, unique, useTestServer } from '../support/server-harness';

interface Paged { totalCount: number; items: Dto[] }

const server = useTestServer();
let admin: string;

const call = (token: string, verb: 'GET' | 'POST' | 'PUT' | 'DELETE', service: string, method: string, data?: Record<string, unknown>) =>
  server.call(verb, svc(service, method), verb === 'GET' || verb === 'DELETE' ? { token, query: data as Record<string, number> } : { token, body: data });
const create = async (service: string, body: Record<string, unknown>, token = admin) => ok<Dto>(await call(token, 'POST', service, 'Create', body), `${service}/Create`);
const ids = async (token: string, service: string, query: Record<string, unknown> = {}) =>
  ok<Paged>(await call(token, 'GET', service, 'GetAll', { MaxResultCount: 1000, ...query }), `${service}/GetAll`).items.map((r) => r.id).sort((a, b) => a - b);

const { household: enrol } = recyclingWorld(server, () => admin);
let world: Awaited<ReturnType<typeof buildWorld>>;
let clerk: { id: number; token: string };

async function buildWorld() {
  const tag = unique('');
  const d1 = await create('Qarea', { name: `东区${tag}` });
  const d2 = await create('Qarea', { name: `西区${tag}` });
  const street = async (d: Dto, name: string) => create('Sarea', { qareaId: d.id, name: name + tag });
  const s1 = await street(d1, '一街');
  const s2 = await street(d1, '二街');
  const s3 = await street(d2, '三街');
  const place = async (s: Dto) => {
    const c = await create('Carea', { qareaId: s.qareaId, sareaId: s.id, name: unique('社区') });
    const v = await create('Varea', { qareaId: s.qareaId, sareaId: s.id, careaId: c.id, name: unique('小区') });
    return { qareaId: s.qareaId as number, sareaId: s.id, careaId: c.id, vareaId: v.id };
  };
  const p1 = await place(s1);
  const p2 = await place(s2);
  return { d1, d2, s1, s2, s3, p1, p2, h1: await enrol(p1), h2: await enrol(p2) };
}

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  world = await buildWorld();
  const role = await createRole(server, admin, ['Pages.Area', 'Pages.BHUsers', 'Pages.Users', 'Pages.IgcsCollector', 'Pages.Rblist']);
  const user = await createUser(server, admin, 1, { roleNames: [role.name] });
  expectSuccess(await call(admin, 'PUT', 'User', 'Update', {
    id: user.id, userName: user.userName, name: 'Test', surname: 'User', emailAddress: user.emailAddress, isActive: true, sareaIds: [world.s1.id],
  }));
  clerk = { id: user.id, token: await server.login(1, user.userName, user.password) };
});

it('shows the links on the user, by the level each names', async () => {
  const dto = ok<Dto>(await call(admin, 'GET', 'User', 'Get', { Id: clerk.id }), 'User/Get');
  expect(dto).toMatchObject({ qareaIds: [], sareaIds: [world.s1.id], careaIds: [], vareaIds: [] });
});

it('lists only what lies within the street, and the district above it', async () => {
  expect(await ids(clerk.token, 'Qarea')).toEqual([world.d1.id]);
  expect(await ids(clerk.token, 'Sarea')).toEqual([world.s1.id]);
  expect(await ids(clerk.token, 'Carea')).toEqual([world.p1.careaId]);
  expect(await ids(clerk.token, 'Varea')).toEqual([world.p1.vareaId]);
  expect(await ids(clerk.token, 'BHUsers')).toEqual([world.h1]);
  const picker = ok<Dto[]>(await call(clerk.token, 'GET', 'Sarea', 'GetAllData', { qareaId: world.d1.id }), 'GetAllData');
  expect(picker.map((s) => s.id)).toEqual([world.s1.id]);
});

it('answers 404 for rows outside, by id, on Get, Update and Delete', async () => {
  expectError(await call(clerk.token, 'GET', 'BHUsers', 'Get', { Id: world.h2 }), 404);
  expectError(await call(clerk.token, 'PUT', 'BHUsers', 'Update', { id: world.h2, members: 5 }), 404);
  expectError(await call(clerk.token, 'DELETE', 'BHUsers', 'Delete', { Id: world.h2 }), 404);
  expectError(await call(clerk.token, 'GET', 'Sarea', 'Get', { Id: world.s2.id }), 404);
  const [row] = await server.db.query<{ members: number; is_deleted: boolean }>('select members, is_deleted from scheme_user where id = $1', [world.h2]);
  expect(row).toEqual({ members: 2, is_deleted: false });
});

it('writes within the street only: households and communities in it, not streets or districts', async () => {
  expect(ok<Dto>(await call(clerk.token, 'POST', 'BHUsers', 'Create', {
    name: '本街住户', cardNo: '55667788', members: 1, roleLevel: 1, enrolDate: '2026-01-05', status: 1, ...world.p1,
  }), 'BHUsers').sareaId).toBe(world.s1.id);
  expectValidationError(await call(clerk.token, 'POST', 'BHUsers', 'Create', {
    name: '外街住户', cardNo: '99887766', members: 1, roleLevel: 1, enrolDate: '2026-01-05', status: 1, ...world.p2,
  }), 'vareaId');
  expect(ok<Dto>(await call(clerk.token, 'POST', 'Carea', 'Create', { qareaId: world.d1.id, sareaId: world.s1.id, name: unique('新社区') }), 'Carea').id).toBeGreaterThan(0);
  expectValidationError(await call(clerk.token, 'POST', 'Sarea', 'Create', { qareaId: world.d1.id, name: unique('新街') }), 'qareaId');
  expectError(await call(clerk.token, 'POST', 'Qarea', 'Create', { name: unique('新区') }), 403, true);
  // The district above is visible, not the clerk's to change.
  expectError(await call(clerk.token, 'PUT', 'Qarea', 'Update', { id: world.d1.id, name: unique('改名') }), 403, true);
  expectError(await call(clerk.token, 'DELETE', 'Qarea', 'Delete', { Id: world.d1.id }), 403, true);
});

it('places a record where its household lives: within the street, not outside it', async () => {
  const body = (householdId: number) => ({ householdId, rubbishType2: 11, weight: 1.5, recordTime: '2026-06-01T10:00:00' });
  expect(ok<Dto>(await call(clerk.token, 'POST', 'Rblist', 'Create', body(world.h1)), 'Rblist/Create')).toMatchObject({ sareaId: world.s1.id });
  expectValidationError(await call(clerk.token, 'POST', 'Rblist', 'Create', body(world.h2)), 'vareaId');
  expect(await server.db.query('select 1 from recycling_record where household_id = $1', [world.h2])).toHaveLength(0);
});

it('sees the collectors serving a community of its street, and changes only those serving none outside it', async () => {
  const body = (name: string, careaIds: number[]) => ({ name, phone: '13900001111', idCardNumber: sampleForCheck('idCard'), careaIds, status: 1 });
  const inside = await create('Igcs_Collector', body('本街回收员', [world.p1.careaId]));
  const both = await create('Igcs_Collector', body('两街回收员', [world.p1.careaId, world.p2.careaId]));
  const outside = await create('Igcs_Collector', body('外街回收员', [world.p2.careaId]));
  expect(both).toMatchObject({ qareaIds: [world.d1.id], sareaIds: [world.s1.id, world.s2.id].sort((a, b) => a - b) });

  expect(await ids(clerk.token, 'Igcs_Collector')).toEqual([inside.id, both.id].sort((a, b) => a - b));
  expectError(await call(clerk.token, 'GET', 'Igcs_Collector', 'Get', { Id: outside.id }), 404);
  expectError(await call(clerk.token, 'DELETE', 'Igcs_Collector', 'Delete', { Id: outside.id }), 404);
  expect(ok<Dto>(await call(clerk.token, 'PUT', 'Igcs_Collector', 'Update', { ...body('本街回收员', [world.p1.careaId]), id: inside.id, name: '改名回收员' }),
    'Igcs_Collector/Update')).toMatchObject({ name: '改名回收员' });
  // Serving a community of another street too, it is not the street's alone to change.
  expectValidationError(await call(clerk.token, 'PUT', 'Igcs_Collector', 'Update', { ...body('两街回收员', [world.p1.careaId, world.p2.careaId]), id: both.id }), 'careaIds');
  expectValidationError(await call(clerk.token, 'POST', 'Igcs_Collector', 'Create', body('新回收员', [world.p2.careaId])), 'careaIds');
  const mine = ok<Dto>(await call(clerk.token, 'POST', 'Igcs_Collector', 'Create', body('新回收员', [world.p1.careaId])), 'Igcs_Collector/Create');
  expect(mine).toMatchObject({ qareaIds: [world.d1.id], sareaIds: [world.s1.id] });

  // On the map likewise: the positions of the street's collectors only.
  const now = new Date().toISOString();
  for (const who of [inside, outside]) {
    expectSuccess(await server.call('POST', POSITIONS_PATH, { headers: { 'X-Device-Key': String(who.deviceKey) }, body: { positions: [{ longitude: 120.1, latitude: 30.2, at: now }] } }));
  }
  const seen = ok<{ items: Dto[] }>(await call(clerk.token, 'GET', 'Igcs_Location', 'GetAll'), 'Igcs_Location/GetAll');
  expect(seen.items.map((i) => i.collectorId)).toEqual([inside.id]);
});

it('hands out only areas within its own, and a new user it makes works in them too', async () => {
  const role = await createRole(server, admin, ['Pages.BHUsers']);
  const body = (extra: Record<string, unknown>) => ({
    userName: unique('u'), name: 'N', surname: 'S', emailAddress: `${unique('m')}@example.com`, isActive: true, roleNames: [role.name], password: 'Passw0rd!', ...extra,
  });
  expectValidationError(await call(clerk.token, 'POST', 'User', 'Create', body({ sareaIds: [world.s2.id] })), 'sareaIds');
  expectValidationError(await call(clerk.token, 'POST', 'User', 'Create', body({ sareaIds: [] })), 'qareaIds');
  const made = ok<Dto>(await call(clerk.token, 'POST', 'User', 'Create', body({ careaIds: [world.p1.careaId] })), 'User/Create');
  expect(made).toMatchObject({ sareaIds: [], careaIds: [world.p1.careaId] });
  const inherited = ok<Dto>(await call(clerk.token, 'POST', 'User', 'Create', body({})), 'User/Create');
  expect(inherited).toMatchObject({ sareaIds: [world.s1.id] });
});

it('follows its street to another district', async () => {
  const tag = unique('');
  const d = await create('Qarea', { name: `北区${tag}` });
  const s = await create('Sarea', { qareaId: d.id, name: `四街${tag}` });
  const role = await createRole(server, admin, ['Pages.Area']);
  const user = await createUser(server, admin, 1, { roleNames: [role.name] });
  expectSuccess(await call(admin, 'PUT', 'User', 'Update', {
    id: user.id, userName: user.userName, name: 'T', surname: 'U', emailAddress: user.emailAddress, isActive: true, sareaIds: [s.id],
  }));
  const token = await server.login(1, user.userName, user.password);
  expect(await ids(token, 'Qarea')).toEqual([d.id]);
  expectSuccess(await call(admin, 'PUT', 'Sarea', 'Update', { id: s.id, qareaId: world.d2.id, name: s.name }));
  expect(await ids(token, 'Qarea')).toEqual([world.d2.id]);
  expect(await ids(token, 'Sarea')).toEqual([s.id]);
});
