// Recycling records and their points: approving awards the rule in force at the record's time (within the daily cap),
// once; rejecting an approved record takes its points back in the same transaction; editing a rule never changes an
// award already made.
import { expectError, expectSuccess, expectValidationError, ok, type Dto } from '../support/server-fixtures';
import { recyclingWorld, type AreaPlace } from '../support/recycling-world';
import { svc, unique, useTestServer } from '../support/server-harness';

const server = useTestServer();
let admin: string;
let home: AreaPlace;

const call = (verb: 'GET' | 'POST' | 'PUT', service: string, method: string, data: Record<string, unknown> = {}) =>
  server.call(verb, svc(service, method), verb === 'GET' ? { token: admin, query: data as Record<string, number> } : { token: admin, body: data });
const world = recyclingWorld(server, () => admin);
const { create, balanceOf } = world;

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  home = await world.place();
});

const household = () => world.household(home);
const record = (householdId: number, rubbishType2: number, weight: number, recordTime: string) =>
  create('Rblist', { householdId, rubbishType2, weight, recordTime, photos: [] });
const approve = (id: number) => call('POST', 'Rblist', 'Approve', { id });

it('lists the classes and sub-classes of GB/T 19095-2019', async () => {
  expect(expectSuccess(await call('GET', 'Rblist', 'GetRubbishType1'))).toEqual([
    { value: 1, name: '可回收物' }, { value: 2, name: '有害垃圾' }, { value: 3, name: '厨余垃圾' }, { value: 4, name: '其他垃圾' },
  ]);
  const recyclables = expectSuccess<{ name: string }[]>(await call('GET', 'Rblist', 'GetRubbishType2', { type1: 1 }));
  expect(recyclables.map((t) => t.name)).toEqual(['纸类', '塑料', '金属', '玻璃', '织物']);
  const all = expectSuccess<{ value: number }[]>(await call('GET', 'Rblist', 'GetRubbishType2'));
  expect(all.filter((t) => t.value < 40)).toHaveLength(11);
});

it('places a record where its household lives, with the class of its sub-class', async () => {
  const h = await household();
  const r = await record(h, 23, 0.5, '2026-03-02T10:00:00');
  expect(r).toMatchObject({ ...home, rubbishType1: 2, rubbishType2: 23, auditStatus: 1, source: 3, points: 0 });
});

it('awards the rule in force, once, and locks the approved record', async () => {
  const rule = await create('IntegralRule', { name: unique('纸类'), rubbishType2: 11, mode: 1, points: 10, validFrom: '2026-01-01' });
  const h = await household();
  const r = await record(h, 11, 2.35, '2026-03-01T09:30:00');
  const approved = expectSuccess<Dto>(await approve(r.id));
  expect(approved).toMatchObject({ auditStatus: 2, points: 23, ruleId: rule.id, ruleVersion: 1 });
  expect(await balanceOf(h)).toBe(23);
  expectValidationError(await approve(r.id), 'auditStatus');
  expectValidationError(await call('PUT', 'Rblist', 'Update', { id: r.id, weight: 9 }), 'auditStatus');
  expect(await balanceOf(h)).toBe(23);
  const [posting] = await server.db.query<{ rule_id: number; rule_version: number; record_id: number }>(
    'select rule_id::int, rule_version, record_id::int from points_postings where request_id = $1', [`record-${r.id}-award`]);
  expect(posting).toEqual({ rule_id: rule.id, rule_version: 1, record_id: r.id });
});

it('approves a record racing with itself exactly once', async () => {
  await create('IntegralRule', { name: unique('金属'), rubbishType2: 13, mode: 2, points: 7, validFrom: '2026-01-01' });
  const h = await household();
  const r = await record(h, 13, 1, '2026-03-03T09:00:00');
  const answers = await Promise.all(Array.from({ length: 5 }, () => approve(r.id)));
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  expect(await balanceOf(h)).toBe(7);
});

it('keeps within the daily cap of a household, per day', async () => {
  await create('IntegralRule', { name: unique('玻璃'), rubbishType2: 14, mode: 2, points: 5, dailyCap: 8, validFrom: '2026-01-01' });
  const h = await household();
  const day = async (time: string) => expectSuccess<Dto>(await approve((await record(h, 14, 1, time)).id)).points;
  expect([await day('2026-04-01T08:00:00'), await day('2026-04-01T18:00:00'), await day('2026-04-01T19:00:00'), await day('2026-04-02T08:00:00')])
    .toEqual([5, 3, 0, 5]);
  expect(await balanceOf(h)).toBe(13);
});

