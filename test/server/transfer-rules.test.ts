// What the transfer manifest refuses: every move from every state by every party (the whole table), the blocking and
// warning checks at declaration, two clerks racing on one order, stock that never goes below zero, and live events
// that reach the three enterprises' users only.
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { streamOf, type EventsAfterResult, type LiveEvent, type LiveEventType } from '../../src/shared/live/events';
import { recordLive, subscribe } from '../support/live-client';
import { expectError, expectSuccess, expectValidationError, ok } from '../support/server-fixtures';
import { svc, useTestServer } from '../support/server-harness';
import { buildTransferWorld, clerk, enterprise, orderBody, post, type Clerk, type TransferWorld } from '../support/transfer-world';

type Dto = Record<string, unknown> & { id: number };
type Order = Dto & { lines: Dto[]; history: Dto[]; version: number; declareStatus: number; dispatchStatus: number; signStatus: number };

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const server = useTestServer();
let admin: string;
let world: TransferWorld;
/** Each party's signature image, uploaded by its clerk for its own signee field: only such an upload may be signed with. */
const signeeFileIds = {} as Record<Role, number>;

const T = (method: string) => svc('TransferOrder', method);
const get = async (id: number) => expectSuccess<Order>(await server.call('GET', T('Get'), { token: admin, query: { Id: id } }));

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  world = await buildTransferWorld(server, admin, { planned: 1000, stock: 500 });
  for (const role of ROLES) {
    const form = new FormData();
    form.append('field', `${role}Signee`);
    form.append('file', new Blob([Uint8Array.from(PNG)], { type: 'image/png' }), 'seal.png');
    const response = await fetch(new URL(T('UploadFile'), server.baseUrl), { method: 'POST', body: form, headers: { authorization: `Bearer ${token(role)}` } });
    signeeFileIds[role] = ((await response.json()) as { result: { id: number } }).result.id;
  }
});
// ---------------------------------------------------------------------------------------------------------------
// The whole table

type Role = 'producer' | 'transporter' | 'receiver';
type Action = 'edit' | 'delete' | 'void' | 'resubmit' | 'dispatch' | 'agree' | 'return' | 'sign';
type StateName = 'draft' | 'dispatched' | 'returned' | 'agreed' | 'voided' | 'voidedAfterReturn';
const ROLES: Role[] = ['producer', 'transporter', 'receiver'];
const ACTIONS: Action[] = ['edit', 'delete', 'void', 'resubmit', 'dispatch', 'agree', 'return', 'sign'];
const STATES: StateName[] = ['draft', 'dispatched', 'returned', 'agreed', 'voided', 'voidedAfterReturn'];

// Written from the Measures (2022) and the issue, not derived from the code's table.
const ALLOWED: Record<StateName, Partial<Record<Role, Action[]>>> = {
  draft: { producer: ['edit', 'delete', 'void', 'sign'], transporter: ['dispatch', 'sign'] },
  dispatched: { producer: ['void', 'sign'], transporter: ['dispatch', 'sign'], receiver: ['agree', 'return', 'sign'] },
  returned: { producer: ['edit', 'void', 'resubmit', 'sign'] },
  agreed: {},
  voided: {},
  voidedAfterReturn: {},
};

// Statuses after each allowed move: [declare, dispatch, sign] from the state's own.
const AFTER: Record<Action, (s: [number, number, number]) => [number, number, number] | null> = {
  edit: (s) => s, delete: () => null, void: ([, d, s]) => [2, d, s], resubmit: ([de, d]) => [de, d, 0],
  dispatch: ([de, , s]) => [de, 1, s], agree: () => [1, 1, 1], return: ([de, d]) => [de, d, 2], sign: (s) => s,
};

const token = (role: Role) => world.clerks[role].token;

async function move(role: Role, order: Order, action: Action) {
  const id = order.id;
  const by = token(role);
  switch (action) {
    case 'edit':
      return server.call('PUT', T('Update'), { token: by, body: { ...orderBody(world, 0.1), id, lines: [{ ...order.lines[0], quantity: 0.1 }] } });
    case 'delete':
      return server.call('DELETE', T('Delete'), { token: by, query: { Id: id } });
    case 'void':
      return server.call('PUT', T('Updatedeclarestatus'), { token: by, body: { id, declareStatus: 2 } });
    case 'resubmit':
      return server.call('PUT', T('Updatedeclarestatus'), { token: by, body: { id, declareStatus: 0 } });
    case 'dispatch':
      return server.call('PUT', T('UpdatedTransferOrderVehicles'), { token: by, body: { id, vehicleIds: [world.vehicle.id], driverIds: [world.driver.id] } });
    case 'agree':
      return server.call('PUT', T('UpdateTransferOrderReception'), { token: by, body: { id, signStatus: 1, lines: order.lines.map((l) => ({ id: l.id, receivedQuantity: l.quantity })) } });
    case 'return':
      return server.call('PUT', T('UpdateTransferOrderReception'), { token: by, body: { id, signStatus: 2, returnReason: '包装破损' } });
    case 'sign':
      return server.call('PUT', T('UpdateSigneeimg'), { token: by, body: { id, fileId: signeeFileIds[role] } });
  }
}

