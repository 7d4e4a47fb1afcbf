// The hazardous-waste back office on the tenant's clock (China's), whatever the zones of the database session and the
// Node process: manifest numbers, receipt dates, contract reminders and statistics "today" change at China's midnight,
// instants come back with China's offset, and an impossible date anywhere is a 400 naming the field that stores nothing.
import { CHINA_INSTANT, expectSuccess, expectValidationError } from '../support/server-fixtures';
import { svc, unique, useTestServer } from '../support/server-harness';
import { buildTransferWorld, newIdCard, orderBody, type TransferWorld } from '../support/transfer-world';

type Dto = Record<string, unknown> & { id: number };
type Order = Dto & { manifestNo: string; lines: Dto[]; history: Dto[]; version: number };
type Period = { period: string; orderCount: number; quantity: number; receivedQuantity: number };

// Contracts are due for a reminder within 30 days of their expiry.
const WINDOW = 30;
const server = useTestServer({ env: { CONTRACT_EXPIRY_DAYS: String(WINDOW) } });
let admin: string;

// Thirty seconds before and after midnight in China: 15:59:30Z and 16:00:30Z, the same UTC day, and the
// same day on the test processes' and sessions' own zones.
const BEFORE_MIDNIGHT = '2026-11-27T23:59:30+08:00';
const AFTER_MIDNIGHT = '2026-11-28T00:00:30+08:00';
const IMPOSSIBLE = ['2026-02-30', '2026-13-45', 'notadate'];