it('keeps what was awarded when a rule changes, and applies the new version afterwards', async () => {
  const rule = await create('IntegralRule', { name: unique('塑料'), rubbishType2: 12, mode: 1, points: 4, validFrom: '2026-01-01' });
  const h = await household();
  const before = expectSuccess<Dto>(await approve((await record(h, 12, 3, '2026-05-01T09:00:00')).id));
  expect(before).toMatchObject({ points: 12, ruleVersion: 1 });
  expectSuccess(await call('PUT', 'IntegralRule', 'Update', { id: rule.id, points: 6 }));
  // A record timed after the change earns the new version.
  const after = expectSuccess<Dto>(await approve((await record(h, 12, 3, new Date().toISOString())).id));
  expect(after).toMatchObject({ points: 18, ruleVersion: 2 });
  expect(ok<Dto>(await call('GET', 'Rblist', 'Get', { Id: before.id }), 'Get')).toMatchObject({ points: 12, ruleVersion: 1 });
  const versions = await server.db.query<{ version: number; points: number }>(
    `select version, (terms->>'points')::int as points from points_rule_version where rule_id = $1 order by version`, [rule.id]);
  expect(versions).toEqual([{ version: 1, points: 4 }, { version: 2, points: 6 }]);
  expect(await balanceOf(h)).toBe(30);
});

it('awards the version of the rule in force at the record\'s time, even when the rule changed before the approval', async () => {
  const rule = await create('IntegralRule', { name: unique('灯管'), rubbishType2: 21, mode: 1, points: 8, validFrom: '2026-01-01' });
  const h = await household();
  // Timed a moment ago, under version 1; the rule is edited a second later, and only then is the record approved.
  const r = await record(h, 21, 1, new Date(Date.now() - 1000).toISOString());
  expectSuccess(await call('PUT', 'IntegralRule', 'Update', { id: rule.id, points: 16 }));
  expect(expectSuccess<Dto>(await approve(r.id))).toMatchObject({ points: 8, ruleId: rule.id, ruleVersion: 1 });
  const [posting] = await server.db.query<{ rule_id: number; rule_version: number; amount: number }>(
    `select p.rule_id::int, p.rule_version, e.amount::int from points_postings p join points_entries e on e.posting_id = p.id
      where p.record_id = $1 and e.household_id = $2`, [r.id, h]);
  expect(posting).toEqual({ rule_id: rule.id, rule_version: 1, amount: 8 });
  expect(await balanceOf(h)).toBe(8);
});

it('awards nothing for a record from before the rule started', async () => {
  await create('IntegralRule', { name: unique('织物'), rubbishType2: 15, mode: 2, points: 9, validFrom: '2026-06-01' });
  const h = await household();
  expect(expectSuccess<Dto>(await approve((await record(h, 15, 1, '2026-05-31T23:00:00')).id))).toMatchObject({ auditStatus: 2, points: 0, ruleId: null });
  expect(await balanceOf(h)).toBe(0);
});

it('takes the points of a rejected record back in the same transaction, and refuses when they are spent', async () => {
  await create('IntegralRule', { name: unique('电池'), rubbishType2: 23, mode: 2, points: 20, validFrom: '2026-01-01' });
  const h = await household();
  const first = (await record(h, 23, 0.2, '2026-07-01T09:00:00')).id;
  expectSuccess(await approve(first));
  const rejected = expectSuccess<Dto>(await call('POST', 'Rblist', 'Reject', { id: first, reason: '照片与实物不符' }));
  expect(rejected).toMatchObject({ auditStatus: 3, rejectReason: '照片与实物不符', points: 20 });
  expect(await balanceOf(h)).toBe(0);
  expectValidationError(await call('POST', 'Rblist', 'Reject', { id: first, reason: '再次驳回' }), 'auditStatus');

  const second = (await record(h, 23, 0.2, '2026-07-02T09:00:00')).id;
  expectSuccess(await approve(second));
  expectSuccess(await call('POST', 'Integral', 'IncreasePointsOpt', { householdId: h, points: -15, remark: '兑换', requestId: unique('spend').replace(/\W/g, '') }));
  expectValidationError(await call('POST', 'Rblist', 'Reject', { id: second, reason: '重复记录' }), 'points');
  expect(ok<Dto>(await call('GET', 'Rblist', 'Get', { Id: second }), 'Get')).toMatchObject({ auditStatus: 2 });
  expect(await balanceOf(h)).toBe(5);
  expectError(await call('POST', 'Rblist', 'Approve', { id: 987654321 }), 404);
});

it('refuses a rule that ends before it starts, on create and on update, naming validTo', async () => {
  const body = { name: unique('玻璃'), rubbishType2: 14, mode: 1, points: 3 };
  const refused = await call('POST', 'IntegralRule', 'Create', { ...body, validFrom: '2026-06-01', validTo: '2026-05-31' });
  expectValidationError(refused, 'validTo');
  expect(refused.body.error?.validationErrors?.[0].message).toMatch(/失效日期不能早于生效日期/);
  expect(await server.db.query('select 1 from points_rule where name = $1', [body.name])).toHaveLength(0);
  // One day is a period too.
  const rule = await create('IntegralRule', { ...body, validFrom: '2026-06-01', validTo: '2026-06-01' });
  expectValidationError(await call('PUT', 'IntegralRule', 'Update', { id: rule.id, validTo: '2026-05-01' }), 'validTo');
  expectValidationError(await call('PUT', 'IntegralRule', 'Update', { id: rule.id, validFrom: '2026-07-01' }), 'validTo');
  expect(ok<Dto>(await call('GET', 'IntegralRule', 'Get', { Id: rule.id }), 'Get')).toMatchObject({ validFrom: '2026-06-01', validTo: '2026-06-01' });
});
