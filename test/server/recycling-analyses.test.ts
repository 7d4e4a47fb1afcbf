// The scheme's analyses, exact against a small world a street office sees: participation, collectors, silent
// households and compounds, the top lists, trends, points issued vs redeemed, and the big-data screen's panel.
import type { BigDataOverview } from '../../src/shared/bigdata';
import { pointsReason } from '../../src/shared/enums';
import type { EventsAfterResult } from '../../src/shared/live/events';
import { DEFAULT_TIME_ZONE, dayOf, formatInstant } from '../../src/shared/time';
import { sampleForCheck } from '../support/resource-values';
import { recyclingWorld } from '../support/recycling-world';
import { createRole, createUser, expectError, expectSuccess, expectValidationError, ok, type Dto } from '../support/server-fixtures';
import { svc, unique, useTestServer } from '../support/server-harness';

const server = useTestServer();
let admin: string;
let clerk: string;
const world = recyclingWorld(server, () => admin);
const JUNE = { From: '2026-06-01', To: '2026-06-30' };

const get = (token: string, service: string, method: string, query: Record<string, string | number> = {}) =>
  server.call('GET', svc(service, method), { token, query });
/** The analyses' answers, loosely: each test reads the parts it checks. */
interface Answer {
  items: Dto[];
  total: Dto;
  households: { totalCount: number; items: Dto[] } & Dto[];
  compounds: Dto[];
  collectors: Dto[];
}
const analysis = async (method: string, query: Record<string, string | number> = {}) => ok<Answer>(await get(clerk, 'Rblist', method, query), method);

let w: Record<'c1' | 'c2' | 'v1' | 'v2' | 'h1' | 'h2' | 'h3' | 'h4' | 'k1' | 'k2', number>;

async function record(householdId: number, rubbishType2: number, weight: number, recordTime: string, collectorId: number | null): Promise<number> {
  return (await world.create('Rblist', { householdId, rubbishType2, weight, recordTime, collectorId })).id;
}
const audit = async (method: 'Approve' | 'Reject', id: number) =>
  expectSuccess(await server.call('POST', svc('Rblist', method), { token: admin, body: { id, reason: '照片不清' } }));

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  const d = await world.create('Qarea', { name: unique('区') });
  const s = await world.create('Sarea', { qareaId: d.id, name: unique('街道') });
  const c1 = await world.create('Carea', { qareaId: d.id, sareaId: s.id, name: unique('一社区') });
  const c2 = await world.create('Carea', { qareaId: d.id, sareaId: s.id, name: unique('二社区') });
  const v1 = await world.create('Varea', { qareaId: d.id, sareaId: s.id, careaId: c1.id, name: unique('甲小区') });
  const v2 = await world.create('Varea', { qareaId: d.id, sareaId: s.id, careaId: c2.id, name: unique('乙小区') });
  const at1 = { qareaId: d.id, sareaId: s.id, careaId: c1.id, vareaId: v1.id };
  const at2 = { qareaId: d.id, sareaId: s.id, careaId: c2.id, vareaId: v2.id };
  const collector = async (name: string) => (await world.create('Igcs_Collector', {
    name, phone: '13900001111', idCardNumber: sampleForCheck('idCard'), careaIds: [c1.id, c2.id], status: 1,
  })).id;
  w = {
    c1: c1.id, c2: c2.id, v1: v1.id, v2: v2.id,
    h1: await world.household(at1), h2: await world.household(at1), h3: await world.household(at1), h4: await world.household(at2),
    k1: await collector('回收员甲'), k2: await collector('回收员乙'),
  };
  await world.create('IntegralRule', { name: unique('纸'), rubbishType2: 11, mode: 1, points: 10, validFrom: '2026-01-01' });
  await world.create('IntegralRule', { name: unique('塑料'), rubbishType2: 12, mode: 1, points: 10, validFrom: '2026-01-01' });

  await audit('Approve', await record(w.h1, 11, 2, '2026-06-10T10:00:00', w.k1));
  await record(w.h1, 31, 1.5, '2026-06-11T09:00:00', w.k2);
  const rejected = await record(w.h2, 12, 3, '2026-06-15T09:00:00', w.k1);
  await audit('Approve', rejected);
  await audit('Reject', rejected);
  await record(w.h4, 41, 1, '2026-06-20T18:00:00', null);
  // A record of yesterday: h3 (and its compound) are not silent.
  await record(w.h3, 14, 0.5, formatInstant(Date.now() - 86_400_000, DEFAULT_TIME_ZONE), null);

  const role = await createRole(server, admin, ['Pages.Rblist', 'Pages.Integral']);
  const user = await createUser(server, admin, 1, { roleNames: [role.name] });
  expectSuccess(await server.call('PUT', svc('User', 'Update'), { token: admin, body: {
    id: user.id, userName: user.userName, name: 'Test', surname: 'User', emailAddress: user.emailAddress, isActive: true, sareaIds: [s.id],
  } }));
  clerk = await server.login(1, user.userName, user.password);
});

