// Exchange machines: slots loaded from and emptied into the central store, and two-phase redemptions (hold, then
// dispensed, failed or timed out) that resolve exactly once, with the last item or the last points won by one.
import { releaseExpiredHolds } from '../../src/server/modules/points/redemption';
import { startSweeper } from '../../src/server/sweeper';
import { recyclingWorld, type AreaPlace } from '../support/recycling-world';
import { expectError, expectSuccess, expectValidationError, type Dto } from '../support/server-fixtures';
import { svc, unique, useTestServer } from '../support/server-harness';
import { waitFor } from '../support/wait';

const server = useTestServer();
const SERVICE = 'BHgoodsExchange';
const HOLD = '/api/device/exchange/hold';
const SETTLE = '/api/device/exchange/settle';
let admin: string;
/** A machine's grid as the calls answer it. */
interface Grid { machineId: number; itemsLeft: number; slots: Dto[]; holds: Dto[] }
let where: AreaPlace;
let goodsId: number;
let typeId: number;

const world = recyclingWorld(server, () => admin);
const call = (method: string, name: string, body?: Record<string, unknown>) =>
  server.call(method, svc(SERVICE, name) + (method === 'GET' && body ? `?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]))}` : ''),
    { token: admin, body: method === 'GET' ? undefined : body });
const device = (path: string, key: string, body: Record<string, unknown>) => server.call('POST', path, { body, headers: { 'X-Device-Key': key } });
const requestId = () => unique('req').replace(/[^\w.:-]/g, '').slice(-32).padStart(8, 'r');
const stockOf = async (id: number) => Number((await server.db.query<{ stock: number }>('select stock from goods where id = $1', [id]))[0].stock);
const slotOf = async (machineId: number, slotNo: number) =>
  (await server.db.query<{ goods_id: string | null; quantity: number; held: number }>(
    'select goods_id, quantity, held from exchange_slot where machine_id = $1 and slot_no = $2', [machineId, slotNo]))[0];
/** Points in the holds account: the sum of its entries. */
const holdsAccount = async () => Number((await server.db.query<{ balance: string }>(
  'select coalesce(sum(e.amount), 0) as balance from points_entries e join points_accounts a on a.id = e.account_id where a.tenant_id = 1 and a.kind = 2'))[0].balance);

async function machine(extra: Record<string, unknown> = {}): Promise<{ id: number; key: string }> {
  const created = await world.create(SERVICE, { name: unique('兑换机'), equipid: unique('EX').replace(/\W/g, '').slice(-20), ...where, slotCount: 4, slotCapacity: 5, ...extra });
  return { id: created.id, key: String(created.deviceKey) };
}

const load = (id: number, slotNo: number, quantity: number, goods = goodsId) => call('POST', 'ExchangeMachine_UpShelves', { id, slotNo, goodsId: goods, quantity });

/** A household with `points`, given by hand. */
async function householdWith(points: number): Promise<{ id: number; card: string }> {
  const card = world.cardNo();
  const id = await world.household(where, { cardNo: card });
  if (points > 0) {
    expectSuccess(await server.call('POST', svc('Integral', 'IncreasePointsOpt'), { token: admin, body: { householdId: id, points, remark: '开户赠送', requestId: requestId() } }));
  }
  return { id, card };
}

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  where = await world.place();
  typeId = (await world.create('BHgoodsType', { name: unique('日用品') })).id;
  goodsId = (await world.create('BHgoods', { name: unique('洗衣液'), goodsTypeId: typeId, pointsPrice: 30, stock: 100, onShelf: true })).id;
});


