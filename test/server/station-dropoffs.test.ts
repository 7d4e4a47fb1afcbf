// Smart stations posting drop-offs with their device key: each becomes an approved record with its points at once,
// exactly once however often (and however concurrently) a station sends it again.
import { expectError, expectSuccess, expectValidationError, type Dto } from '../support/server-fixtures';
import { recyclingWorld } from '../support/recycling-world';
import { unique, useTestServer } from '../support/server-harness';

const server = useTestServer();
const PATH = '/api/device/dropoffs';
let admin: string;
let key: string;
let card: string;
let household: number;
let stationId: number;

const world = recyclingWorld(server, () => admin);
const send = (dropOffs: unknown[], deviceKey = key) => server.call('POST', PATH, { body: { dropOffs }, headers: { 'X-Device-Key': deviceKey } });
const balance = () => world.balanceOf(household);
const drop = (messageId: string, extra: Record<string, unknown> = {}) =>
  ({ messageId, cardNo: card, rubbishType2: 12, weight: 2, at: '2026-08-01T09:30:00+08:00', ...extra });

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  const where = await world.place();
  card = world.cardNo();
  household = await world.household(where, { name: '赵敏', cardNo: card });
  await world.create('IntegralRule', { name: unique('塑料'), rubbishType2: 12, mode: 1, points: 5, validFrom: '2026-01-01' });
  const station = await world.create('RecyclingStation', { name: '一号回收站', serialNumber: unique('ST').replace(/\W/g, '').slice(0, 20), ...where });
  stationId = station.id;
  key = String(station.deviceKey);
  expect(key.length).toBeGreaterThan(20);
});

// The drop-offs below were stamped on 1 August: the server's clock reads that day, so that they are recent.
beforeEach(() => server.clock.travelTo('2026-08-01T12:00:00+08:00'));
afterEach(() => server.clock.reset());

it('posts each drop-off as an approved record with its points, and answers a resend with the same records', async () => {
  const batch = [drop(unique('m')), drop(unique('m'), { weight: 1.5, rubbishType2: 12 })];
  const first = expectSuccess<{ results: Dto[] }>(await send(batch));
  expect(first.results.map((r) => [r.status, r.points])).toEqual([['posted', 10], ['posted', 7]]);
  expect(await balance()).toBe(17);
  const [record] = await server.db.query<{ source: number; audit_status: number; record_time: string }>(
    'select source, audit_status, record_time from recycling_record where id = $1', [first.results[0].recordId]);
  expect(record).toEqual({ source: 2, audit_status: 2, record_time: '2026-08-01T01:30:00.000Z' });

  const again = expectSuccess<{ results: Dto[] }>(await send(batch));
  expect(again.results).toEqual(first.results.map((r) => ({ ...r, status: 'duplicate' })));
  expect(await balance()).toBe(17);
  const [station] = await server.db.query<{ online_state: number; seen: boolean }>(
    'select online_state, last_seen is not null as seen from recycling_station where id = $1', [stationId]);
  expect(station).toEqual({ online_state: 0, seen: true });
});

it('posts exactly once what an offline station resends, alone or concurrently', async () => {
  const stored = [drop(unique('o')), drop(unique('o')), drop(unique('o'))];
  const before = await balance();
  expectSuccess(await send(stored.slice(0, 2)));
  const answers = await Promise.all(Array.from({ length: 4 }, () => send(stored)));
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    expect(answer.body.result.results.slice(0, 2).map((r: Dto) => r.status)).toEqual(['duplicate', 'duplicate']);
  }
  expect(answers.filter((a) => a.body.result.results[2].status === 'posted')).toHaveLength(1);
  expect(await balance()).toBe(before + 30);
  const messages = await server.db.query('select 1 from station_messages where station_id = $1 and message_id = any($2::text[])', [stationId, stored.map((d) => d.messageId)]);
  expect(messages).toHaveLength(3);
});

it('refuses a bad key with 401 and a malformed batch with 400 naming the field, storing nothing', async () => {
  expectError(await send([drop(unique('k'))], 'not-a-key'), 401, true);
  expectError(await server.call('POST', PATH, { body: { dropOffs: [drop(unique('k'))] } }), 401, true);
  const good = drop(unique('g'));
  const before = await server.db.query('select count(*)::int as n from recycling_record');
  expectValidationError(await send([good, drop(unique('b'), { weight: -1 })]), 'dropOffs[1].weight');
  expectValidationError(await send([good, drop(unique('b'), { at: '2026-08-01 09:30' })]), 'dropOffs[1].at');
  expectValidationError(await send([good, good]), 'dropOffs[1].messageId');
  expectValidationError(await send([]), 'dropOffs');
  expect(await server.db.query('select count(*)::int as n from recycling_record')).toEqual(before);
  expect(await server.db.query('select 1 from station_messages where message_id = $1', [good.messageId])).toHaveLength(0);
});

it('answers a card no household holds without storing it, so it can be sent again once the card is enrolled', async () => {
  const result = expectSuccess<{ results: Dto[] }>(await send([drop(unique('u'), { cardNo: '0000000000' })]));
  expect(result.results[0]).toMatchObject({ status: 'unknownCard', recordId: null, points: null });
});

it('keeps the ids of the awards it derives out of reach of a clerk\'s request ids', async () => {
  // The id the next record's award is posted under, taken first by a hand adjustment: the batch must still post.
  const [{ next }] = await server.db.query<{ next: number }>('select coalesce(max(id), 0)::int + 1 as next from recycling_record');
  for (const taken of [`record-${next}-award`, `record-${next + 1}-award`]) {
    expectSuccess(await server.call('POST', '/api/services/app/Integral/IncreasePointsOpt', {
      token: admin, body: { householdId: household, points: 1, remark: '手工调整', requestId: taken },
    }));
  }
  const before = await balance();
  const answer = expectSuccess<{ results: Dto[] }>(await send([drop(unique('n')), drop(unique('n'))]));
  expect(answer.results.map((r) => r.status)).toEqual(['posted', 'posted']);
  expect(answer.results[0].recordId).toBe(next);
  expect(await balance()).toBe(before + 20);
});