it('counts participation by community and in all, rejected records not taking part', async () => {
  const result = await analysis('GetRblistParticipation', { ...JUNE, Level: 'carea' });
  const rows = result.items.map((r) => [r.areaId, r.enrolled, r.participating, r.rate] as number[]).sort((a, b) => a[0] - b[0]);
  expect(rows).toEqual([[w.c1, 3, 1, 0.3333], [w.c2, 1, 1, 1]]);
  expect(result.total).toEqual({ enrolled: 4, participating: 2, rate: 0.5 });
  const byCompound = await analysis('GetRblistParticipation', { ...JUNE, Level: 'varea' });
  expect(byCompound.items.map((r: Dto) => r.areaId).sort()).toEqual([w.v1, w.v2].sort());
  expectValidationError(await get(clerk, 'Rblist', 'GetRblistParticipation', { Level: 'city' }), 'Level');
  expectValidationError(await get(clerk, 'Rblist', 'GetRblistParticipation', { From: '2026-07-01', To: '2026-06-01' }), 'From');
});

it('sums each collector\'s records, households and kilograms by class', async () => {
  const result = await analysis('GetRblistCollectorAnalyse', JUNE);
  const of = (id: number) => result.items.find((r: Dto) => r.collectorId === id);
  expect(of(w.k1)).toMatchObject({ records: 1, households: 1, weight: 2, weight1: 2, weight2: 0, weight3: 0, weight4: 0 });
  expect(of(w.k2)).toMatchObject({ records: 1, households: 1, weight: 1.5, weight1: 0, weight3: 1.5 });
});

it('lists the households and compounds with no record for N days', async () => {
  const result = await analysis('GetRblistUpNotData', { Days: 7, MaxResultCount: 100 });
  expect(result.households.items.map((h: Dto) => h.id).sort()).toEqual([w.h1, w.h2, w.h4].sort());
  expect(result.households.totalCount).toBe(3);
  // h2's only record was rejected: it never took part, so it is the longest silent.
  expect(result.households.items[0]).toMatchObject({ id: w.h2, lastRecordTime: null });
  expect(result.compounds.map((c: Dto) => c.vareaId)).toEqual([w.v2]);
});

it('ranks compounds, households and collectors by kilograms', async () => {
  const result = await analysis('GetGarbageDisposalTop', { ...JUNE, Top: 5 });
  expect(result.compounds.map((r: Dto) => [r.id, r.weight, r.records])).toEqual([[w.v1, 3.5, 2], [w.v2, 1, 1]]);
  expect(result.households.map((r: Dto) => [r.id, r.weight])).toEqual([[w.h1, 3.5], [w.h4, 1]]);
  expect(result.collectors.map((r: Dto) => [r.id, r.weight])).toEqual([[w.k1, 2], [w.k2, 1.5]]);
});

it('gives the trend by day and month and class', async () => {
  const daily = await analysis('GetRblistTrend', { ...JUNE, Grain: 'day' });
  expect(daily.items).toEqual([
    { period: '2026-06-10', rubbishType1: 1, weight: 2, records: 1 },
    { period: '2026-06-11', rubbishType1: 3, weight: 1.5, records: 1 },
    { period: '2026-06-20', rubbishType1: 4, weight: 1, records: 1 },
  ]);
  const monthly = await analysis('GetRblistTrend', { ...JUNE, Grain: 'month' });
  expect(monthly.items.map((r: Dto) => [r.period, r.rubbishType1, r.weight])).toEqual([['2026-06', 1, 2], ['2026-06', 3, 1.5], ['2026-06', 4, 1]]);
  // Whole months come from the month rollup, the days around them from the records: both ends are exact.
  const tail = await analysis('GetRblistTrend', { From: '2026-06-11', To: '2026-07-31', Grain: 'month' });
  expect(tail.items.map((r: Dto) => [r.period, r.rubbishType1, r.weight, r.records])).toEqual([['2026-06', 3, 1.5, 1], ['2026-06', 4, 1, 1]]);
  const head = await analysis('GetRblistTrend', { From: '2026-05-01', To: '2026-06-15', Grain: 'month' });
  expect(head.items.map((r: Dto) => [r.period, r.rubbishType1, r.weight, r.records])).toEqual([['2026-06', 1, 2, 1], ['2026-06', 3, 1.5, 1]]);
});

/** Today in China by the wall clock: the ledger's postings are stamped by the database's (real) clock. */
const chinaToday = () => dayOf(Date.now(), DEFAULT_TIME_ZONE);

it('counts points issued net of reversals, and none redeemed without an exchange', async () => {
  const today = chinaToday();
  const flow = ok<{ items: { period: string; issued: number; redeemed: number }[] }>(
    await get(clerk, 'Integral', 'GetPointsFlow', { From: today, To: today, Grain: 'day' }), 'GetPointsFlow');
  expect(flow.items).toEqual([{ period: today, issued: 20, redeemed: 0 }]);
});