describe('slots', () => {
  it('gives a new machine its slots and a key, and loads them from the central store and back', async () => {
    const { id, key } = await machine();
    expect(key.length).toBeGreaterThan(20);
    const fresh = expectSuccess<Grid>(await call('GET', 'GetExchangeMachine_Goods', { id }));
    expect(fresh.slots.map((s: Dto) => [s.slotNo, s.quantity, s.capacity])).toEqual([[1, 0, 5], [2, 0, 5], [3, 0, 5], [4, 0, 5]]);

    const before = await stockOf(goodsId);
    const loaded = expectSuccess<Grid>(await load(id, 2, 5));
    expect(loaded.itemsLeft).toBe(5);
    expect(loaded.slots[1]).toMatchObject({ slotNo: 2, goodsId, quantity: 5, held: 0, pointsPrice: 30 });
    expect(await stockOf(goodsId)).toBe(before - 5);

    expectValidationError(await load(id, 2, 1), 'quantity');
    expectValidationError(await load(id, 9, 1), 'slotNo');
    const other = (await world.create('BHgoods', { name: unique('牙膏'), goodsTypeId: typeId, pointsPrice: 10, stock: 1, onShelf: true })).id;
    expectValidationError(await load(id, 2, 1, other), 'goodsId');
    expectValidationError(await load(id, 3, 2, other), 'quantity');
    expect(await stockOf(other)).toBe(1);

    const unloaded = expectSuccess<Grid>(await call('GET', 'getExchangeMachine_del', { id, slotNo: 2, quantity: 2 }));
    expect(unloaded.slots[1]).toMatchObject({ quantity: 3, goodsId });
    expectSuccess(await call('GET', 'getExchangeMachine_del', { id, slotNo: 2 }));
    expect(await slotOf(id, 2)).toEqual({ goods_id: null, quantity: 0, held: 0 });
    expect(await stockOf(goodsId)).toBe(before);
    expectValidationError(await call('GET', 'getExchangeMachine_del', { id, slotNo: 2 }), 'quantity');
  });

  it('keeps loaded slots: fewer slots, a smaller capacity or deleting the machine are refused while they hold goods', async () => {
    const { id } = await machine();
    expectSuccess(await load(id, 4, 3));
    const row = expectSuccess<Dto>(await call('GET', 'Get', { Id: id }));
    expectValidationError(await server.call('PUT', svc(SERVICE, 'Update'), { token: admin, body: { ...row, slotCount: 3 } }), 'slotCount');
    expectValidationError(await server.call('PUT', svc(SERVICE, 'Update'), { token: admin, body: { ...row, slotCapacity: 2 } }), 'slotCapacity');
    expectValidationError(await server.call('DELETE', `${svc(SERVICE, 'Delete')}?Id=${id}`, { token: admin }), 'id');
    const grown = expectSuccess<Dto>(await server.call('PUT', svc(SERVICE, 'Update'), { token: admin, body: { ...row, slotCount: 6 } }));
    expect(grown.slotCount).toBe(6);
    const slots = expectSuccess<Grid>(await call('GET', 'GetExchangeMachine_Goods', { id }));
    expect(slots.slots.map((s: Dto) => s.quantity)).toEqual([0, 0, 0, 3, 0, 0]);
    expectSuccess(await call('GET', 'getExchangeMachine_del', { id, slotNo: 4 }));
    expectSuccess(await server.call('DELETE', `${svc(SERVICE, 'Delete')}?Id=${id}`, { token: admin }));
  });

  it('lists the places of the machines', async () => {
    const { id } = await machine({ goodsplace: '3号楼南侧', longitude: 120.1, latitude: 30.2 });
    const places = expectSuccess<Dto[]>(await call('GET', 'GetExchangeMachine_place'));
    expect(places.find((p) => p.id === id)).toMatchObject({ goodsplace: '3号楼南侧', vareaId: where.vareaId, longitude: 120.1, latitude: 30.2 });
  });
});

