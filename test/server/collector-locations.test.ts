// Collectors' positions: reported by their phones in batches, each with the collector's own device key, read back by
// users as everyone's latest of a China day and as one collector's track of that day.
import { POSITIONS_PATH } from '../../src/shared/recycling';
import { sampleForCheck } from '../support/resource-values';
import { recyclingWorld } from '../support/recycling-world';
import { createTenant, expectError, expectSuccess, expectValidationError, ok, userWithPermissions, type Dto } from '../support/server-fixtures';
import { svc, unique, useTestServer } from '../support/server-harness';

interface Day { date: string; items: Dto[] }

const server = useTestServer();
let admin: string;
const world = recyclingWorld(server, () => admin);
/** Each collector's phone key, as its Create (or RegenerateKey) answered it. */
const phones = new Map<number, string>();
const sendAs = (deviceKey: string, body: Record<string, unknown>) => server.call('POST', POSITIONS_PATH, { headers: { 'X-Device-Key': deviceKey }, body });
const report = (collectorId: number, positions: unknown[]) => sendAs(phones.get(collectorId)!, { positions });
const stored = async (collectorId: number) =>
  Number((await server.db.query<{ n: number }>('select count(*)::int as n from collector_location where collector_id = $1', [collectorId]))[0].n);
let first: number;
let second: number;

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  const where = await world.place();
  const collector = async (name: string) => {
    const created = await world.create('Igcs_Collector', {
      name, phone: '13900002222', idCardNumber: sampleForCheck('idCard'), careaIds: [where.careaId], status: 1,
    });
    phones.set(created.id, String(created.deviceKey));
    return created.id;
  };
  first = await collector('张师傅');
  second = await collector('李师傅');
});

// The positions below were taken on 1 and 3 August: the server's clock reads the 3rd, so that they are recent.
beforeEach(() => server.clock.travelTo('2026-08-03T12:00:00+08:00'));
afterEach(() => server.clock.reset());

it('stores a report and answers each collector\'s latest position of the China day, and the day\'s track', async () => {
  // 23:50 China time on 1 August is still that day; 00:10 on the 2nd is the next.
  expectSuccess(await report(first, [
    { longitude: 120.1, latitude: 30.2, at: '2026-08-01T08:00:00+08:00' },
    { longitude: 120.11, latitude: 30.21, at: '2026-08-01T15:50:00Z' },
    { longitude: 120.12, latitude: 30.22, at: '2026-08-01T09:30:00+08:00' },
    { longitude: 121, latitude: 31, at: '2026-08-01T16:10:00Z' },
  ]));
  expectSuccess(await report(second, [{ longitude: 120.3, latitude: 30.3, at: '2026-08-01T10:00:00+08:00' }]));

  const day = ok<Day>(await server.call('GET', svc('Igcs_Location', 'GetAll'), { token: admin, query: { Date: '2026-08-01' } }), 'GetAll');
  const latest = Object.fromEntries(day.items.map((r: Dto) => [r.collectorId, [r.longitude, r.latitude]]));
  expect(latest).toEqual({ [first]: [120.11, 30.21], [second]: [120.3, 30.3] });

  const track = ok<Day>(await server.call('GET', svc('Igcs_Location', 'GetTrack'), { token: admin, query: { CollectorId: first, Date: '2026-08-01' } }), 'GetTrack');
  expect(track.items.map((p: Dto) => p.longitude)).toEqual([120.1, 120.12, 120.11]);
  const next = ok<Day>(await server.call('GET', svc('Igcs_Location', 'GetAll'), { token: admin, query: { Date: '2026-08-02' } }), 'GetAll');
  expect(next.items.map((r: Dto) => [r.collectorId, r.longitude])).toEqual([[first, 121]]);
});

it('refuses a report with one bad position, storing none of it', async () => {
  const before = await server.db.query('select count(*)::int as n from collector_location');
  expectValidationError(await report(first, [
    { longitude: 120.1, latitude: 30.2, at: '2026-08-03T08:00:00+08:00' },
    { longitude: 200, latitude: 30.2, at: '2026-08-03T08:01:00+08:00' },
  ]), 'positions[1].longitude');
  expectValidationError(await report(first, [{ longitude: 120.1, latitude: 30.2, at: '2026-08-03 08:00' }]), 'positions[0].at');
  expectValidationError(await report(first, []), 'positions');
  expect(await server.db.query('select count(*)::int as n from collector_location')).toEqual(before);
  expectValidationError(await server.call('GET', svc('Igcs_Location', 'GetAll'), { token: admin, query: { Date: '1 Aug' } }), 'date');
});

