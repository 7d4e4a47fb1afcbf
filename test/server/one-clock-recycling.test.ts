// The recycling scheme on the tenant's calendar: records, daily caps, rules in force, drop-offs, holds, positions and
// every analysis count an instant on the tenant's day (China's by default), whatever zone the database session and the
// Node process keep (both far from China here). Each behaviour is tried just before and just after China midnight,
// 2026-11-27T23:59:30+08:00 (15:59:30Z) and 2026-11-28T00:00:30+08:00 (16:00:30Z): a day taken in UTC or in the
// session's zone puts one of them on the wrong day.
import type { RequestContext } from '../../src/server/http/context';
import { schemeToday } from '../../src/server/modules/points/analyses';
import { pointsAccountKind, pointsReason } from '../../src/shared/enums';
import { POSITIONS_PATH } from '../../src/shared/recycling';
import { DEFAULT_TIME_ZONE, parseZonedInstant, tenantCalendar } from '../../src/shared/time';
import { recyclingWorld, type AreaPlace } from '../support/recycling-world';
import { sampleForCheck } from '../support/resource-values';
import { createRole, createTenant, createUser, expectSuccess, expectValidationError, ok, type Dto } from '../support/server-fixtures';
import { svc, unique, useTestServer } from '../support/server-harness';

const server = useTestServer();
let admin: string;
const world = recyclingWorld(server, () => admin);

/** Just before and just after China midnight between the 27th and the 28th. */
const BEFORE = '2026-11-27T23:59:30+08:00';
const AFTER = '2026-11-28T00:00:30+08:00';
/** AFTER written in UTC: the same instant. */
const AFTER_UTC = '2026-11-27T16:00:30Z';

const DROP_OFFS = '/api/device/dropoffs';
const HOLD = '/api/device/exchange/hold';

beforeAll(async () => {
  admin = await server.token(1, 'admin');
});

afterEach(() => server.clock.reset());

type Query = Record<string, string | number>;
const get = (token: string, service: string, method: string, query: Query = {}) => server.call('GET', svc(service, method), { token, query });
const read = async <T = Dto>(token: string, service: string, method: string, query: Query = {}) =>
  ok<T>(await get(token, service, method, query), `${service}/${method}`);

const record = (householdId: number, rubbishType2: number, weight: number, recordTime: string, collectorId: number | null = null) =>
  world.create('Rblist', { householdId, rubbishType2, weight, recordTime, collectorId, photos: [] });
const approve = async (id: number) => expectSuccess<Dto>(await server.call('POST', svc('Rblist', 'Approve'), { token: admin, body: { id } }));
const storedTime = async (id: number) =>
  (await server.db.query<{ t: string }>('select record_time as t from recycling_record where id = $1', [id]))[0].t;
const recordCount = async () => Number((await server.db.query<{ n: number }>('select count(*)::int as n from recycling_record'))[0].n);

/** A user who works in the street of `where` only, with the analyses' and the ledger's permissions: figures of that street alone. */
async function clerkOf(where: AreaPlace): Promise<string> {
  const role = await createRole(server, admin, ['Pages.Rblist', 'Pages.Integral', 'Pages.IgcsCollector']);
  const user = await createUser(server, admin, 1, { roleNames: [role.name] });
  expectSuccess(await server.call('PUT', svc('User', 'Update'), { token: admin, body: {
    id: user.id, userName: user.userName, name: 'Test', surname: 'User', emailAddress: user.emailAddress, isActive: true, sareaIds: [where.sareaId],
  } }));
  return server.login(1, user.userName, user.password);
}

/** Another compound in the community of `where`. */
const compoundBeside = async (where: AreaPlace): Promise<AreaPlace> =>
  ({ ...where, vareaId: (await world.create('Varea', { ...where, vareaId: undefined, name: unique('小区') })).id });

/** A station in `where` and its key. */
async function stationIn(where: AreaPlace): Promise<string> {
  const station = await world.create('RecyclingStation', { name: unique('回收站'), serialNumber: unique('ST').replace(/\W/g, '').slice(0, 20), ...where });
  return String(station.deviceKey);
}
const dropOff = (cardNo: string, at: string, extra: Record<string, unknown> = {}) =>
  ({ messageId: unique('m'), cardNo, rubbishType2: 12, weight: 1, at, ...extra });
const send = (key: string, dropOffs: unknown[]) => server.call('POST', DROP_OFFS, { body: { dropOffs }, headers: { 'X-Device-Key': key } });

/** A household of `where` with a card, for stations. */
async function cardHolder(where: AreaPlace): Promise<{ id: number; card: string }> {
  const card = world.cardNo();
  return { id: await world.household(where, { cardNo: card }), card };
}

/**
 * A ledger posting stamped at `at`, written straight into the books: the ledger stamps postings with the database's
 * clock, which a test cannot move, and what is tried here is only on which day a posting counts.
 */
