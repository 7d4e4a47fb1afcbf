// The points ledger's guarantees: a posting happens at most once per request id, all its legs or none, no household
// below zero, nothing changed afterwards, and a reconciliation that proves balances equal their entries' sums.
import type { RequestContext } from '../../src/server/http/context';
import { post, reverse } from '../../src/server/modules/points/ledger';
import { pointsAccountKind, pointsReason } from '../../src/shared/enums';
import { reconcile } from '../../src/server/modules/points';
import { releaseExpiredHolds } from '../../src/server/modules/points/redemption';
import { expectError, expectSuccess, expectValidationError, userWithPermissions, type Dto } from '../support/server-fixtures';
import { recyclingWorld } from '../support/recycling-world';
import { svc, unique, useTestServer } from '../support/server-harness';
import { DEFAULT_TIME_ZONE, tenantCalendar } from '../../src/shared/time';

const server = useTestServer();
let admin: string;
const ADJUST = svc('Integral', 'IncreasePointsOpt');

beforeAll(async () => {
  admin = await server.token(1, 'admin');
});

const world = recyclingWorld(server, () => admin);
const { balanceOf } = world;

async function households(count: number): Promise<number[]> {
  const where = await world.place();
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push(await world.household(where, { name: `住户${i}` }));
  return ids;
}
const requestId = () => unique('req').replace(/[^\w]/g, '');
const adjust = (householdId: number, points: number, id = requestId(), remark = '活动奖励', token = admin) =>
  server.call('POST', ADJUST, { token, body: { householdId, points, remark, requestId: id } });

/** A request context as the app services get one, for the ledger operations no endpoint offers yet. */
const adminContext = (): RequestContext => ({
  db: server.db, hub: null, clock: server.clock, calendar: tenantCalendar(DEFAULT_TIME_ZONE, server.clock),
  tenantId: 1, language: 'zh-CN', ip: '127.0.0.1', isGranted: () => true,
  session: { userId: 2, userName: 'admin', tenantId: 1, language: null, permissions: new Set(), enterpriseIds: null, areas: null },
} as unknown as RequestContext);