const T = (method: string) => svc('TransferOrder', method);
async function get<R = Dto>(token: string, path: string, query: Record<string, string | number> = {}): Promise<R> {
  return expectSuccess<R>(await server.call('GET', path, { token, query }));
}
async function send<R = Dto>(token: string, verb: string, path: string, body: Record<string, unknown>): Promise<R> {
  return expectSuccess<R>(await server.call(verb, path, { token, body }));
}
const count = async (table: string) => (await server.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n;

beforeAll(async () => {
  admin = await server.token(1, 'admin');
});
afterEach(() => server.clock.reset());

describe('manifests on China\'s calendar', () => {
  let world: TransferWorld;

  beforeAll(async () => {
    world = await buildTransferWorld(server, admin, { plannedDate: '2026-11-28', planned: 100, stock: 50 });
  });

  it('numbers an order by China\'s day of the server\'s clock, and answers its 填报时间 as an instant with China\'s offset', async () => {
    server.clock.travelTo(BEFORE_MIDNIGHT);
    const late = await send<Order>(world.clerks.producer.token, 'POST', T('AddProductionWaste'), orderBody(world, 1));
    server.clock.travelTo(AFTER_MIDNIGHT);
    const early = await send<Order>(world.clerks.producer.token, 'POST', T('AddProductionWaste'), orderBody(world, 1));
    expect(late.manifestNo).toMatch(/^ZY20261127-\d{5}$/);
    expect(early.manifestNo).toMatch(/^ZY20261128-\d{5}$/);
    for (const order of [late, early, await get<Order>(admin, T('Get'), { Id: early.id })]) {
      expect(order.creationTime).toMatch(CHINA_INSTANT);
      // Stamped by the database's clock, which the test does not move: the real instant of the write.
      expect(Math.abs(Date.parse(String(order.creationTime)) - Date.now())).toBeLessThan(5 * 60_000);
      expect(order.history[0].creationTime).toMatch(CHINA_INSTANT);
    }
    const listed = await get<{ items: Dto[] }>(admin, T('GetAll'), { producerId: world.producer.id, MaxResultCount: 100 });
    for (const item of listed.items) expect(item.creationTime).toMatch(CHINA_INSTANT);
  });

  it('dates the receipt a reception writes with China\'s day of the reception', async () => {
    const receive = async (at: string) => {
      server.clock.travelTo(at);
      const order = await send<Order>(world.clerks.producer.token, 'POST', T('AddProductionWaste'), orderBody(world, 2));
      const dispatched = await send<Order>(world.clerks.transporter.token, 'PUT', T('UpdatedTransferOrderVehicles'), {
        id: order.id, version: order.version, vehicleIds: [world.vehicle.id], driverIds: [world.driver.id],
      });
      await send(world.clerks.receiver.token, 'PUT', T('UpdateTransferOrderReception'), {
        id: order.id, version: dispatched.version, signStatus: 1, lines: [{ id: order.lines[0].id, receivedQuantity: 2 }],
      });
      const receipts = await get<{ items: Dto[] }>(world.clerks.receiver.token, svc('Warehousereceipt', 'GetAll'), { transferOrderId: order.id });
      expect(receipts.items).toHaveLength(1);
      expect(receipts.items[0].creationTime).toMatch(CHINA_INSTANT);
      return receipts.items[0].receiptDate;
    };
    expect(await receive(BEFORE_MIDNIGHT)).toBe('2026-11-27');
    expect(await receive(AFTER_MIDNIGHT)).toBe('2026-11-28');
    const stock = await get<Dto[]>(admin, T('GetInventoryByEfid'), { efid: world.receiver.id });
    expect(stock[0].lastMovementTime).toMatch(CHINA_INSTANT);
  });

  it('checks permits against China\'s today: a permit valid to the 27th dispatches before China\'s midnight, not after', async () => {
    const vehicle = await send(admin, 'POST', svc('Vehicleinformation', 'Create'), {
      enterpriseId: world.transporter.id, plateNumber: `浙B${String(Date.now() % 90000 + 10000)}`, colour: 2, entryType: 1,
      permitNumber: unique('危运'), permitExpiry: '2026-11-27',
    });
    const dispatch = async (at: string) => {
      server.clock.travelTo(at);
      const order = await send<Order>(world.clerks.producer.token, 'POST', T('AddProductionWaste'), orderBody(world, 1));
      return server.call('PUT', T('UpdatedTransferOrderVehicles'), {
        token: world.clerks.transporter.token, body: { id: order.id, version: order.version, vehicleIds: [vehicle.id], driverIds: [world.driver.id] },
      });
    };
    expectSuccess(await dispatch(BEFORE_MIDNIGHT));
    expectValidationError(await dispatch(AFTER_MIDNIGHT), 'vehicleIds');
  });
});

describe('contract reminders on China\'s calendar', () => {
  let world: TransferWorld;
  const contracts: Record<string, Dto> = {};

  beforeAll(async () => {
    world = await buildTransferWorld(server, admin, { plannedDate: '2026-11-28', stock: 0 });
    // Expiring on the 27th (its last day in force), and exactly 10 and WINDOW days after the 27th and after the 28th.
    for (const expiryDate of ['2026-11-27', '2026-12-07', '2026-12-08', '2026-12-27', '2026-12-28']) {
      contracts[expiryDate] = await send(admin, 'POST', svc('Contract', 'Create'), {
        contractNo: unique('HT'), partyAId: world.producer.id, partyBId: world.receiver.id, contractType: 1, startDate: '2026-01-01', expiryDate,
      });
    }
  });

  const expiring = async (days?: number) => {
    const items = await get<Dto[]>(admin, svc('Contract', 'GetExpiringContracts'), days === undefined ? {} : { days });
    const mine = new Map(Object.entries(contracts).map(([date, c]) => [c.id, date]));
    return items.filter((c) => mine.has(c.id)).map((c) => mine.get(c.id));
  };
  const reminded = async () => {
    const notices = await get<{ items: Dto[] }>(admin, svc('Notification', 'GetUserNotifications'), { MaxResultCount: 200 });
    return Object.entries(contracts)
      .filter(([, c]) => notices.items.some((n) => n.category === 'contractExpiry' && String(n.description).includes(String(c.contractNo))))
      .map(([date]) => date);
  };
  const inboxed = async () => {
    const inbox = await get<{ items: { kind: string; records: { id: number }[] }[] }>(admin, svc('Inbox', 'GetInbox'));
    const ids = inbox.items.find((k) => k.kind === 'contractExpiring')!.records.map((r) => r.id);
    return Object.entries(contracts).filter(([, c]) => ids.includes(c.id)).map(([date]) => date);
  };

  it('at 23:59 China: today\'s contract is still in force, and the window ends N days after the 27th', async () => {
    server.clock.travelTo(BEFORE_MIDNIGHT);
    expect(await expiring(10)).toEqual(['2026-11-27', '2026-12-07']);
    expect(await expiring()).toEqual(['2026-11-27', '2026-12-07', '2026-12-08', '2026-12-27']);
    expect(await inboxed()).toEqual(['2026-11-27', '2026-12-07', '2026-12-08', '2026-12-27']);
    // Reading the notices files the login reminders: not yet for the contract WINDOW days after the 28th.
    expect(await reminded()).toEqual(['2026-11-27', '2026-12-07', '2026-12-08', '2026-12-27']);
  });

  it('at 00:00 China: the 27th\'s contract has expired, and the window reaches N days after the 28th', async () => {
    server.clock.travelTo(AFTER_MIDNIGHT);
    expect(await expiring(10)).toEqual(['2026-12-07', '2026-12-08']);
    expect(await expiring()).toEqual(['2026-12-07', '2026-12-08', '2026-12-27', '2026-12-28']);
    expect(await inboxed()).toEqual(['2026-12-07', '2026-12-08', '2026-12-27', '2026-12-28']);
    expect(await reminded()).toContain('2026-12-28');
  });
});

describe('transfer statistics on the calendar', () => {
  let world: TransferWorld;
  const stats = (query: Record<string, string | number>) =>
    get<{ granularity: string; items: Period[] }>(admin, T('GetTransferOrderTimeStatistics'), { ProducerId: world.producer.id, ...query });
  const counts = (items: Period[]) => items.map((i) => [i.period, i.orderCount, i.quantity]);

  beforeAll(async () => {
    world = await buildTransferWorld(server, admin, { plannedDate: '2026-11-28', planned: 100, stock: 50 });
    // Saturday the 28th, Sunday the 29th, Monday the 30th (a new week), Tuesday 1 December (a new month).
    for (const [plannedDate, quantity] of [['2026-11-28', 1], ['2026-11-29', 2], ['2026-11-30', 3], ['2026-12-01', 4]] as const) {
      await send(world.clerks.producer.token, 'POST', T('AddProductionWaste'), orderBody(world, quantity, { plannedDate }));
    }
  });

  it('ends at China\'s today when no End is given: the 28th\'s bar appears at China\'s midnight', async () => {
    server.clock.travelTo(BEFORE_MIDNIGHT);
    const before = await stats({ Start: '2026-11-23', Granularity: 'day' });
    expect(before.items.map((i) => i.period)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    expect(before.items.every((i) => i.orderCount === 0)).toBe(true);
    expect(counts((await stats({ Start: '2026-11-16', Granularity: 'week' })).items)).toEqual([['2026-11-16', 0, 0], ['2026-11-23', 0, 0]]);

    server.clock.travelTo(AFTER_MIDNIGHT);
    const after = await stats({ Start: '2026-11-23', Granularity: 'day' });
    expect(after.items.at(-1)).toEqual({ period: '2026-11-28', orderCount: 1, quantity: 1, receivedQuantity: 0 });
    expect(counts((await stats({ Start: '2026-11-16', Granularity: 'week' })).items)).toEqual([['2026-11-16', 0, 0], ['2026-11-23', 1, 1]]);
    expect(counts((await stats({ Start: '2026-11-01', Granularity: 'month' })).items)).toEqual([['2026-11-01', 1, 1]]);
  });

  it('buckets weeks from Monday and months from their first day', async () => {
    expect(counts((await stats({ Start: '2026-11-23', End: '2026-12-06', Granularity: 'week' })).items))
      .toEqual([['2026-11-23', 2, 3], ['2026-11-30', 2, 7]]);
    expect(counts((await stats({ Start: '2026-11-01', End: '2026-12-31', Granularity: 'month' })).items))
      .toEqual([['2026-11-01', 3, 6], ['2026-12-01', 1, 4]]);
    expect(counts((await stats({ Start: '2026-11-29', End: '2026-12-01', Granularity: 'day' })).items))
      .toEqual([['2026-11-29', 1, 2], ['2026-11-30', 1, 3], ['2026-12-01', 1, 4]]);
    // A partial first week counts only the days asked for.
    expect(counts((await stats({ Start: '2026-11-29', End: '2026-11-30', Granularity: 'week' })).items))
      .toEqual([['2026-11-23', 1, 2], ['2026-11-30', 1, 3]]);
    const byCode = (query: Record<string, string>) =>
      get<{ items: Dto[] }>(admin, T('GetProductionWasteStatistics'), { ProducerId: world.producer.id, ...query });
    expect((await byCode({ Start: '2026-11-01', End: '2026-11-30' })).items).toEqual([expect.objectContaining({ quantity: 6 })]);
    expect((await byCode({ Start: '2026-11-29', End: '2026-12-01' })).items).toEqual([expect.objectContaining({ quantity: 9 })]);
  });
});

describe('impossible dates: 400 naming the field, nothing stored', () => {
  let world: TransferWorld;

  beforeAll(async () => {
    world = await buildTransferWorld(server, admin, { plannedDate: '2026-11-28', stock: 10 });
  });

  it.each(IMPOSSIBLE)('statistics refuse Start or End %s', async (bad) => {
    for (const method of ['GetTransferOrderTimeStatistics', 'GetProductionWasteStatistics']) {
      expectValidationError(await server.call('GET', T(method), { token: admin, query: { Start: bad, End: '2026-11-30' } }), 'start');
      expectValidationError(await server.call('GET', T(method), { token: admin, query: { Start: '2026-11-01', End: bad } }), 'end');
    }
  });

  it.each(IMPOSSIBLE)('list filters refuse %s', async (bad) => {
    for (const [service, field] of [['TransferOrder', 'plannedDate'], ['Warehousereceipt', 'receiptDate']]) {
      for (const parameter of [`${field}From`, `${field}To`]) {
        expectValidationError(await server.call('GET', svc(service, 'GetAll'), { token: admin, query: { [parameter]: bad } }), parameter);
      }
    }
  });

  it.each(IMPOSSIBLE)('declaring, checking and editing an order refuse plannedDate %s', async (bad) => {
    const [orders, counters] = [await count('transfer_order'), await server.db.query('select tenant_key, day, last from manifest_counter order by 1, 2')];
    expectValidationError(await server.call('POST', T('AddProductionWaste'), { token: world.clerks.producer.token, body: orderBody(world, 1, { plannedDate: bad }) }), 'plannedDate');
    const checked = await send<{ errors: { members: string[] }[] }>(world.clerks.producer.token, 'POST', T('CheckProductionWaste'), orderBody(world, 1, { plannedDate: bad }));
    expect(checked.errors.flatMap((e) => e.members)).toContain('plannedDate');
    expect(await count('transfer_order')).toBe(orders);
    expect(await server.db.query('select tenant_key, day, last from manifest_counter order by 1, 2')).toEqual(counters);

    const order = await send<Order>(world.clerks.producer.token, 'POST', T('AddProductionWaste'), orderBody(world, 1));
    expectValidationError(await server.call('PUT', T('Update'), {
      token: world.clerks.producer.token, body: { ...orderBody(world, 1), id: order.id, version: order.version, plannedDate: bad },
    }), 'plannedDate');
    expect((await get<Order>(admin, T('Get'), { Id: order.id })).plannedDate).toBe('2026-11-28');
  });

  it.each(IMPOSSIBLE)('contracts, receipts, vehicles and drivers refuse %s', async (bad) => {
    const before = await Promise.all(['contract', 'warehouse_receipt', 'vehicle_information', 'driver'].map(count));
    const contract = { contractNo: unique('HT'), partyAId: world.producer.id, partyBId: world.receiver.id, contractType: 1, startDate: '2026-01-01', expiryDate: '2026-12-31' };
    for (const field of ['startDate', 'expiryDate', 'signDate']) {
      expectValidationError(await server.call('POST', svc('Contract', 'Create'), { token: admin, body: { ...contract, [field]: bad } }), field);
    }
    expectValidationError(await server.call('POST', svc('Warehousereceipt', 'Create'), {
      token: admin, body: { enterpriseId: world.producer.id, wastecodeId: world.wastecodeId, quantity: 1, receiptDate: bad },
    }), 'receiptDate');
    expectValidationError(await server.call('POST', svc('Vehicleinformation', 'Create'), {
      token: admin, body: { enterpriseId: world.transporter.id, plateNumber: '浙C12345', colour: 2, entryType: 1, permitNumber: unique('危运'), permitExpiry: bad },
    }), 'permitExpiry');
    for (const field of ['licenseExpiry', 'qualificationExpiry']) {
      expectValidationError(await server.call('POST', svc('Driver', 'Create'), {
        token: admin, body: { enterpriseId: world.transporter.id, name: unique('李'), idCardNumber: newIdCard(), qualificationNumber: unique('资格'), [field]: bad },
      }), field);
    }
    expect(await Promise.all(['contract', 'warehouse_receipt', 'vehicle_information', 'driver'].map(count))).toEqual(before);

    const saved = await send(admin, 'POST', svc('Contract', 'Create'), contract);
    expectValidationError(await server.call('PUT', svc('Contract', 'Update'), { token: admin, body: { ...saved, expiryDate: bad } }), 'expiryDate');
    expect((await get(admin, svc('Contract', 'Get'), { Id: saved.id })).expiryDate).toBe('2026-12-31');
    const stock = await get<Dto[]>(admin, T('GetInventoryByEfid'), { efid: world.producer.id });
    expect(stock[0].quantity).toBe(10);
  });
});
