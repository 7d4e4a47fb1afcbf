// What the transfer data tells people: list filters, statistics by waste code and by period, the "for action" inbox,
// and the read-only inventory.
import { weekdayOf } from '../../src/shared/time';
import { expectError, expectSuccess, expectValidationError } from '../support/server-fixtures';
import { svc, useTestServer } from '../support/server-harness';
import { buildTransferWorld, orderBody, type TransferWorld } from '../support/transfer-world';

type Dto = Record<string, unknown> & { id: number };
type Order = Dto & { lines: Dto[]; version: number };
type Inbox = { items: { kind: string; count: number; records: { id: number; title: string }[] }[] };

const server = useTestServer();
let admin: string;
let world: TransferWorld;
const orders: Order[] = [];

const T = (method: string) => svc('TransferOrder', method);
const call = async <R = Dto>(token: string, verb: string, path: string, data?: Record<string, unknown>) =>
  expectSuccess<R>(await server.call(verb, path, verb === 'GET' ? { token, query: data as Record<string, string> } : { token, body: data }));
const year = () => Number(world.plannedDate.slice(0, 4));

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  world = await buildTransferWorld(server, admin, { planned: 100, stock: 50 });
  const p = world.clerks.producer.token;
  // Three orders: early in the year (to be voided), mid-year (dispatched, then agreed), and today's (left pending).
  for (const [date, quantity] of [[`${year()}-01-15`, 1], [`${year()}-03-02`, 2], [world.plannedDate, 3]] as const) {
    orders.push(await call<Order>(p, 'POST', T('AddProductionWaste'), orderBody(world, quantity, { plannedDate: date })));
  }
  await call(p, 'PUT', T('Updatedeclarestatus'), { id: orders[0].id, declareStatus: 2 });
  await call(world.clerks.transporter.token, 'PUT', T('UpdatedTransferOrderVehicles'), { id: orders[1].id, vehicleIds: [world.vehicle.id], driverIds: [world.driver.id] });
  await call(world.clerks.receiver.token, 'PUT', T('UpdateTransferOrderReception'), { id: orders[1].id, signStatus: 1, lines: [{ id: orders[1].lines[0].id, receivedQuantity: 1.5 }] });
});
describe('list filters', () => {
  const ids = async (query: Record<string, string | number>) =>
    (await call<{ items: Dto[] }>(admin, 'GET', T('GetAll'), { producerId: world.producer.id, MaxResultCount: 100, ...query })).items.map((i) => i.id).sort();
  const mine = () => orders.map((o) => o.id).sort();

  it('filters by planned-date range, inclusive at both ends', async () => {
    expect(await ids({ plannedDateFrom: `${year()}-01-15`, plannedDateTo: `${year()}-03-02` })).toEqual([orders[0].id, orders[1].id]);
    expect(await ids({ plannedDateFrom: `${year()}-03-03` })).toEqual([orders[2].id]);
    expectValidationError(await server.call('GET', T('GetAll'), { token: admin, query: { plannedDateFrom: 'yesterday' } }), 'plannedDateFrom');
  });

  it('filters by each status, by waste code of the lines, and by manifest number', async () => {
    expect(await ids({ declareStatus: 2 })).toEqual([orders[0].id]);
    expect(await ids({ signStatus: 1, dispatchStatus: 1 })).toEqual([orders[1].id]);
    expect(await ids({ WastecodeId: world.wastecodeId })).toEqual(mine());
    expect(await ids({ WastecodeId: world.wastecodeId + 1 })).toEqual([]);
    expect(await ids({ Keyword: String(orders[2].manifestNo) })).toEqual([orders[2].id]);
    expectValidationError(await server.call('GET', T('GetAll'), { token: admin, query: { List: 'X' } }), 'list');
  });
});