describe('Integral/IncreasePointsOpt', () => {
  it('posts once per request id: a retry answers the first posting, the same id with other content is refused', async () => {
    const [h] = await households(1);
    const id = requestId();
    const first = expectSuccess<Dto>(await adjust(h, 120, id));
    expect(first).toMatchObject({ requestId: id, reason: 3, remark: '活动奖励', replayed: false });
    expect(first.entries).toEqual([
      { householdId: h, account: null, amount: 120, balanceAfter: 120 },
      { householdId: null, account: 1, amount: -120, balanceAfter: null },
    ]);
    const again = expectSuccess<Dto>(await adjust(h, 120, id));
    expect(again).toEqual({ ...first, replayed: true });
    const error = expectError(await adjust(h, 121, id), 409);
    expect(error.validationErrors?.[0].members).toEqual(['requestId']);
    expect(await balanceOf(h)).toBe(120);
    const rows = await server.db.query('select 1 from points_postings where request_id = $1', [id]);
    expect(rows).toHaveLength(1);
  });

  it('posts a request id sent eight times at once exactly once, and answers every sender with that posting', async () => {
    const [h] = await households(1);
    const id = requestId();
    const answers = (await Promise.all(Array.from({ length: 8 }, () => adjust(h, 35, id)))).map((r) => expectSuccess<Dto>(r));
    expect(answers.filter((a) => a.replayed === false)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    for (const a of answers) expect(a.entries).toContainEqual({ householdId: h, account: null, amount: 35, balanceAfter: 35 });
    expect(await balanceOf(h)).toBe(35);
    const books = await reconcile(server.db, 1);
    expect(books).toMatchObject({ householdsOff: 0, unbalancedPostings: 0 });
  });

  it('answers a request id another transaction is posting, once that commits, with its posting and no second move', async () => {
    const [h] = await households(1);
    const id = requestId();
    let second: ReturnType<typeof adjust> | undefined;
    const first = await server.db.transaction(async (tx) => {
      const posting = await post(adminContext(), tx, { requestId: id, origin: 'caller', reason: pointsReason.adjustment, remark: '活动奖励',
        legs: [{ household: h, amount: 35 }, { account: pointsAccountKind.pool, amount: -35 }] });
      // The same request arrives while the first is still open: on PostgreSQL it moves the balance too, then finds
      // the first posting when that commits, and must take its own move back.
      second = adjust(h, 35, id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return posting;
    });
    const answer = expectSuccess<Dto>(await second!);
    expect(answer).toMatchObject({ id: first.id, replayed: true });
    expect(await balanceOf(h)).toBe(35);
    expect(await reconcile(server.db, 1)).toMatchObject({ householdsOff: 0, unbalancedPostings: 0 });
  });

  it('refuses to take a household below zero, and stores nothing of the refused posting', async () => {
    const [h] = await households(1);
    expectSuccess(await adjust(h, 50));
    const id = requestId();
    const error = expectValidationError(await adjust(h, -51, id), 'points');
    expect(error.validationErrors![0].message).toBe('积分不足（当前余额 50）');
    expect(await balanceOf(h)).toBe(50);
    expect(await server.db.query('select 1 from points_postings where request_id = $1', [id])).toHaveLength(0);
    expectSuccess(await adjust(h, -50));
    expect(await balanceOf(h)).toBe(0);
  });

  it('needs a permission of its own, a reason and a well-formed request id', async () => {
    const [h] = await households(1);
    const reader = await userWithPermissions(server, admin, 1, ['Pages.Integral', 'Pages.BHUsers']);
    expectError(await adjust(h, 10, requestId(), '奖励', reader.token), 403, true);
    expectValidationError(await server.call('POST', ADJUST, { token: admin, body: { householdId: h, points: 10, requestId: requestId() } }), 'remark');
    expectValidationError(await adjust(h, 10, 'bad id!'), 'requestId');
    expectValidationError(await adjust(h, 0), 'points');
    expectError(await adjust(987654321, 10), 404);
    expect(await balanceOf(h)).toBe(0);
  });

  it('lists a household’s entries newest first, with the reason and the balance each left', async () => {
    const [h] = await households(1);
    expectSuccess(await adjust(h, 30, requestId(), '第一次'));
    expectSuccess(await adjust(h, -10, requestId(), '第二次'));
    const list = expectSuccess<{ totalCount: number; items: Dto[] }>(await server.call('GET', svc('Integral', 'GetAll'), { token: admin, query: { HouseholdId: h } }));
    expect(list.totalCount).toBe(2);
    expect(list.items.map((e) => [e.amount, e.balanceAfter, e.remark, e.reason])).toEqual([[-10, 20, '第二次', 3], [30, 30, '第一次', 3]]);
  });
});

describe('the database keeps the books', () => {
  it('refuses to change or delete a posting or an entry, and an entry set that does not balance', async () => {
    const [h] = await households(1);
    const posting = expectSuccess<Dto>(await adjust(h, 40));
    await expect(server.db.query('update points_entries set amount = 400 where posting_id = $1', [posting.id])).rejects.toThrow(/append-only/);
    await expect(server.db.query('delete from points_entries where posting_id = $1', [posting.id])).rejects.toThrow(/append-only/);
    await expect(server.db.query('update points_postings set remark = $2 where id = $1', [posting.id, 'x'])).rejects.toThrow(/append-only/);
    await expect(server.db.query('delete from points_postings where id = $1', [posting.id])).rejects.toThrow(/append-only/);
    await expect(server.db.transaction(async (tx) => {
      const [p] = await tx.query<{ id: number }>(`insert into points_postings (tenant_id, request_id, fingerprint, reason) values (1, $1, repeat('0', 64), 3) returning id`, [requestId()]);
      await tx.query('insert into points_entries (tenant_id, posting_id, household_id, amount, balance_after) values (1, $1, $2, 5, 45)', [p.id, h]);
    })).rejects.toThrow(/does not balance/);
    expect(await balanceOf(h)).toBe(40);
  });
});

describe('reversals', () => {
  it('undo a posting once, and refuse when the points are already spent', async () => {
    const [h] = await households(1);
    const award = expectSuccess<Dto>(await adjust(h, 60));
    const ctx = adminContext();
    const id = requestId();
    const undone = await server.db.transaction((tx) => reverse(ctx, tx, award.id as number, id, '录入错误'));
    expect(undone).toMatchObject({ reason: 4, reversesId: award.id, replayed: false });
    expect(await balanceOf(h)).toBe(0);
    // The same reversal retried is the same posting; another one is refused.
    expect(await server.db.transaction((tx) => reverse(ctx, tx, award.id as number, id, '录入错误'))).toMatchObject({ id: undone.id, replayed: true });
    await expect(server.db.transaction((tx) => reverse(ctx, tx, award.id as number, requestId()))).rejects.toThrow();
    const spent = expectSuccess<Dto>(await adjust(h, 30));
    expectSuccess(await adjust(h, -25));
    await expect(server.db.transaction((tx) => reverse(ctx, tx, spent.id as number, requestId()))).rejects.toThrow();
    expect(await balanceOf(h)).toBe(5);
  });
});

describe('under concurrency', () => {
  it('keeps every guarantee through random concurrent awards, spends, reversals, redemptions and retries', async () => {
    const homes = await households(4);
    const cards = new Map((await server.db.query<{ id: number; card_no: string }>('select id, card_no from scheme_user where id = any($1::bigint[])', [homes]))
      .map((r) => [Number(r.id), r.card_no]));
    // A machine of 3 slots of 20 items at 7 points: redemptions hold, post and release points beside the adjustments.
    const where = await world.place();
    const type = await world.create('BHgoodsType', { name: unique('日用品') });
    const goods = await world.create('BHgoods', { name: unique('肥皂'), goodsTypeId: type.id, pointsPrice: 7, stock: 60, onShelf: true });
    const machine = await world.create('BHgoodsExchange', { name: unique('兑换机'), equipid: unique('EX').replace(/\W/g, '').slice(-20), ...where, slotCount: 3, slotCapacity: 20 });
    for (const slotNo of [1, 2, 3]) {
      expectSuccess(await server.call('POST', svc('BHgoodsExchange', 'ExchangeMachine_UpShelves'), { token: admin, body: { id: machine.id, slotNo, goodsId: goods.id, quantity: 20 } }));
    }
    const device = (path: string, body: unknown) => server.call('POST', path, { body, headers: { 'X-Device-Key': String(machine.deviceKey) } });
    const holds: { requestId: string; cardNo: string; slotNo: number }[] = [];
    let seed = 20261126;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
    const sent: { id: string; household: number; points: number; posted?: boolean }[] = [];
    const created = new Set<number>();
    const replays: number[] = [];
    const ctx = adminContext();
    const operation = async () => {
      const roll = random();
      if (roll < 0.15 && sent.length > 0) {
        // A retry of something sent before: the same answer or the same refusal, never a second posting.
        const earlier = pick(sent);
        const response = await adjust(earlier.household, earlier.points, earlier.id);
        // Its original may still be on its way: what it answered is checked once every round is done. A retry of one
        // refused before (not enough points then) may post now, once.
        if (response.status === 200 && response.body.result.replayed) replays.push(response.body.result.id);
        if (response.status === 200 && !response.body.result.replayed) {
          created.add(response.body.result.id);
          earlier.posted = true;
        }
        return;
      }
      const posted = sent.filter((e) => e.posted);
      if (roll < 0.2 && posted.length > 0) {
        // An id that was posted, reused for something else: refused, whatever the balance. One point more of the same
        // sign (one point less than -1 would be 0, which is refused as invalid before the id is looked at).
        const earlier = pick(posted);
        const response = await adjust(earlier.household, earlier.points + Math.sign(earlier.points), earlier.id);
        expect(response.status).toBe(409);
        return;
      }
      if (roll < 0.3 && created.size > 0) {
        await server.db.transaction((tx) => reverse(ctx, tx, pick([...created]), requestId())).catch(() => undefined);
        return;
      }
      if (roll < 0.4) {
        // A redemption asked for, or asked for again: one hold per request id, or a clear refusal.
        const again = holds.length > 0 && random() < 0.3;
        const request = again ? pick(holds) : { requestId: requestId().slice(-40), cardNo: cards.get(pick(homes))!, slotNo: 1 + Math.floor(random() * 3) };
        if (!again) holds.push(request);
        const response = await device('/api/device/exchange/hold', request);
        expect([200, 400]).toContain(response.status);
        return;
      }
      if (roll < 0.5 && holds.length > 0) {
        // The machine's report, first or repeated, either way: each hold ends once.
        const response = await device('/api/device/exchange/settle', { requestId: pick(holds).requestId, outcome: random() < 0.7 ? 'dispensed' : 'failed' });
        expect([200, 400, 409]).toContain(response.status);
        return;
      }
      if (roll < 0.52) {
        // A sweep from far in the future: every hold still open times out.
        await releaseExpiredHolds(server.app.services, server.app.registry.resources, Date.now() + 3600_000);
        return;
      }
      const points = roll < 0.65 ? 1 + Math.floor(random() * 50) : -(1 + Math.floor(random() * 60));
      const entry: (typeof sent)[number] = { id: requestId(), household: pick(homes), points };
      sent.push(entry);
      const response = await adjust(entry.household, entry.points, entry.id);
      expect([200, 400]).toContain(response.status);
      if (response.status === 200) {
        created.add(response.body.result.id);
        entry.posted = true;
      }
    };
    for (let round = 0; round < 12; round++) await Promise.all(Array.from({ length: 16 }, operation));

    for (const id of replays) expect(created).toContain(id);
    await releaseExpiredHolds(server.app.services, server.app.registry.resources, Date.now() + 3600_000);
    const [ends] = await server.db.query<{ open: number; ended: number; endPostings: number; slots: number }>(
      `select count(*) filter (where state = 1)::int as open, count(*) filter (where state <> 1)::int as ended,
              (select count(*) from points_postings p where p.request_id like 'hold-%-end'
                 and exists (select 1 from exchange_hold x where p.request_id = 'hold-' || x.id || '-end' and x.machine_id = $1))::int as "endPostings",
              (select count(*) from exchange_slot where machine_id = $1 and held <> 0)::int as slots
         from exchange_hold where machine_id = $1`, [machine.id]);
    expect(ends.open).toBe(0);
    expect(ends.endPostings).toBe(ends.ended);
    expect(ends.slots).toBe(0);
    const [items] = await server.db.query<{ left: number; dispensed: number }>(
      `select (select sum(quantity) from exchange_slot where machine_id = $1)::int as left,
              (select count(*) from exchange_hold where machine_id = $1 and state = 2)::int as dispensed`, [machine.id]);
    expect(items.left + items.dispensed).toBe(60);
    const books = await reconcile(server.db, 1);
    expect(books).toMatchObject({ householdsOff: 0, accountsOff: 0, unbalancedPostings: 0, negativeBalances: 0, booksTotal: 0 });
    const repeated = await server.db.query('select request_id from points_postings group by tenant_id, server_made, request_id having count(*) > 1');
    expect(repeated).toHaveLength(0);
    const reversedTwice = await server.db.query('select reverses_id from points_postings where reverses_id is not null group by reverses_id having count(*) > 1');
    expect(reversedTwice).toHaveLength(0);
    for (const h of homes) expect(await balanceOf(h)).toBeGreaterThanOrEqual(0);
    const answered = expectSuccess<Dto>(await server.call('GET', svc('Integral', 'GetReconciliation'), { token: admin }));
    expect(answered).toMatchObject({ householdsOff: 0, accountsOff: 0, unbalancedPostings: 0, negativeBalances: 0, booksTotal: 0 });
  }, 120_000);
});

describe('the reconciliation', () => {
  it('finds points held that no hold accounts for, though the posting itself balances', async () => {
    const rogue = (amount: number) => server.db.transaction(async (tx) => {
      const [p] = await tx.query<{ id: number }>(`insert into points_postings (tenant_id, request_id, fingerprint, reason) values (1, $1, repeat('0', 64), 6) returning id`, [requestId()]);
      await tx.query('insert into points_accounts (tenant_id, kind) values (1, 1), (1, 2) on conflict do nothing');
      const accounts = await tx.query<{ id: number; kind: number }>('select id, kind from points_accounts where tenant_id = 1 and kind in (1, 2) order by kind');
      await tx.query(`insert into points_entries (tenant_id, posting_id, account_id, amount) values (1, $1, $2, $3), (1, $1, $4, $5)`,
        [p.id, accounts[0].id, -amount, accounts[1].id, amount]);
    });
    await rogue(25);
    expect(await reconcile(server.db, 1)).toMatchObject({ accountsOff: 1, unbalancedPostings: 0, booksTotal: 0 });
    // Mistakes are put right by a posting the other way, never by changing the first.
    await rogue(-25);
    expect(await reconcile(server.db, 1)).toMatchObject({ householdsOff: 0, accountsOff: 0, unbalancedPostings: 0, negativeBalances: 0, booksTotal: 0 });
  });
});