/** A new order brought to `state` by the parties themselves. */
async function orderIn(state: StateName): Promise<Order> {
  let order = expectSuccess<Order>(await server.call('POST', T('AddProductionWaste'), { token: token('producer'), body: orderBody(world, 0.1) }));
  const step = async (role: Role, action: Action) => {
    expectSuccess(await move(role, order, action));
    order = await get(order.id);
  };
  if (state === 'voided') await step('producer', 'void');
  if (['dispatched', 'returned', 'agreed', 'voidedAfterReturn'].includes(state)) await step('transporter', 'dispatch');
  if (state === 'returned' || state === 'voidedAfterReturn') await step('receiver', 'return');
  if (state === 'voidedAfterReturn') await step('producer', 'void');
  if (state === 'agreed') await step('receiver', 'agree');
  return order;
}

describe('every move from every state by every party', () => {
  for (const state of STATES) {
    describe(`from ${state}`, () => {
      let shared: Order;
      beforeAll(async () => {
        shared = await orderIn(state);
      });
      for (const role of ROLES) {
        for (const action of ACTIONS) {
          const allowed = ALLOWED[state][role]?.includes(action) ?? false;
          it(`${role} ${action}: ${allowed ? 'allowed' : 'refused with 400, nothing changed'}`, async () => {
            if (!allowed) {
              const before = await get(shared.id);
              const response = await move(role, shared, action);
              expect(response.status).toBe(400);
              const members = response.body.error?.validationErrors?.flatMap((v) => v.members) ?? [];
              expect(members.some((m) => ['declareStatus', 'party'].includes(m))).toBe(true);
              const after = await get(shared.id);
              expect({ ...after, history: after.history }).toEqual(before);
              return;
            }
            const order = await orderIn(state);
            const from: [number, number, number] = [order.declareStatus, order.dispatchStatus, order.signStatus];
            expectSuccess(await move(role, order, action));
            const expected = AFTER[action](from);
            if (expected === null) {
              expectError(await server.call('GET', T('Get'), { token: admin, query: { Id: order.id } }), 404);
              return;
            }
            const after = await get(order.id);
            expect([after.declareStatus, after.dispatchStatus, after.signStatus]).toEqual(expected);
            expect(after.version).toBe(order.version + 1);
            expect((after.history as Dto[]).at(-1)).toMatchObject({ action, party: role });
          });
        }
      }
    });
  }

  it('a refusal names the current statuses and the move', async () => {
    const agreed = await orderIn('agreed');
    const response = await move('producer', agreed, 'void');
    expect(response.body.error?.validationErrors?.[0].message).toBe('联单当前状态为“已签收 / 已派车 / 已同意”，不能作废');
    const english = await server.call('PUT', T('Updatedeclarestatus'), { token: token('transporter'), body: { id: (await orderIn('draft')).id, declareStatus: 2 }, headers: { 'accept-language': 'en' } });
    expect(english.body.error?.validationErrors?.[0].message).toBe('Only the Producer may do this to the order (Voided)');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Checks at declaration

describe('checks at declaration', () => {
  it('blocks a waste code outside the receiver\'s licence, naming the line', async () => {
    const unlicensed = await enterprise(server, admin, [1], { licensedWastecodeIds: [] });
    const response = await server.call('POST', T('AddProductionWaste'), { token: token('producer'), body: orderBody(world, 1, { receiverId: unlicensed.id }) });
    expectValidationError(response, 'lines[0].wastecodeId');
    expect(response.body.error?.validationErrors?.[0].message).toContain(world.wasteCode);
  });

  it('blocks a quantity over what remains of the approved annual plan, giving the remainder', async () => {
    const fresh = await buildTransferWorld(server, admin, { planned: 10, stock: 0 });
    expectSuccess(await server.call('POST', T('AddProductionWaste'), { token: fresh.clerks.producer.token, body: orderBody(fresh, 6) }));
    const response = await server.call('POST', T('AddProductionWaste'), { token: fresh.clerks.producer.token, body: orderBody(fresh, 5) });
    expectValidationError(response, 'lines[0].quantity');
    expect(response.body.error?.validationErrors?.[0].message).toContain('剩余 4.000 吨');
    // A voided order gives its quantity back to the plan.
    const orders = ok<{ items: Dto[] }>(await server.call('GET', T('GetAll'), { token: fresh.clerks.producer.token }), 'list').items;
    expectSuccess(await server.call('PUT', T('Updatedeclarestatus'), { token: fresh.clerks.producer.token, body: { id: orders[0].id, declareStatus: 2 } }));
    expectSuccess(await server.call('POST', T('AddProductionWaste'), { token: fresh.clerks.producer.token, body: orderBody(fresh, 5) }));
  });

  it('warns, without blocking, when no contract covers the codes or the stock is short', async () => {
    const fresh = await buildTransferWorld(server, admin, { planned: 10, stock: 1 });
    const otherReceiver = await enterprise(server, admin, [1], { licensedWastecodeIds: [fresh.wastecodeId] });
    const created = expectSuccess<Order & { warnings: { code: string; message: string }[] }>(
      await server.call('POST', T('AddProductionWaste'), { token: fresh.clerks.producer.token, body: orderBody(fresh, 2, { receiverId: otherReceiver.id }) }));
    expect(created.warnings.map((w) => w.code).sort()).toEqual(['contract', 'inventory']);
    expect(created.warnings.find((w) => w.code === 'inventory')?.message).toContain('1.000 吨');
  });

  it('CheckProductionWaste reports errors and warnings and writes nothing', async () => {
    const before = ok<{ totalCount: number }>(await server.call('GET', T('GetAll'), { token: admin }), 'count').totalCount;
    const check = expectSuccess<{ errors: { members: string[] }[]; warnings: unknown[] }>(
      await server.call('POST', T('CheckProductionWaste'), { token: token('producer'), body: orderBody(world, 100000) }));
    expect(check.errors.flatMap((e) => e.members)).toContain('lines[0].quantity');
    const fine = expectSuccess<{ errors: unknown[]; warnings: unknown[] }>(
      await server.call('POST', T('CheckProductionWaste'), { token: token('producer'), body: orderBody(world, 0.5) }));
    expect(fine).toEqual({ errors: [], warnings: [] });
    expect(ok<{ totalCount: number }>(await server.call('GET', T('GetAll'), { token: admin }), 'count').totalCount).toBe(before);
  });

  it('refuses expired permits and another transporter\'s vehicle at dispatch', async () => {
    const order = await orderIn('draft');
    const expired = await post(server, admin, 'Vehicleinformation', 'Create', {
      enterpriseId: world.transporter.id, plateNumber: '浙B1234' + String(Date.now() % 10), colour: 2, entryType: 1, permitNumber: 'X', permitExpiry: '2020-01-01',
    });
    const response = await server.call('PUT', T('UpdatedTransferOrderVehicles'), { token: token('transporter'), body: { id: order.id, vehicleIds: [expired.id], driverIds: [world.driver.id] } });
    expectValidationError(response, 'vehicleIds');
    expect((await get(order.id)).dispatchStatus).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Concurrency and stock

describe('concurrency and stock', () => {
  it('two clerks acting on one order at once: exactly one wins, the other is told to reload (409)', async () => {
    const order = await orderIn('dispatched');
    const body = (signStatus: number) => ({ id: order.id, version: order.version, signStatus, returnReason: '并发', lines: order.lines.map((l) => ({ id: l.id, receivedQuantity: 0.1 })) });
    const responses = await Promise.all([
      server.call('PUT', T('UpdateTransferOrderReception'), { token: token('receiver'), body: body(1) }),
      server.call('PUT', T('UpdateTransferOrderReception'), { token: admin, body: body(2) }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = responses.find((r) => r.status === 409)!;
    expect(loser.body.error?.code).toBe(409);
    expect(loser.body.error?.details).toContain('刷新');
    expect((await get(order.id)).history.filter((h) => ['agree', 'return'].includes(String(h.action)))).toHaveLength(1);
  });

  it('a double-clicked submit with one request key creates one order', async () => {
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([1, 2].map(() => server.call('POST', T('AddProductionWaste'), { token: token('producer'), body: orderBody(world, 0.2, { requestKey: key }) })));
    expect(expectSuccess<Order>(a).id).toBe(expectSuccess<Order>(b).id);
  });

  it('stock never goes below zero: an agree the producer cannot cover is refused and changes nothing', async () => {
    const fresh = await buildTransferWorld(server, admin, { planned: 100, stock: 3 });
    const by = (role: Role) => fresh.clerks[role].token;
    const order = expectSuccess<Order>(await server.call('POST', T('AddProductionWaste'), { token: by('producer'), body: orderBody(fresh, 5) }));
    expectSuccess(await server.call('PUT', T('UpdatedTransferOrderVehicles'), { token: by('transporter'), body: { id: order.id, vehicleIds: [fresh.vehicle.id], driverIds: [fresh.driver.id] } }));
    const response = await server.call('PUT', T('UpdateTransferOrderReception'), { token: by('receiver'), body: { id: order.id, signStatus: 1, lines: [{ id: order.lines[0].id, receivedQuantity: 5 }] } });
    expectValidationError(response, 'lines');
    expect(response.body.error?.validationErrors?.[0].message).toContain('3.000');
    const after = await get(order.id);
    expect([after.signStatus, after.lines[0].receivedQuantity]).toEqual([0, null]);
    const stock = ok<Dto[]>(await server.call('GET', T('GetInventoryByEfid'), { token: admin, query: { efid: fresh.receiver.id } }), 'stock');
    expect(stock).toEqual([]);
    // A manual receipt that would take the producer below zero when removed is refused too.
    const receipts = ok<{ items: Dto[] }>(await server.call('GET', svc('Warehousereceipt', 'GetAll'), { token: admin, query: { enterpriseId: fresh.producer.id } }), 'receipts').items;
    expectSuccess(await server.call('POST', svc('Warehousereceipt', 'Create'), { token: admin, body: { enterpriseId: fresh.producer.id, wastecodeId: fresh.wastecodeId, quantity: 2, receiptDate: fresh.plannedDate } }));
    expectSuccess(await server.call('PUT', T('UpdateTransferOrderReception'), { token: by('receiver'), body: { id: order.id, signStatus: 1, lines: [{ id: order.lines[0].id, receivedQuantity: 5 }] } }));
    expectValidationError(await server.call('DELETE', svc('Warehousereceipt', 'Delete'), { token: admin, query: { Id: receipts[0].id } }), 'quantity');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Live events

describe('live events', () => {
  const connections: HubConnection[] = [];
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.stop()));
  });
  /** The events of `type` the user's hub connection receives, subscribed to their stream. */
  async function listen(who: Clerk | string, type: LiveEventType = 'transfer.changed'): Promise<LiveEvent[]> {
    const accessToken = typeof who === 'string' ? who : who.token;
    const connection = new HubConnectionBuilder().withUrl(`${server.baseUrl}/chatmsg`, { accessTokenFactory: () => accessToken }).configureLogging(LogLevel.None).build();
    const { events } = recordLive(connection);
    await connection.start();
    connections.push(connection);
    const stream = streamOf(type);
    // A user without the stream's topic is refused it, and then hears nothing: what the tests check of them.
    if (stream) await subscribe(connection, [stream]).catch(() => undefined);
    return events;
  }
  /** The same user's events of `type` after `after`, as the catch-up after a reconnect reads them. */
  async function caughtUp(who: Clerk, after: number, type: LiveEventType): Promise<LiveEvent[]> {
    const page = ok<EventsAfterResult>(await server.call('GET', svc('Events', 'GetEventsAfter'), { token: who.token, query: { after, maxResultCount: 1000 } }), 'events');
    return page.items.filter((e) => e.type === type);
  }
  const headNow = async () => ok<EventsAfterResult>(await server.call('GET', svc('Events', 'GetEventsAfter'), { token: admin }), 'head').head;

  it('each move reaches the users of the three enterprises, and no one else', async () => {
    const outsiderEnterprise = await enterprise(server, admin, [2]);
    const outsider = await clerk(server, admin, 1, ['Pages.TransferApplication', 'Pages.TransferReception'], [outsiderEnterprise.id]);
    const [producer, transporter, receiver, stranger] = await Promise.all([world.clerks.producer, world.clerks.transporter, world.clerks.receiver, outsider].map((who) => listen(who)));
    const head = await headNow();
    const order = await orderIn('dispatched');
    const until = Date.now() + 3000;
    while (Date.now() < until && [producer, transporter, receiver].some((r) => r.length < 2)) await new Promise((r) => setTimeout(r, 25));
    const parties = [world.producer.id, world.transporter.id, world.receiver.id];
    const expected = [
      expect.objectContaining({ enterpriseIds: parties, payload: expect.objectContaining({ id: order.id, action: 'create', dispatchStatus: 0, version: 1 }) }),
      expect.objectContaining({ enterpriseIds: parties, payload: expect.objectContaining({ id: order.id, action: 'dispatch', dispatchStatus: 1, version: 2, party: 'transporter' }) }),
    ];
    for (const received of [producer, transporter, receiver]) expect(received).toEqual(expected);
    // What a reconnecting client catches up on is the same events, to the same users only.
    for (const who of [world.clerks.producer, world.clerks.transporter, world.clerks.receiver]) {
      expect((await caughtUp(who, head, 'transfer.changed')).filter((e) => (e.payload as { id: number }).id === order.id)).toEqual(producer);
    }
    expect(await caughtUp(outsider, head, 'transfer.changed')).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(stranger).toEqual([]);
  });

  it('stock changes reach the users of the enterprise whose stock moved', async () => {
    const [producer, receiver] = await Promise.all([listen(world.clerks.producer, 'inventory.changed'), listen(world.clerks.receiver, 'inventory.changed')]);
    const head = await headNow();
    expectSuccess(await server.call('POST', svc('Warehousereceipt', 'Create'), {
      token: world.clerks.producer.token, body: { enterpriseId: world.producer.id, wastecodeId: world.wastecodeId, quantity: 1, receiptDate: world.plannedDate },
    }));
    const until = Date.now() + 3000;
    while (Date.now() < until && producer.length === 0) await new Promise((r) => setTimeout(r, 25));
    expect(producer).toEqual([expect.objectContaining({ enterpriseIds: [world.producer.id], payload: { enterpriseIds: [world.producer.id] } })]);
    expect(await caughtUp(world.clerks.producer, head, 'inventory.changed')).toEqual(producer);
    expect(await caughtUp(world.clerks.receiver, head, 'inventory.changed')).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver).toEqual([]);
  });

  it('a manual receipt records a stock event for each write: create, update (both enterprises when it moves), delete', async () => {
    const head = await headNow();
    const body = { enterpriseId: world.producer.id, wastecodeId: world.wastecodeId, quantity: 1, receiptDate: world.plannedDate };
    const receipt = ok<Dto>(await server.call('POST', svc('Warehousereceipt', 'Create'), { token: admin, body }), 'receipt');
    expectSuccess(await server.call('PUT', svc('Warehousereceipt', 'Update'), { token: admin, body: { ...body, id: receipt.id, enterpriseId: world.receiver.id } }));
    expectSuccess(await server.call('DELETE', svc('Warehousereceipt', 'Delete'), { token: admin, query: { Id: receipt.id } }));
    const seen = (await caughtUp(world.clerks.receiver, head, 'inventory.changed')).map((e) => e.payload);
    expect(seen).toEqual([{ enterpriseIds: [world.receiver.id, world.producer.id] }, { enterpriseIds: [world.receiver.id] }]);
    expect((await caughtUp(world.clerks.producer, head, 'inventory.changed')).map((e) => e.payload)).toEqual([
      { enterpriseIds: [world.producer.id] }, { enterpriseIds: [world.receiver.id, world.producer.id] },
    ]);
  });

  it('an agree tells the producer and the receiver that their stock moved, in the move\'s own transaction', async () => {
    const [producer, receiver, transporter] = await Promise.all([
      listen(world.clerks.producer, 'inventory.changed'), listen(world.clerks.receiver, 'inventory.changed'), listen(world.clerks.transporter, 'inventory.changed'),
    ]);
    // A connection's first frame may still carry events of the moment it subscribed (an earlier test's receipts).
    const head = await headNow();
    const after = (events: LiveEvent[]) => events.filter((e) => e.seq > head);
    await orderIn('agreed');
    const until = Date.now() + 3000;
    while (Date.now() < until && (after(producer).length === 0 || after(receiver).length === 0)) await new Promise((r) => setTimeout(r, 25));
    const moved = [expect.objectContaining({ enterpriseIds: [world.producer.id, world.receiver.id], payload: { enterpriseIds: [world.producer.id, world.receiver.id] } })];
    expect(after(producer)).toEqual(moved);
    expect(after(receiver)).toEqual(moved);
    await new Promise((r) => setTimeout(r, 200));
    // The transporter's clerk has no stock screens: the event's topic is not theirs.
    expect(transporter).toEqual([]);
  });
});