async function postingAt(at: string, householdId: number, reason: number, amount: number, account: number): Promise<void> {
  await server.db.transaction(async (tx) => {
    await tx.query('insert into points_accounts (tenant_id, kind) values (1, $1) on conflict do nothing', [account]);
    const [posting] = await tx.query<{ id: number }>(`insert into points_postings (tenant_id, request_id, fingerprint, reason, creation_time)
      values (1, $1, repeat('0', 64), $2, $3::timestamptz) returning id`, [unique('at'), reason, at]);
    const [{ points }] = await tx.query<{ points: number }>('update scheme_user set points = points + $2 where id = $1 returning points', [householdId, amount]);
    const [{ id: accountId }] = await tx.query<{ id: number }>('select id from points_accounts where tenant_id = 1 and kind = $1', [account]);
    await tx.query('insert into points_entries (tenant_id, posting_id, household_id, amount, balance_after) values (1, $1, $2, $3, $4)',
      [posting.id, householdId, amount, points]);
    await tx.query('insert into points_entries (tenant_id, posting_id, account_id, amount) values (1, $1, $2, $3)', [posting.id, accountId, -amount]);
  });
}

describe('records', () => {
  it('keep the instant a record time names: converted from its offset, read on the tenant\'s clock without one', async () => {
    const h = await world.household(await world.place());
    const sent = [BEFORE, AFTER_UTC, '2026-11-28 00:00:40', '2026-11-28T01:00:50+09:00'];
    const ids = [];
    for (const time of sent) ids.push((await record(h, 11, 1, time)).id);
    expect(await Promise.all(ids.map(storedTime))).toEqual(
      ['2026-11-27T15:59:30.000Z', '2026-11-27T16:00:30.000Z', '2026-11-27T16:00:40.000Z', '2026-11-27T16:00:50.000Z']);
    const answered = await Promise.all(ids.map(async (id) => (await read(admin, 'Rblist', 'Get', { Id: id })).recordTime));
    expect(answered).toEqual([BEFORE, AFTER, '2026-11-28T00:00:40+08:00', '2026-11-28T00:00:50+08:00']);
    // The live screens fold each record into the tenant's day of its instant.
    const days = await server.db.query<{ id: string; day: string }>(
      `select payload->>'id' as id, payload->'after'->>'day' as day from live_events where type = 'recycling.record' and (payload->>'id')::bigint = any($1::bigint[])`, [ids]);
    expect(ids.map((id) => days.find((d) => Number(d.id) === id)?.day)).toEqual(['2026-11-27', '2026-11-28', '2026-11-28', '2026-11-28']);
    expect((await read(admin, 'BHUsers', 'Get', { Id: h })).lastRecordTime).toBe('2026-11-28T00:00:50+08:00');
  });

  it('keep within the daily cap of each day of the tenant\'s calendar', async () => {
    await world.create('IntegralRule', { name: unique('玻璃'), rubbishType2: 14, mode: 2, points: 5, dailyCap: 8, validFrom: '2026-01-01' });
    const h = await world.household(await world.place());
    const awarded = async (time: string) => (await approve((await record(h, 14, 1, time)).id)).points;
    const points = [];
    for (const time of [BEFORE, '2026-11-27T23:59:50+08:00', AFTER_UTC, '2026-11-28 00:00:40', '2026-11-28T00:00:50+08:00']) points.push(await awarded(time));
    // 5 and 3 fill the 27th's cap of 8; the 28th starts again at midnight, China time.
    expect(points).toEqual([5, 3, 5, 3, 0]);
    expect(await world.balanceOf(h)).toBe(16);
  });

  it('earn by the rule in force on the tenant\'s day of their instant', async () => {
    const starting = await world.create('IntegralRule', { name: unique('织物'), rubbishType2: 15, mode: 2, points: 9, validFrom: '2026-11-28' });
    const ending = await world.create('IntegralRule', { name: unique('灯管'), rubbishType2: 21, mode: 2, points: 4, validFrom: '2026-01-01', validTo: '2026-11-27' });
    const h = await world.household(await world.place());
    const earned = async (kind: number, time: string) => {
      const approved = await approve((await record(h, kind, 1, time)).id);
      return [approved.points, approved.ruleId];
    };
    expect(await earned(15, BEFORE)).toEqual([0, null]);
    expect(await earned(15, AFTER_UTC)).toEqual([9, starting.id]);
    expect(await earned(21, BEFORE)).toEqual([4, ending.id]);
    expect(await earned(21, '2026-11-28 00:00:30')).toEqual([0, null]);
  });

  it('sort by their instant in the list, whether typed in or sent by a station', async () => {
    server.clock.travelTo('2026-11-28T00:05:00+08:00');
    const where = await world.place();
    const key = await stationIn(where);
    const { id: h, card } = await cardHolder(where);
    const manual = async (time: string) => (await record(h, 11, 1, time)).id;
    const station = async (at: string) =>
      expectSuccess<{ results: Dto[] }>(await send(key, [dropOff(card, at)])).results[0].recordId as number;
    const typedEarlier = await manual('2026-11-28T00:00:00+08:00');
    const sentSame = await station(AFTER_UTC);
    const typedSame = await manual('2026-11-28 00:00:30');
    const sentLater = await station('2026-11-28T00:00:45+08:00');
    const list = await read<{ items: Dto[] }>(admin, 'Rblist', 'GetAll', { householdId: h, Sorting: 'recordTime desc', MaxResultCount: 10 });
    expect(list.items.map((r) => r.recordTime)).toEqual(['2026-11-28T00:00:45+08:00', AFTER, AFTER, '2026-11-28T00:00:00+08:00']);
    expect(list.items[0].id).toBe(sentLater);
    expect(list.items.slice(1, 3).map((r) => r.id).sort()).toEqual([sentSame, typedSame].sort());
    expect(list.items[3].id).toBe(typedEarlier);
    expect(list.items.map((r) => r.source).sort()).toEqual([2, 2, 3, 3]);
  });
});

