// Collectors' positions: reported by their phones in batches, read back as everyone's latest of a China day and as
// one collector's track of that day.
import { sampleForCheck } from '../support/resource-values';
import { recyclingWorld } from '../support/recycling-world';
import { expectSuccess, expectValidationError, ok, type Dto } from '../support/server-fixtures';
import { svc, useTestServer } from '../support/server-harness';

interface Day { date: string; items: Dto[] }

const server = useTestServer();
let admin: string;
const world = recyclingWorld(server, () => admin);
const report = (collectorId: number, positions: unknown[]) =>
  server.call('POST', svc('Igcs_Location', 'Report'), { token: admin, body: { collectorId, positions } });
let first: number;
let second: number;

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  const where = await world.place();
  const collector = async (name: string) => (await world.create('Igcs_Collector', {
    name, phone: '13900002222', idCardNumber: sampleForCheck('idCard'), careaIds: [where.careaId], status: 1,
  })).id;
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