it('gives the big-data screen the scheme today, and the events that move it', async () => {
  const overview = async () => ok<BigDataOverview>(await get(admin, 'BigData', 'GetOverview'), 'GetOverview');
  const kgOf = (o: BigDataOverview, type: number) => o.recycling.kgToday.find((c) => c.rubbishType1 === type)!.kg;
  const before = await overview();
  // h3's record of yesterday is within the 30 days; June's are not.
  expect(before.recycling.households).toEqual({ enrolled: 4, participating: 1 });
  expect(before.recycling.pointsToday).toEqual({ issued: 20, redeemed: 0 });
  expect(before.recycling.kgToday).toHaveLength(4);

  const today = chinaToday();
  const id = await record(w.h4, 12, 1.25, formatInstant(Date.now(), DEFAULT_TIME_ZONE), null);
  await audit('Approve', id);
  const after = await overview();
  expect(kgOf(after, 1)).toBeCloseTo(kgOf(before, 1) + 1.25, 6);
  expect(after.recycling.households).toEqual({ enrolled: 4, participating: 2 });
  expect(after.recycling.pointsToday).toEqual({ issued: 32, redeemed: 0 });

  const events = ok<EventsAfterResult>(await get(admin, 'Events', 'GetEventsAfter', { after: before.head }), 'GetEventsAfter').items;
  expect(events).toContainEqual(expect.objectContaining({
    type: 'recycling.record', payload: { id, before: null, after: { rubbishType1: 1, day: today, kg: 1.25 } },
  }));
  expect(events).toContainEqual(expect.objectContaining({
    type: 'points.balance', payload: { householdId: w.h4, points: 12, amount: 12, reason: pointsReason.recordApproved },
  }));
  // Approving leaves the kilograms as they were (a pending record counts): no second record event.
  expect(events.filter((e) => e.type === 'recycling.record')).toHaveLength(1);
});

// Last: it enrols a household, which the counts above do not expect.
it('keeps each household\'s latest counted record on it, whatever changes the records', async () => {
  const home = await world.household(await world.place());
  const last = async () => ok<Dto>(await get(admin, 'BHUsers', 'Get', { Id: home }), 'BHUsers/Get').lastRecordTime;
  expect(await last()).toBeNull();
  const early = await record(home, 11, 1, '2026-05-01T08:00:00', null);
  const late = await record(home, 11, 1, '2026-05-03T08:00:00', null);
  expect(await last()).toBe('2026-05-03T08:00:00+08:00');
  await audit('Reject', late);
  expect(await last()).toBe('2026-05-01T08:00:00+08:00');
  expectSuccess(await server.call('DELETE', svc('Rblist', 'Delete'), { token: admin, query: { Id: early } }));
  expect(await last()).toBeNull();
});

it('lists nothing outside the clerk\'s street: no collector of elsewhere, even one that weighed a record in it', async () => {
  const elsewhere = await world.place();
  const outsider = (await world.create('Igcs_Collector', {
    name: '外街回收员', phone: '13900002222', idCardNumber: sampleForCheck('idCard'), careaIds: [elsewhere.careaId], status: 1,
  })).id;
  const stranger = await world.household(elsewhere);
  const YEAR_BEFORE = { From: '2025-06-01', To: '2025-06-30' };
  await record(stranger, 11, 4, '2025-06-12T10:00:00', outsider);
  await record(w.h3, 11, 2, '2025-06-10T10:00:00', outsider);

  const collectors = await analysis('GetRblistCollectorAnalyse', YEAR_BEFORE);
  expect(collectors.items.map((r: Dto) => r.collectorId as number).sort((a, b) => a - b)).toEqual([w.k1, w.k2]);
  const top = await analysis('GetGarbageDisposalTop', { ...YEAR_BEFORE, Top: 5 });
  expect(top.collectors).toEqual([]);
  expect(top.households.map((r: Dto) => [r.id, r.weight])).toEqual([[w.h3, 2]]);
  expect(top.compounds.map((r: Dto) => r.id)).toEqual([w.v1]);
  const participation = await analysis('GetRblistParticipation', { ...JUNE, Level: 'carea' });
  expect(participation.items.map((r: Dto) => r.areaId as number).sort((a, b) => a - b)).toEqual([w.c1, w.c2]);
  const trend = await analysis('GetRblistTrend', { ...YEAR_BEFORE, Grain: 'month' });
  expect(trend.items.map((r: Dto) => [r.period, r.weight])).toEqual([['2025-06', 2]]);
  const silent = await analysis('GetRblistUpNotData', { Days: 3650, MaxResultCount: 100 });
  expect(silent.households.items.map((h: Dto) => h.id)).not.toContain(stranger);
  // The administrator sees the collector from elsewhere, with its records.
  const all = ok<Answer>(await get(admin, 'Rblist', 'GetGarbageDisposalTop', { ...YEAR_BEFORE, Top: 5 }), 'GetGarbageDisposalTop');
  expect(all.collectors.map((r: Dto) => [r.id, r.weight])).toEqual([[outsider, 6]]);
  // The points books count every household of the tenant: not the street's to check.
  expectError(await get(clerk, 'Integral', 'GetReconciliation'), 403, true);
  expectSuccess(await get(admin, 'Integral', 'GetReconciliation'));
});