describe('station drop-offs', () => {
  it('count a drop-off at 07:00 China time on the 18th on the 18th: its rule, its cap, the trend and every analysis', async () => {
    server.clock.travelTo('2026-11-18T12:00:00+08:00');
    const where = await world.place();
    const clerk = await clerkOf(where);
    const key = await stationIn(where);
    const { id: h, card } = await cardHolder(where);
    await world.create('IntegralRule', { name: unique('金属'), rubbishType2: 13, mode: 2, points: 6, dailyCap: 6, validFrom: '2026-11-18' });
    const results = expectSuccess<{ results: Dto[] }>(await send(key, [
      dropOff(card, '2026-11-17T23:30:00+08:00', { rubbishType2: 13, weight: 1 }),
      dropOff(card, '2026-11-18T07:00:00+08:00', { rubbishType2: 13, weight: 2 }),
      dropOff(card, '2026-11-18T08:00:00+08:00', { rubbishType2: 13, weight: 4 }),
    ])).results;
    // No rule before the 18th; on the 18th the rule starts and its cap of 6 fills at once.
    expect(results.map((r) => [r.status, r.points])).toEqual([['posted', 0], ['posted', 6], ['posted', 0]]);
    const seven = results[1].recordId as number;
    expect(await storedTime(seven)).toBe('2026-11-17T23:00:00.000Z');
    expect((await read(admin, 'Rblist', 'Get', { Id: seven })).recordTime).toBe('2026-11-18T07:00:00+08:00');

    const days = { From: '2026-11-17', To: '2026-11-18' };
    const trend = await read<{ items: Dto[] }>(clerk, 'Rblist', 'GetRblistTrend', { ...days, Grain: 'day' });
    expect(trend.items).toEqual([
      { period: '2026-11-17', rubbishType1: 1, weight: 1, records: 1 },
      { period: '2026-11-18', rubbishType1: 1, weight: 6, records: 2 },
    ]);
    const eighteenth = { From: '2026-11-18', To: '2026-11-18' };
    expect((await read(clerk, 'Rblist', 'GetRblistParticipation', { ...eighteenth, Level: 'varea' })).total).toEqual({ enrolled: 1, participating: 1, rate: 1 });
    const top = await read<{ households: Dto[] }>(clerk, 'Rblist', 'GetGarbageDisposalTop', eighteenth);
    expect(top.households.map((r) => [r.id, r.weight, r.records])).toEqual([[h, 6, 2]]);
    const seventeenth = await read<{ households: Dto[] }>(clerk, 'Rblist', 'GetGarbageDisposalTop', { From: '2026-11-17', To: '2026-11-17' });
    expect(seventeenth.households.map((r) => [r.id, r.weight])).toEqual([[h, 1]]);
    expect((await read(admin, 'BHUsers', 'Get', { Id: h })).lastRecordTime).toBe('2026-11-18T08:00:00+08:00');
  });

  it('count drop-offs on either side of China midnight on their own days', async () => {
    server.clock.travelTo('2026-11-28T00:05:00+08:00');
    const where = await world.place();
    const clerk = await clerkOf(where);
    const key = await stationIn(where);
    const { card } = await cardHolder(where);
    expectSuccess(await send(key, [dropOff(card, BEFORE, { weight: 1 }), dropOff(card, AFTER_UTC, { weight: 2 })]));
    const trend = await read<{ items: Dto[] }>(clerk, 'Rblist', 'GetRblistTrend', { From: '2026-11-27', To: '2026-11-28', Grain: 'day' });
    expect(trend.items.map((r) => [r.period, r.weight])).toEqual([['2026-11-27', 1], ['2026-11-28', 2]]);
  });

  it('refuse a time more than 10 minutes ahead of the server\'s clock or more than 7 days old, naming the drop-off, and store nothing', async () => {
    server.clock.travelTo(AFTER);
    const where = await world.place();
    const key = await stationIn(where);
    const { id: h, card } = await cardHolder(where);
    const good = dropOff(card, BEFORE);
    const before = await recordCount();
    for (const [at, why] of [['2099-01-01T00:00:00+08:00', 'ahead'], ['2026-11-28T00:11:30+08:00', 'ahead'], ['2026-11-20T00:00:00+08:00', 'old']] as const) {
      const error = expectValidationError(await send(key, [good, dropOff(card, at)]), 'dropOffs[1].at');
      expect(error.validationErrors![0].message).toBe(why === 'ahead'
        ? 'dropOffs[1].at比服务器时间快了10分钟以上：请校准设备时钟' : 'dropOffs[1].at早于7天前，不再接收');
    }
    expect(await recordCount()).toBe(before);
    expect(await server.db.query('select 1 from station_messages where message_id = $1', [good.messageId])).toHaveLength(0);
    expect((await read(admin, 'BHUsers', 'Get', { Id: h })).lastRecordTime).toBeNull();
    // Within the window: 9 minutes ahead (a clock drifting), 6 days old (a station that was offline).
    const within = expectSuccess<{ results: Dto[] }>(await send(key, [dropOff(card, '2026-11-28T00:09:30+08:00'), dropOff(card, '2026-11-22T00:00:30+08:00')]));
    expect(within.results.map((r) => r.status)).toEqual(['posted', 'posted']);
    expect((await read(admin, 'BHUsers', 'Get', { Id: h })).lastRecordTime).toBe('2026-11-28T00:09:30+08:00');
  });
});