describe('redemptions', () => {
  it('holds the points and the item, then posts them when the machine reports the item dispensed, once', async () => {
    const { id, key } = await machine();
    expectSuccess(await load(id, 1, 3));
    const home = await householdWith(100);
    const rid = requestId();
    const held = expectSuccess<Dto>(await device(HOLD, key, { requestId: rid, cardNo: home.card, slotNo: 1 }));
    expect(held).toMatchObject({ state: 1, points: 30, balance: 70, slotNo: 1, goodsId, replayed: false });
    expect(await slotOf(id, 1)).toMatchObject({ quantity: 3, held: 1 });
    const heldAgain = expectSuccess<Dto>(await device(HOLD, key, { requestId: rid, cardNo: home.card, slotNo: 1 }));
    expect(heldAgain).toMatchObject({ holdId: held.holdId, replayed: true, balance: 70 });
    expectError(await device(HOLD, key, { requestId: rid, cardNo: home.card, slotNo: 2 }), 409);
    const grid = expectSuccess<Grid>(await call('GET', 'GetExchangeMachine_Goods', { id }));
    expect(grid.holds).toEqual([expect.objectContaining({ id: held.holdId, slotNo: 1, householdId: home.id, points: 30 })]);

    const done = expectSuccess<Dto>(await device(SETTLE, key, { requestId: rid, outcome: 'dispensed' }));
    expect(done).toMatchObject({ holdId: held.holdId, state: 2, balance: 70, replayed: false });
    expect(await slotOf(id, 1)).toMatchObject({ quantity: 2, held: 0 });
    expect(expectSuccess<Dto>(await device(SETTLE, key, { requestId: rid, outcome: 'dispensed' }))).toMatchObject({ state: 2, replayed: true });
    expectError(await device(SETTLE, key, { requestId: rid, outcome: 'failed' }), 409);
    expect(await world.balanceOf(home.id)).toBe(70);
    const reasons = await server.db.query<{ reason: number; amount: number }>(
      'select p.reason, e.amount::int from points_entries e join points_postings p on p.id = e.posting_id where e.household_id = $1 order by e.id', [home.id]);
    expect(reasons).toEqual([{ reason: 3, amount: 100 }, { reason: 6, amount: -30 }]);
  });

  it('gives points and item back when the machine reports a failure', async () => {
    const { id, key } = await machine();
    expectSuccess(await load(id, 3, 1));
    const home = await householdWith(30);
    const rid = requestId();
    expectSuccess(await device(HOLD, key, { requestId: rid, cardNo: home.card, slotNo: 3 }));
    expect(await world.balanceOf(home.id)).toBe(0);
    const failed = expectSuccess<Dto>(await device(SETTLE, key, { requestId: rid, outcome: 'failed', failure: '卡货' }));
    expect(failed).toMatchObject({ state: 3, balance: 30 });
    expect(await slotOf(id, 3)).toMatchObject({ quantity: 1, held: 0 });
    expectError(await device(SETTLE, key, { requestId: rid, outcome: 'dispensed' }), 409);
    expect(await world.balanceOf(home.id)).toBe(30);
  });

  it('keeps the ids of the postings it derives out of reach of a clerk\'s request ids', async () => {
    const { id, key } = await machine();
    expectSuccess(await load(id, 1, 2));
    const home = await householdWith(100);
    const rid = requestId();
    const held = expectSuccess<Dto>(await device(HOLD, key, { requestId: rid, cardNo: home.card, slotNo: 1 }));
    // A clerk's adjustment under the id the server gives the hold's end, and under the one of the machine's next hold.
    const next = requestId();
    for (const taken of [`hold-${held.holdId}-end`, `hold-${id}-${next}`]) {
      expectSuccess(await server.call('POST', svc('Integral', 'IncreasePointsOpt'), { token: admin, body: { householdId: home.id, points: 5, remark: '手工调整', requestId: taken } }));
    }
    expect(expectSuccess<Dto>(await device(SETTLE, key, { requestId: rid, outcome: 'dispensed' }))).toMatchObject({ state: 2, balance: 80 });
    expect(expectSuccess<Dto>(await device(HOLD, key, { requestId: next, cardNo: home.card, slotNo: 1 }))).toMatchObject({ state: 1, balance: 50 });
    expectSuccess(await device(SETTLE, key, { requestId: next, outcome: 'failed' }));
    expect(await world.balanceOf(home.id)).toBe(80);
  });

  it('releases a hold no machine settles within 120 s, and refuses the late report', async () => {
    const { id, key } = await machine();
    expectSuccess(await load(id, 1, 2));
    const home = await householdWith(60);
    const first = requestId();
    const second = requestId();
    expectSuccess(await device(HOLD, key, { requestId: first, cardNo: home.card, slotNo: 1 }));
    expectSuccess(await device(HOLD, key, { requestId: second, cardNo: home.card, slotNo: 1 }));
    expect(await world.balanceOf(home.id)).toBe(0);

    expect((await releaseExpiredHolds(server.app.services, server.app.registry.resources, Date.now() + 60_000)).released).toBe(0);
    expect((await releaseExpiredHolds(server.app.services, server.app.registry.resources, Date.now() + 125_000)).released).toBeGreaterThanOrEqual(2);
    expect(await world.balanceOf(home.id)).toBe(60);
    expect(await slotOf(id, 1)).toMatchObject({ quantity: 2, held: 0 });
    const late = await device(SETTLE, key, { requestId: first, outcome: 'dispensed' });
    expectError(late, 409);
    expect(late.body.error?.message).toMatch(/超时释放|Timed out/);
    expect(expectSuccess<Dto>(await device(SETTLE, key, { requestId: second, outcome: 'failed' }))).toMatchObject({ state: 4, replayed: true });
    expect(await world.balanceOf(home.id)).toBe(60);
    expect(await holdsAccount()).toBe(0);
  });

  it('treats a report arriving after the hold\'s time as the time-out it is', async () => {
    const { id, key } = await machine();
    expectSuccess(await load(id, 1, 1));
    const home = await householdWith(30);
    const rid = requestId();
    expectSuccess(await device(HOLD, key, { requestId: rid, cardNo: home.card, slotNo: 1 }));
    await server.db.query(`update exchange_hold set expires_at = localtimestamp - interval '1 second' where machine_id = $1`, [id]);
    expectError(await device(SETTLE, key, { requestId: rid, outcome: 'dispensed' }), 409);
    expect(await world.balanceOf(home.id)).toBe(30);
    expect((await server.db.query<{ state: number }>('select state from exchange_hold where machine_id = $1', [id]))[0].state).toBe(4);
  });

  it('gives the last item to one of two households asking at once, and refuses the other clearly', async () => {
    const { id, key } = await machine();
    expectSuccess(await load(id, 2, 1));
    const homes = await Promise.all([householdWith(50), householdWith(50)]);
    const answers = await Promise.all(homes.map((h) => device(HOLD, key, { requestId: requestId(), cardNo: h.card, slotNo: 2 })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.status === 400)!;
    expect(refused.body.error?.validationErrors?.[0].members).toEqual(['slotNo']);
    const balances = await Promise.all(homes.map((h) => world.balanceOf(h.id)));
    expect(balances.sort()).toEqual([20, 50]);
    expect(await slotOf(id, 2)).toMatchObject({ quantity: 1, held: 1 });
  });

  it('spends the last points once when several machines ask for them at once', async () => {
    const machines = await Promise.all([machine(), machine(), machine()]);
    for (const m of machines) expectSuccess(await load(m.id, 1, 2));
    const home = await householdWith(30);
    const answers = await Promise.all(machines.flatMap((m) => [1, 2].map(() => device(HOLD, m.key, { requestId: requestId(), cardNo: home.card, slotNo: 1 }))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(400);
      expect(refused.body.error?.validationErrors?.[0].members).toEqual(['points']);
    }
    expect(await world.balanceOf(home.id)).toBe(0);
    const held = await server.db.query<{ n: number }>('select count(*)::int as n from exchange_hold where household_id = $1', [home.id]);
    expect(held[0].n).toBe(1);
  });

  it('refuses a bad key with 401, and a malformed request, an unknown card or an empty slot with 400, holding nothing', async () => {
    const { id, key } = await machine();
    expectSuccess(await load(id, 1, 1));
    const home = await householdWith(100);
    const good = { requestId: requestId(), cardNo: home.card, slotNo: 1 };
    expectError(await device(HOLD, 'not-a-key', good), 401, true);
    expectError(await server.call('POST', HOLD, { body: good }), 401, true);
    expectValidationError(await device(HOLD, key, { ...good, slotNo: 'one' }), 'slotNo');
    expectValidationError(await device(HOLD, key, { ...good, requestId: 'x' }), 'requestId');
    expectValidationError(await device(HOLD, key, { ...good, cardNo: '0000000000' }), 'cardNo');
    expectValidationError(await device(HOLD, key, { ...good, slotNo: 2 }), 'slotNo');
    expectValidationError(await device(SETTLE, key, { requestId: good.requestId, outcome: 'lost' }), 'outcome');
    expectValidationError(await device(SETTLE, key, { requestId: requestId(), outcome: 'dispensed' }), 'requestId');
    expect(await server.db.query('select 1 from exchange_hold where machine_id = $1', [id])).toHaveLength(0);
    expect(await world.balanceOf(home.id)).toBe(100);
  });
});

describe('redemptions whatever happens around them', () => {
  const stateOf = async (holdId: unknown) =>
    Number((await server.db.query<{ state: number }>('select state from exchange_hold where id = $1', [Number(holdId)]))[0].state);

  it('refuses deleting a household, goods or a machine while a redemption of theirs is under way, naming it', async () => {
    const { id, key } = await machine();
    const goods = (await world.create('BHgoods', { name: unique('香皂'), goodsTypeId: typeId, pointsPrice: 20, stock: 10, onShelf: true })).id;
    expectSuccess(await load(id, 1, 1, goods));
    const home = await householdWith(50);
    const rid = requestId();
    const held = expectSuccess<Dto>(await device(HOLD, key, { requestId: rid, cardNo: home.card, slotNo: 1 }));
    for (const [service, rowId] of [['BHUsers', home.id], ['BHgoods', goods], [SERVICE, id]] as const) {
      const refused = await server.call('DELETE', `${svc(service, 'Delete')}?Id=${rowId}`, { token: admin });
      expectValidationError(refused, 'id');
      expect(refused.body.error?.validationErrors?.[0].message).toContain(`#${held.holdId}`);
    }
    expect(expectSuccess<Dto>(await device(SETTLE, key, { requestId: rid, outcome: 'failed' }))).toMatchObject({ state: 3, balance: 50 });
    // Once it has ended, the household and the goods can go.
    expectSuccess(await server.call('DELETE', `${svc('BHUsers', 'Delete')}?Id=${home.id}`, { token: admin }));
    expectSuccess(await call('GET', 'getExchangeMachine_del', { id, slotNo: 1 }));
    expectSuccess(await server.call('DELETE', `${svc('BHgoods', 'Delete')}?Id=${goods}`, { token: admin }));
  });

  it('ends a hold whose household, goods or machine went away meanwhile, by the machine\'s report or by time-out', async () => {
    const { id, key } = await machine();
    const goods = (await world.create('BHgoods', { name: unique('毛巾'), goodsTypeId: typeId, pointsPrice: 10, stock: 10, onShelf: true })).id;
    expectSuccess(await load(id, 1, 3, goods));
    const home = await householdWith(30);
    const [first, second] = [requestId(), requestId()];
    expectSuccess(await device(HOLD, key, { requestId: first, cardNo: home.card, slotNo: 1 }));
    const late = expectSuccess<Dto>(await device(HOLD, key, { requestId: second, cardNo: home.card, slotNo: 1 }));
    // What the refusals above prevent, done behind the server's back (an older server, a hand-made fix).
    await server.db.query('update scheme_user set is_deleted = true where id = $1', [home.id]);
    await server.db.query('update goods set is_deleted = true where id = $1', [goods]);
    expect(expectSuccess<Dto>(await device(SETTLE, key, { requestId: first, outcome: 'failed' }))).toMatchObject({ state: 3, balance: 20 });
    await server.db.query('update exchange_machine set is_deleted = true where id = $1', [id]);
    expect((await releaseExpiredHolds(server.app.services, server.app.registry.resources, Date.now() + 125_000)).failed).toBe(0);
    expect(await stateOf(late.holdId)).toBe(4);
    expect(await world.balanceOf(home.id)).toBe(30);
    expect(await slotOf(id, 1)).toMatchObject({ quantity: 3, held: 0 });
  });

  it('sweeps every due hold though one of them cannot be released, logging it and trying it again', async () => {
    const { id, key } = await machine();
    expectSuccess(await load(id, 1, 2));
    const home = await householdWith(60);
    const stuck = expectSuccess<Dto>(await device(HOLD, key, { requestId: requestId(), cardNo: home.card, slotNo: 1 }));
    const silent = expectSuccess<Dto>(await device(HOLD, key, { requestId: requestId(), cardNo: home.card, slotNo: 1 }));
    // The first hold cannot end (its row refuses the change) until the fault is cleared.
    await server.db.query(`create function test_stuck_hold() returns trigger language plpgsql as $$
      begin if new.id = ${Number(stuck.holdId)} then raise exception 'hold stuck'; end if; return new; end $$`);
    await server.db.query('create trigger test_stuck_hold before update on exchange_hold for each row execute function test_stuck_hold()');
    const logged: unknown[] = [];
    const sweeper = startSweeper(server.app.services, server.app.registry.resources, 50, (error) => logged.push(error));
    try {
      // 130 s later on the server's clock: both holds are past their 120 s.
      server.clock.travelTo(new Date(Date.now() + 130_000).toISOString());
      await waitFor('the silent hold released', async () => (await stateOf(silent.holdId)) === 4);
      expect(await stateOf(stuck.holdId)).toBe(1);
      await waitFor('the stuck hold logged', () => logged.some((e) => String(e).includes(`hold ${stuck.holdId} `)));
      await server.db.query('drop trigger test_stuck_hold on exchange_hold');
      await waitFor('the stuck hold released on a later sweep', async () => (await stateOf(stuck.holdId)) === 4);
    } finally {
      await sweeper.stop();
      server.clock.reset();
      await server.db.query('drop trigger if exists test_stuck_hold on exchange_hold');
      await server.db.query('drop function if exists test_stuck_hold()');
    }
    expect(await world.balanceOf(home.id)).toBe(60);
    expect(await slotOf(id, 1)).toMatchObject({ quantity: 2, held: 0 });
  });
});

it('leaves the books balanced after every load, hold, post, release and race above', async () => {
  const books = expectSuccess<Dto>(await server.call('GET', svc('Integral', 'GetReconciliation'), { token: admin }));
  expect(books).toMatchObject({ householdsOff: 0, accountsOff: 0, unbalancedPostings: 0, negativeBalances: 0, booksTotal: 0 });
  // Every hold still open is counted in the held points, item for item.
  const [open] = await server.db.query<{ points: number; held: number; slots: number }>(`select
      (select coalesce(sum(points), 0) from exchange_hold where state = 1)::int as points,
      (select coalesce(sum(e.amount), 0) from points_entries e join points_accounts a on a.id = e.account_id where a.tenant_id = 1 and a.kind = 2)::int as held,
      (select coalesce(sum(held), 0) from exchange_slot)::int - (select count(*) from exchange_hold where state = 1)::int as slots`);
  expect(open.held).toBe(open.points);
  expect(open.slots).toBe(0);
});