describe('statistics', () => {
  it('per waste code: tonnes declared and received, voided orders left out, by days or whole months alike', async () => {
    const expected = [{ wastecodeId: world.wastecodeId, wastecodeName: world.wasteCode, quantity: 5, receivedQuantity: 1.5 }];
    const stats = (query: Record<string, string | number>) =>
      call<{ items: Dto[] }>(admin, 'GET', T('GetProductionWasteStatistics'), { ProducerId: world.producer.id, ...query });
    expect((await stats({})).items).toEqual(expected);
    expect((await stats({ Start: `${year()}-01-01`, End: `${year()}-12-31` })).items).toEqual(expected);
    const march = [{ ...expected[0], quantity: 2 }];
    expect((await stats({ Start: `${year()}-03-01`, End: `${year()}-03-31` })).items).toEqual(march);
    expect((await stats({ Start: `${year()}-03-02`, End: `${year()}-03-02` })).items).toEqual(march);
    expect((await stats({ Start: `${year()}-03-03`, End: `${year()}-12-31` })).items).toEqual([
      { wastecodeId: world.wastecodeId, wastecodeName: world.wasteCode, quantity: 3, receivedQuantity: 0 }]);
    expect((await stats({ Start: `${year()}-01-01`, End: `${year()}-02-28` })).items).toEqual([]);
  });

  it('per period: every day, week (from Monday) or month listed, empty ones with zeros', async () => {
    const days = await call<{ items: Dto[] }>(admin, 'GET', T('GetTransferOrderTimeStatistics'), {
      Start: `${year()}-03-01`, End: `${year()}-03-03`, Granularity: 'day', ProducerId: world.producer.id,
    });
    expect(days.items).toEqual([
      { period: `${year()}-03-01`, orderCount: 0, quantity: 0, receivedQuantity: 0 },
      { period: `${year()}-03-02`, orderCount: 1, quantity: 2, receivedQuantity: 1.5 },
      { period: `${year()}-03-03`, orderCount: 0, quantity: 0, receivedQuantity: 0 },
    ]);
    const months = await call<{ items: Dto[] }>(admin, 'GET', T('GetTransferOrderTimeStatistics'), {
      Start: `${year()}-01-01`, End: `${year()}-03-31`, Granularity: 'month', ProducerId: world.producer.id,
    });
    expect(months.items.map((i) => [i.period, i.orderCount])).toEqual([[`${year()}-01-01`, 0], [`${year()}-02-01`, 0], [`${year()}-03-01`, 1]]);
    const weeks = await call<{ items: Dto[] }>(admin, 'GET', T('GetTransferOrderTimeStatistics'), {
      Start: `${year()}-03-01`, End: `${year()}-03-14`, Granularity: 'week', ProducerId: world.producer.id,
    });
    for (const item of weeks.items) expect(weekdayOf(String(item.period))).toBe(1);
    expect(weeks.items.reduce((n, i) => n + Number(i.orderCount), 0)).toBe(1);
  });

  it('refuses a missing, reversed or too long range with a named field', async () => {
    expectValidationError(await server.call('GET', T('GetTransferOrderTimeStatistics'), { token: admin, query: { End: '2026-01-01' } }), 'start');
    expectValidationError(await server.call('GET', T('GetTransferOrderTimeStatistics'), { token: admin, query: { Start: '2026-02-01', End: '2026-01-01' } }), 'end');
    expectValidationError(await server.call('GET', T('GetTransferOrderTimeStatistics'), { token: admin, query: { Start: '2020-01-01', End: '2026-01-01', Granularity: 'day' } }), 'end');
    expectValidationError(await server.call('GET', T('GetTransferOrderTimeStatistics'), { token: admin, query: { Start: '2026-01-01', End: '2026-01-02', Granularity: 'hour' } }), 'granularity');
  });

  it('a clerk counts only orders of its enterprises', async () => {
    const outsider = await buildTransferWorld(server, admin, { planned: 10, stock: 0 });
    const stats = await call<{ items: Dto[] }>(outsider.clerks.producer.token, 'GET', T('GetProductionWasteStatistics'));
    expect(stats.items).toEqual([]);
  });
});

describe('the for-action inbox', () => {
  const kinds = async (token: string) => Object.fromEntries((await call<Inbox>(token, 'GET', svc('Inbox', 'GetInbox'))).items.map((i) => [i.kind, i]));

  it('shows each party what awaits it, with the newest records', async () => {
    const transporter = await kinds(world.clerks.transporter.token);
    expect(transporter.toDispatch).toMatchObject({ count: 1, records: [{ id: orders[2].id, title: orders[2].manifestNo }] });
    expect(transporter).not.toHaveProperty('toReceive');
    const receiver = await kinds(world.clerks.receiver.token);
    expect(receiver.toReceive.count).toBe(0);
    expect(receiver).not.toHaveProperty('toDispatch');
    await call(world.clerks.transporter.token, 'PUT', T('UpdatedTransferOrderVehicles'), { id: orders[2].id, vehicleIds: [world.vehicle.id], driverIds: [world.driver.id] });
    expect((await kinds(world.clerks.receiver.token)).toReceive).toMatchObject({ count: 1, records: [{ id: orders[2].id }] });
    await call(world.clerks.receiver.token, 'PUT', T('UpdateTransferOrderReception'), { id: orders[2].id, signStatus: 2, returnReason: '标签缺失' });
    const producer = await kinds(world.clerks.producer.token);
    expect(producer.returned).toMatchObject({ count: 1, records: [{ id: orders[2].id }] });
    expect(producer.planReturned.count).toBe(0);
    expect((await kinds(world.clerks.receiver.token)).toReceive.count).toBe(0);
  });
});

describe('read-only inventory', () => {
  it('lists stock per enterprise and code; nobody writes it directly', async () => {
    const page = await call<{ items: Dto[] }>(admin, 'GET', svc('Inventory', 'GetAll'), { enterpriseId: world.receiver.id });
    expect(page.items).toEqual([expect.objectContaining({ enterpriseId: world.receiver.id, wastecodeId: world.wastecodeId, quantity: 1.5, receivedTotal: 1.5, shippedTotal: 0 })]);
    for (const [verb, method] of [['POST', 'Create'], ['PUT', 'Update'], ['DELETE', 'Delete']]) {
      expect((await server.call(verb, svc('Inventory', method), { token: admin, body: {} })).status).toBe(404);
      expect((await server.call(verb, svc('TransferOrderLine', method), { token: admin, body: {} })).status).toBe(404);
    }
    expect((await server.call('POST', T('Create'), { token: admin, body: {} })).status).toBe(404);
  });

  it('a clerk reads the stock of its own enterprises only', async () => {
    expectError(await server.call('GET', T('GetInventoryByEfid'), { token: world.clerks.producer.token, query: { efid: world.receiver.id } }), 404);
    const own = await call<Dto[]>(world.clerks.producer.token, 'GET', T('GetInventoryByEfid'), { efid: world.producer.id });
    expect(own).toEqual([expect.objectContaining({ quantity: 48, shippedTotal: 2, receivedTotal: 50 })]);
  });
});