describe('exchange machine holds', () => {
  it('answer their times as instants on the tenant\'s clock, expiring HOLD_SECONDS after they were made', async () => {
    const where = await world.place();
    const type = await world.create('BHgoodsType', { name: unique('日用品') });
    const goods = await world.create('BHgoods', { name: unique('肥皂'), goodsTypeId: type.id, pointsPrice: 5, stock: 10, onShelf: true });
    const machine = await world.create('BHgoodsExchange', { name: unique('兑换机'), equipid: unique('EX').replace(/\W/g, '').slice(-20), ...where, slotCount: 1, slotCapacity: 5 });
    expectSuccess(await server.call('POST', svc('BHgoodsExchange', 'ExchangeMachine_UpShelves'), { token: admin, body: { id: machine.id, slotNo: 1, goodsId: goods.id, quantity: 2 } }));
    const { id: h, card } = await cardHolder(where);
    expectSuccess(await server.call('POST', svc('Integral', 'IncreasePointsOpt'), { token: admin, body: { householdId: h, points: 10, remark: '赠送', requestId: unique('req').replace(/\W/g, '') } }));
    const held = expectSuccess<Dto>(await server.call('POST', HOLD, { body: { requestId: unique('hold').replace(/\W/g, ''), cardNo: card, slotNo: 1 }, headers: { 'X-Device-Key': String(machine.deviceKey) } }));
    expect(held.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?\+08:00$/);
    const grid = await read<{ holds: Dto[] }>(admin, 'BHgoodsExchange', 'GetExchangeMachine_Goods', { id: machine.id });
    const [hold] = grid.holds;
    expect(hold.creationTime).toMatch(/\+08:00$/);
    expect(parseZonedInstant(hold.expiresAt)! - parseZonedInstant(hold.creationTime)!).toBe(120_000);
    const [stored] = await server.db.query<{ expires: string }>('select expires_at as expires from exchange_hold where id = $1', [held.holdId]);
    expect(parseZonedInstant(stored.expires)).toBe(parseZonedInstant(held.expiresAt));
  });
});