describe('who reports positions', () => {
  const AT = [{ longitude: 120.1, latitude: 30.2, at: '2026-08-03T09:00:00+08:00' }];

  it('refuses every user, whatever they may do with the collector, and stores nothing', async () => {
    const before = await stored(first);
    const report = (token: string) => server.call('POST', svc('Igcs_Location', 'Report'), { token, body: { collectorId: first, positions: AT } });
    expectError(await report(admin), 403, true);
    const office = await userWithPermissions(server, admin, 1, ['Pages.IgcsCollector']);
    expectError(await report(office.token), 403, true);
    // A user's token is no device key, on the phones' route either.
    expectError(await server.call('POST', POSITIONS_PATH, { token: admin, body: { positions: AT } }), 401, true);
    expect(await stored(first)).toBe(before);
    // Users read the tracks.
    expectSuccess(await server.call('GET', svc('Igcs_Location', 'GetTrack'), { token: office.token, query: { CollectorId: first, Date: '2026-08-03' } }));
  });

  it('stores a phone\'s positions under its own collector only', async () => {
    const [a, b] = [await stored(first), await stored(second)];
    expectSuccess(await sendAs(phones.get(first)!, { positions: AT }));
    expectSuccess(await sendAs(phones.get(first)!, { collectorId: first, positions: AT }));
    expectError(await sendAs(phones.get(first)!, { collectorId: second, positions: AT }), 403, true);
    expect([await stored(first), await stored(second)]).toEqual([a + 2, b]);
  });

  it('knows no station\'s key, no made-up key and no collector\'s of another tenant here', async () => {
    const where = await world.place();
    const station = await world.create('RecyclingStation', { name: unique('回收站'), serialNumber: unique('ST').replace(/\W/g, '').slice(-20), ...where });
    const before = await stored(first);
    expectError(await sendAs(String(station.deviceKey), { collectorId: first, positions: AT }), 401, true);
    expectError(await sendAs('not-a-key', { positions: AT }), 401, true);
    expectError(await server.call('POST', POSITIONS_PATH, { body: { positions: AT } }), 401, true);

    const tenant = await createTenant(server);
    const theirAdmin = await server.token(tenant.id, 'admin');
    const theirs = recyclingWorld(server, () => theirAdmin);
    const there = await theirs.place();
    const other = await theirs.create('Igcs_Collector', {
      name: '外租户回收员', phone: '13900003333', idCardNumber: sampleForCheck('idCard'), careaIds: [there.careaId], status: 1,
    });
    // Its phone cannot write here: naming this tenant's collector is refused, and its own positions stay in its tenant.
    expectError(await sendAs(String(other.deviceKey), { collectorId: first, positions: AT }), 403, true);
    expectSuccess(await sendAs(String(other.deviceKey), { positions: AT }));
    expect(await stored(first)).toBe(before);
    const [row] = await server.db.query<{ tenant_id: number }>('select tenant_id from collector_location where collector_id = $1', [other.id]);
    expect(Number(row.tenant_id)).toBe(tenant.id);
    const seenHere = ok<Day>(await server.call('GET', svc('Igcs_Location', 'GetAll'), { token: admin, query: { Date: '2026-08-03' } }), 'GetAll');
    expect(seenHere.items.map((r) => r.collectorId)).not.toContain(other.id);
    // Another tenant's user cannot give this tenant's collector a new key.
    expectError(await server.call('POST', svc('Igcs_Collector', 'RegenerateKey'), { token: theirAdmin, body: { id: first } }), 404);
  });

  it('takes a new key from a user who may change the collector, shown once; the old one stops working', async () => {
    const rotate = (token: string, id: number) => server.call('POST', svc('Igcs_Collector', 'RegenerateKey'), { token, body: { id } });
    const old = phones.get(second)!;
    const { deviceKey } = expectSuccess<{ deviceKey: string }>(await rotate(admin, second));
    expect(deviceKey).not.toBe(old);
    expectError(await sendAs(old, { positions: AT }), 401, true);
    expectSuccess(await sendAs(deviceKey, { positions: AT }));
    phones.set(second, deviceKey);
    // Neither the collector's answers nor its list show a key again.
    const dto = ok<Dto>(await server.call('GET', svc('Igcs_Collector', 'Get'), { token: admin, query: { Id: second } }), 'Get');
    expect(dto).not.toHaveProperty('deviceKey');
    expect(JSON.stringify(dto)).not.toContain(deviceKey);

    // A user who only reads the collector (it serves a community beyond their street too) gives it no key.
    const mine = await world.place();
    const elsewhere = await world.place();
    const shared = await world.create('Igcs_Collector', {
      name: '两街回收员', phone: '13900004444', idCardNumber: sampleForCheck('idCard'), careaIds: [mine.careaId, elsewhere.careaId], status: 1,
    });
    const clerk = await userWithPermissions(server, admin, 1, ['Pages.IgcsCollector']);
    expectSuccess(await server.call('PUT', svc('User', 'Update'), {
      token: admin, body: { id: clerk.id, userName: clerk.userName, name: 'Test', surname: 'User', emailAddress: clerk.emailAddress, isActive: true, sareaIds: [mine.sareaId] },
    }));
    const clerkToken = await server.login(1, clerk.userName, clerk.password);
    expectSuccess(await server.call('GET', svc('Igcs_Collector', 'Get'), { token: clerkToken, query: { Id: shared.id } }));
    expectError(await rotate(clerkToken, shared.id), 403, true);
    expectSuccess(await sendAs(String(shared.deviceKey), { positions: AT }));
    const own = await world.create('Igcs_Collector', {
      name: '本街回收员', phone: '13900005555', idCardNumber: sampleForCheck('idCard'), careaIds: [mine.careaId], status: 1,
    });
    expect(typeof expectSuccess<{ deviceKey: unknown }>(await rotate(clerkToken, own.id)).deviceKey).toBe('string');
  });
});