describe('collectors\' positions', () => {
  let collector: number;
  let phone: string;
  const report = (positions: unknown[]) => server.call('POST', POSITIONS_PATH, { headers: { 'X-Device-Key': phone }, body: { positions } });
  const latestOf = async (query: Query) => {
    const day = await read<{ date: string; items: Dto[] }>(admin, 'Igcs_Location', 'GetAll', query);
    return [day.date, day.items.find((r) => r.collectorId === collector)?.at ?? null];
  };
  const trackOf = async (date: string) =>
    (await read<{ items: Dto[] }>(admin, 'Igcs_Location', 'GetTrack', { CollectorId: collector, Date: date })).items.map((p) => p.at);

  beforeAll(async () => {
    const where = await world.place();
    const created = await world.create('Igcs_Collector', {
      name: '王师傅', phone: '13900003333', idCardNumber: sampleForCheck('idCard'), careaIds: [where.careaId], status: 1,
    });
    collector = created.id;
    phone = String(created.deviceKey);
  });

  it('are read on the days of the tenant\'s calendar, today by default', async () => {
    server.clock.travelTo('2026-11-28T00:05:00+08:00');
    expectSuccess(await report([
      { longitude: 120.1, latitude: 30.1, at: BEFORE },
      { longitude: 120.2, latitude: 30.2, at: AFTER_UTC },
      { longitude: 120.3, latitude: 30.3, at: '2026-11-28T01:01:00+09:00' },
    ]));
    expect(await latestOf({ Date: '2026-11-27' })).toEqual(['2026-11-27', BEFORE]);
    expect(await latestOf({ Date: '2026-11-28' })).toEqual(['2026-11-28', '2026-11-28T00:01:00+08:00']);
    expect(await latestOf({})).toEqual(['2026-11-28', '2026-11-28T00:01:00+08:00']);
    expect(await trackOf('2026-11-27')).toEqual([BEFORE]);
    expect(await trackOf('2026-11-28')).toEqual([AFTER, '2026-11-28T00:01:00+08:00']);
    server.clock.travelTo('2026-11-27T23:59:50+08:00');
    expect(await latestOf({})).toEqual(['2026-11-27', BEFORE]);
    const [stored] = await server.db.query<{ at: string }>('select min(at) as at from collector_location where collector_id = $1', [collector]);
    expect(stored.at).toBe('2026-11-27T15:59:30.000Z');
  });

  it('are refused more than 10 minutes ahead or more than 7 days old, naming the position, and none is stored', async () => {
    server.clock.travelTo(AFTER);
    const count = async () => Number((await server.db.query<{ n: number }>('select count(*)::int as n from collector_location where collector_id = $1', [collector]))[0].n);
    const before = await count();
    const good = { longitude: 120.1, latitude: 30.1, at: BEFORE };
    expectValidationError(await report([good, { ...good, at: '2026-11-28T00:11:30+08:00' }]), 'positions[1].at');
    expectValidationError(await report([good, { ...good, at: '2026-11-20T00:00:00+08:00' }]), 'positions[1].at');
    expectValidationError(await report([good, { ...good, at: '2099-01-01T00:00:00Z' }]), 'positions[1].at');
    expect(await count()).toBe(before);
    expectSuccess(await report([{ ...good, at: '2026-11-28T00:09:30+08:00' }, { ...good, at: '2026-11-22T00:00:30+08:00' }]));
    expect(await count()).toBe(before + 2);
  });
});

describe('the analyses', () => {
  let where: AreaPlace;
  let clerk: string;
  let hA: number;
  let hB: number;
  let k: number;

  beforeAll(async () => {
    where = await world.place();
    clerk = await clerkOf(where);
    hA = await world.household(where);
    hB = await world.household(where);
    k = (await world.create('Igcs_Collector', {
      name: '赵师傅', phone: '13900004444', idCardNumber: sampleForCheck('idCard'), careaIds: [where.careaId], status: 1,
    })).id;
    await record(hA, 11, 1, BEFORE, k);
    await record(hB, 11, 2, AFTER_UTC, k);
    await record(hB, 31, 4, '2026-11-28 00:00:40');
    // A month's end: the last half-minute of October and the first of November.
    await record(hA, 41, 1, '2026-10-31T23:59:30+08:00');
    await record(hA, 41, 2, '2026-10-31T16:00:30Z');
    // The ledger: an award on the 27th; an award and a hold on the 28th; an award on each side of the month's end.
    await postingAt(BEFORE, hA, pointsReason.recordApproved, 10, pointsAccountKind.pool);
    await postingAt(AFTER, hB, pointsReason.recordApproved, 20, pointsAccountKind.pool);
    await postingAt('2026-11-28T00:00:40+08:00', hB, pointsReason.hold, -5, pointsAccountKind.holds);
    await postingAt('2026-10-31T23:59:30+08:00', hA, pointsReason.recordApproved, 1, pointsAccountKind.pool);
    await postingAt('2026-11-01T00:00:30+08:00', hA, pointsReason.recordApproved, 2, pointsAccountKind.pool);
  });

  const day27 = { From: '2026-11-27', To: '2026-11-27' };
  const day28 = { From: '2026-11-28', To: '2026-11-28' };

  it('count participation on the tenant\'s days', async () => {
    const on = async (day: Query) => (await read(clerk, 'Rblist', 'GetRblistParticipation', { ...day, Level: 'varea' })).total;
    expect(await on(day27)).toEqual({ enrolled: 2, participating: 1, rate: 0.5 });
    expect(await on(day28)).toEqual({ enrolled: 2, participating: 1, rate: 0.5 });
    expect(await on({ From: '2026-11-26', To: '2026-11-26' })).toEqual({ enrolled: 2, participating: 0, rate: 0 });
  });

  it('sum each collector\'s records on the tenant\'s days', async () => {
    const of = async (day: Query) => (await read<{ items: Dto[] }>(clerk, 'Rblist', 'GetRblistCollectorAnalyse', day)).items.find((r) => r.collectorId === k);
    expect(await of(day27)).toMatchObject({ records: 1, households: 1, weight: 1 });
    expect(await of(day28)).toMatchObject({ records: 1, households: 1, weight: 2 });
  });

  it('rank households by the kilograms of the tenant\'s days', async () => {
    const ranked = async (day: Query) => (await read<{ households: Dto[] }>(clerk, 'Rblist', 'GetGarbageDisposalTop', day)).households.map((r) => [r.id, r.weight]);
    expect(await ranked(day27)).toEqual([[hA, 1]]);
    expect(await ranked(day28)).toEqual([[hB, 6]]);
  });

  it('give the trend by the tenant\'s days and months, from the records and from the month rollup', async () => {
    const trend = async (query: Query) =>
      (await read<{ items: Dto[] }>(clerk, 'Rblist', 'GetRblistTrend', query)).items.map((r) => [r.period, r.rubbishType1, r.weight, r.records]);
    expect(await trend({ From: '2026-11-27', To: '2026-11-28', Grain: 'day' })).toEqual([['2026-11-27', 1, 1, 1], ['2026-11-28', 1, 2, 1], ['2026-11-28', 3, 4, 1]]);
    expect(await trend({ From: '2026-10-31', To: '2026-11-01', Grain: 'day' })).toEqual([['2026-10-31', 4, 1, 1], ['2026-11-01', 4, 2, 1]]);
    // Within months (from the records) and over whole months (from the rollup, kept by the tenant's months).
    expect(await trend({ From: '2026-10-15', To: '2026-11-15', Grain: 'month' })).toEqual([['2026-10', 4, 1, 1], ['2026-11', 4, 2, 1]]);
    expect(await trend({ From: '2026-10-01', To: '2026-11-30', Grain: 'month' }))
      .toEqual([['2026-10', 4, 1, 1], ['2026-11', 1, 3, 2], ['2026-11', 3, 4, 1], ['2026-11', 4, 2, 1]]);
  });

  it('count points issued and redeemed, and list the ledger, by the tenant\'s days and months', async () => {
    const flow = async (query: Query) => (await read<{ items: Dto[] }>(clerk, 'Integral', 'GetPointsFlow', query)).items;
    expect(await flow({ From: '2026-11-27', To: '2026-11-28', Grain: 'day' })).toEqual([
      { period: '2026-11-27', issued: 10, redeemed: 0 }, { period: '2026-11-28', issued: 20, redeemed: 5 },
    ]);
    expect(await flow({ From: '2026-10-31', To: '2026-11-01', Grain: 'month' })).toEqual([
      { period: '2026-10', issued: 1, redeemed: 0 }, { period: '2026-11', issued: 2, redeemed: 0 },
    ]);
    const entries = async (household: number, day: Query) =>
      (await read<{ items: Dto[] }>(clerk, 'Integral', 'GetAll', { HouseholdId: household, ...day })).items.map((e) => [e.amount, e.creationTime]);
    expect(await entries(hA, day27)).toEqual([[10, BEFORE]]);
    expect(await entries(hB, day28)).toEqual([[-5, '2026-11-28T00:00:40+08:00'], [20, AFTER]]);
    expect(await entries(hB, day27)).toEqual([]);
  });

  it('default to the 30 days up to the tenant\'s today', async () => {
    const periodOf = async (service: string, method: string) => {
      const answer = await read<{ from: string; to: string }>(clerk, service, method);
      return [answer.from, answer.to];
    };
    const methods = [['Rblist', 'GetRblistParticipation'], ['Rblist', 'GetRblistCollectorAnalyse'], ['Rblist', 'GetGarbageDisposalTop'],
      ['Rblist', 'GetRblistTrend'], ['Integral', 'GetPointsFlow']] as const;
    server.clock.travelTo(BEFORE);
    for (const [service, method] of methods) expect(await periodOf(service, method)).toEqual(['2026-10-29', '2026-11-27']);
    expect((await read<{ items: Dto[] }>(clerk, 'Rblist', 'GetRblistTrend')).items.map((r) => r.period)).toEqual(['2026-10-31', '2026-11-01', '2026-11-27']);
    server.clock.travelTo(AFTER);
    for (const [service, method] of methods) expect(await periodOf(service, method)).toEqual(['2026-10-30', '2026-11-28']);
    expect((await read<{ items: Dto[] }>(clerk, 'Rblist', 'GetRblistTrend')).items.map((r) => r.period))
      .toEqual(['2026-10-31', '2026-11-01', '2026-11-27', '2026-11-28', '2026-11-28']);
  });

  it('give the big-data screen the scheme on the tenant\'s today', async () => {
    const session = { userId: 2, userName: 'clerk', tenantId: 1, language: null, permissions: new Set<string>(), enterpriseIds: null,
      areas: [{ qareaId: where.qareaId, sareaId: where.sareaId }], timeZone: DEFAULT_TIME_ZONE, tokenKind: 'login' as const };
    const ctx = { ...server.app.services, tenantId: 1, session, language: 'zh-CN', ip: '', isGranted: () => true,
      calendar: tenantCalendar(DEFAULT_TIME_ZONE, server.clock) } satisfies RequestContext;
    const kgOf = (figures: Awaited<ReturnType<typeof schemeToday>>) => figures.kgToday.filter((c) => c.kg > 0);
    server.clock.travelTo(BEFORE);
    const late = await schemeToday(ctx, server.db);
    expect(kgOf(late)).toEqual([{ rubbishType1: 1, kg: 1 }]);
    expect(late.pointsToday).toEqual({ issued: 10, redeemed: 0 });
    server.clock.travelTo(AFTER);
    const early = await schemeToday(ctx, server.db);
    expect(kgOf(early)).toEqual([{ rubbishType1: 1, kg: 2 }, { rubbishType1: 3, kg: 4 }]);
    expect(early.pointsToday).toEqual({ issued: 20, redeemed: 5 });
    expect(early.households).toEqual({ enrolled: 2, participating: 2 });
  });
});

describe('households with no record for N days', () => {
  it('are those with none on the last N days of the tenant\'s calendar, today included', async () => {
    server.clock.travelTo('2026-11-28T06:00:00+08:00');
    const where = await world.place();
    const clerk = await clerkOf(where);
    const lastSeen = async (time: string) => {
      const home = await compoundBeside(where);
      const h = await world.household(home);
      await record(h, 11, 1, time);
      return { household: h, compound: home.vareaId };
    };
    // Seven days and six hours ago: silent for seven days.
    const silent = await lastSeen('2026-11-21T00:00:00+08:00');
    const justBefore = await lastSeen('2026-11-21T23:59:30+08:00');
    const justAfter = await lastSeen('2026-11-21T16:00:30Z');
    const yesterday = await lastSeen(BEFORE);
    const today = await lastSeen(AFTER_UTC);
    const quiet = async (days: number) => {
      const answer = await read<{ households: { items: Dto[] }; compounds: Dto[] }>(clerk, 'Rblist', 'GetRblistUpNotData', { Days: days, MaxResultCount: 100 });
      return [answer.households.items.map((h) => h.id).sort(), answer.compounds.map((c) => c.vareaId).sort()];
    };
    const ids = (list: { household: number; compound: number }[]) => [list.map((l) => l.household).sort(), list.map((l) => l.compound).sort()];
    // The 22nd to the 28th: the household last seen half a minute into the 22nd is not silent, one half a minute before is.
    expect(await quiet(7)).toEqual(ids([silent, justBefore]));
    // Today alone: yesterday's last half-minute is silent today, today's first is not.
    expect(await quiet(1)).toEqual(ids([silent, justBefore, justAfter, yesterday]));
    expect(today.household).not.toBe(yesterday.household);
    const listed = await read<{ households: { items: Dto[] } }>(clerk, 'Rblist', 'GetRblistUpNotData', { Days: 7 });
    expect(listed.households.items.map((h) => [h.id, h.lastRecordTime])).toEqual([[silent.household, '2026-11-21T00:00:00+08:00'], [justBefore.household, '2026-11-21T23:59:30+08:00']]);
  });
});

describe('impossible dates', () => {
  const IMPOSSIBLE = ['2026-02-30', '2026-13-45', 'notadate'];

  it('answer 400 naming the parameter on every date of the analyses, the ledger and the positions', async () => {
    const where = await world.place();
    const collector = (await world.create('Igcs_Collector', {
      name: '钱师傅', phone: '13900005555', idCardNumber: sampleForCheck('idCard'), careaIds: [where.careaId], status: 1,
    })).id;
    const calls: [string, string, string, Query][] = [
      ...['GetRblistParticipation', 'GetRblistCollectorAnalyse', 'GetGarbageDisposalTop', 'GetRblistTrend'].flatMap((m) =>
        ['From', 'To'].map((p) => ['Rblist', m, p, {}] as [string, string, string, Query])),
      ['Integral', 'GetPointsFlow', 'From', {}], ['Integral', 'GetPointsFlow', 'To', {}],
      ['Integral', 'GetAll', 'From', {}], ['Integral', 'GetAll', 'To', {}],
      ['Igcs_Location', 'GetAll', 'Date', {}], ['Igcs_Location', 'GetTrack', 'Date', { CollectorId: collector }],
    ];
    for (const [service, method, parameter, rest] of calls) {
      for (const value of IMPOSSIBLE) {
        expectValidationError(await get(admin, service, method, { ...rest, [parameter]: value }), parameter.toLowerCase());
      }
    }
  });

  it('answer 400 naming the field on every date and time a write of the scheme sends, and store nothing', async () => {
    server.clock.travelTo(AFTER);
    const where = await world.place();
    const key = await stationIn(where);
    const { id: h, card } = await cardHolder(where);
    const { id: collector, deviceKey } = await world.create('Igcs_Collector', {
      name: '孙师傅', phone: '13900006666', idCardNumber: sampleForCheck('idCard'), careaIds: [where.careaId], status: 1,
    });
    const phone = String(deviceKey);
    const before = await recordCount();
    const create = (service: string, body: Record<string, unknown>) => server.call('POST', svc(service, 'Create'), { token: admin, body });
    const times = ['2026-02-30T10:00:00+08:00', '2026-13-45 10:00', 'notadate', '2026-11-28T24:00:01+08:00'];
    for (const time of times) {
      expectValidationError(await create('Rblist', { householdId: h, rubbishType2: 11, weight: 1, recordTime: time, photos: [] }), 'recordTime');
      expectValidationError(await send(key, [dropOff(card, time)]), 'dropOffs[0].at');
      expectValidationError(await server.call('POST', POSITIONS_PATH, { headers: { 'X-Device-Key': phone }, body: { positions: [{ longitude: 120, latitude: 30, at: time }] } }), 'positions[0].at');
    }
    // A device must say which instant it means: a wall time without an offset is refused.
    expectValidationError(await send(key, [dropOff(card, '2026-11-28 00:00:10')]), 'dropOffs[0].at');
    const rules = await server.db.query<{ n: number }>('select count(*)::int as n from points_rule');
    const households = await server.db.query<{ n: number }>('select count(*)::int as n from scheme_user');
    for (const date of IMPOSSIBLE) {
      expectValidationError(await create('IntegralRule', { name: unique('规则'), rubbishType2: 11, mode: 1, points: 1, validFrom: date }), 'validFrom');
      expectValidationError(await create('IntegralRule', { name: unique('规则'), rubbishType2: 11, mode: 1, points: 1, validFrom: '2026-01-01', validTo: date }), 'validTo');
      expectValidationError(await create('BHUsers', world.householdBody(where, { enrolDate: date })), 'enrolDate');
      expectValidationError(await get(admin, 'Rblist', 'GetAll', { recordTimeFrom: date }), 'recordTimeFrom');
    }
    expect(await recordCount()).toBe(before);
    expect(await server.db.query<{ n: number }>('select count(*)::int as n from points_rule')).toEqual(rules);
    expect(await server.db.query<{ n: number }>('select count(*)::int as n from scheme_user')).toEqual(households);
    expect(await server.db.query('select 1 from collector_location where collector_id = $1', [collector])).toHaveLength(0);
  });
});

describe('a tenant on another zone', () => {
  it('counts records on the days of its own calendar', async () => {
    const tenant = await createTenant(server);
    await server.db.query(`update tenants set time_zone = 'Europe/London' where id = $1`, [tenant.id]);
    const token = await server.login(tenant.id, 'admin', '123qwe');
    const create = async (service: string, body: Record<string, unknown>) =>
      ok<Dto>(await server.call('POST', svc(service, 'Create'), { token, body }), `${service}/Create`);
    const q = await create('Qarea', { name: unique('区') });
    const s = await create('Sarea', { qareaId: q.id, name: unique('街道') });
    const c = await create('Carea', { qareaId: q.id, sareaId: s.id, name: unique('社区') });
    const v = await create('Varea', { qareaId: q.id, sareaId: s.id, careaId: c.id, name: unique('小区') });
    const h = await create('BHUsers', world.householdBody({ qareaId: q.id, sareaId: s.id, careaId: c.id, vareaId: v.id }));
    // London's midnight is China's 08:00: half a minute before it is London's 27th, half a minute after its 28th.
    const late = await create('Rblist', { householdId: h.id, rubbishType2: 11, weight: 1, recordTime: '2026-11-28T07:59:30+08:00', photos: [] });
    expect(late.recordTime).toBe('2026-11-27T23:59:30+00:00');
    await create('Rblist', { householdId: h.id, rubbishType2: 11, weight: 2, recordTime: '2026-11-28T00:00:30Z', photos: [] });
    const trend = ok<{ items: Dto[] }>(await get(token, 'Rblist', 'GetRblistTrend', { From: '2026-11-27', To: '2026-11-28', Grain: 'day' }), 'GetRblistTrend');
    expect(trend.items.map((i) => [i.period, i.weight])).toEqual([['2026-11-27', 1], ['2026-11-28', 2]]);
  });
});
