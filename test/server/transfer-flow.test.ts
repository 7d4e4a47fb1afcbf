// The transfer manifest end to end over HTTP: three clerks of three enterprises move one order through its life, the
// stock and the history follow, and each enterprise sees only its own orders.
import { expectError, expectSuccess, expectValidationError } from '../support/server-fixtures';
import { svc, useTestServer } from '../support/server-harness';
import { buildTransferWorld, clerk, enterprise, orderBody, PRODUCER_PERMISSIONS, type TransferWorld } from '../support/transfer-world';

type Dto = Record<string, unknown> & { id: number };
type Order = Dto & { lines: Dto[]; history: Dto[]; parties: string[]; moves: { action: string; party: string }[]; version: number; partyEnterprises: Record<number, Dto> };

const server = useTestServer();
let admin: string;
let world: TransferWorld;

const T = (method: string) => svc('TransferOrder', method);
async function as<R = Order>(token: string, verb: string, method: string, body?: Record<string, unknown>, service = 'TransferOrder'): Promise<R> {
  const options = verb === 'GET' || verb === 'DELETE' ? { token, query: body as Record<string, string | number> } : { token, body };
  return expectSuccess<R>(await server.call(verb, svc(service, method), options));
}
const stockOf = async (enterpriseId: number) => {
  const rows = await as<Dto[]>(admin, 'GET', 'GetInventoryByEfid', { efid: enterpriseId });
  return Number(rows.find((r) => r.wastecodeId === world.wastecodeId)?.quantity ?? 0);
};

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  world = await buildTransferWorld(server, admin);
});
describe('the life of one order across three enterprises', () => {
  const { producer: p, transporter: t, receiver: r } = { producer: () => world.clerks.producer.token, transporter: () => world.clerks.transporter.token, receiver: () => world.clerks.receiver.token };
  let order: Order;

  it('the producer declares it: a readable manifest number, pending statuses, lines copied from the waste record, history', async () => {
    order = await as(p(), 'POST', 'AddProductionWaste', orderBody(world, 5));
    expect(order.manifestNo).toMatch(/^ZY\d{8}-\d{5}$/);
    expect(order).toMatchObject({ declareStatus: 0, dispatchStatus: 0, signStatus: 0, version: 1, totalQuantity: 5, producerName: world.producer.name });
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]).toMatchObject({ wastecodeId: world.wastecodeId, wastecodeName: world.wasteCode, wasteName: world.waste.name, physicalForm: 2, containerType: 3, quantity: 5 });
    expect(order.history.map((h) => h.action)).toEqual(['create']);
    expect(order.parties).toEqual(['producer']);
    expect(order.moves.map((m) => m.action).sort()).toEqual(['delete', 'edit', 'sign', 'void']);
    expect(order).toHaveProperty('warnings', []);
    // The printed manifest shows the parties' licence and phone, which a clerk could not read from their records.
    expect(order.partyEnterprises).toMatchObject({ [world.receiver.id]: { name: world.receiver.name, licenseNumber: world.receiver.licenseNumber } });
  });

  it('the form shows the declarant: a clerk reads its own user record, not others\'', async () => {
    const me = await as<Dto>(p(), 'GET', 'Get', { Id: world.clerks.producer.id }, 'User');
    expect(me).toMatchObject({ id: world.clerks.producer.id, userName: world.clerks.producer.userName, enterpriseIds: [world.producer.id] });
    expectError(await server.call('GET', svc('User', 'Get'), { token: p(), query: { Id: world.clerks.receiver.id } }), 403, true);
  });

  it('each party finds it in its list: C for producer and transporter, S for the receiver', async () => {
    const list = async (token: string, List: string) => (await as<{ items: Dto[] }>(token, 'GET', 'GetAll', { List, MaxResultCount: 100 })).items.map((i) => i.id);
    expect(await list(p(), 'C')).toContain(order.id);
    expect(await list(t(), 'C')).toContain(order.id);
    expect(await list(r(), 'C')).not.toContain(order.id);
    expect(await list(r(), 'S')).toContain(order.id);
    expect(await list(p(), 'S')).not.toContain(order.id);
  });

  it('the transporter dispatches a permitted vehicle and a qualified driver of its own', async () => {
    order = await as(t(), 'PUT', 'UpdatedTransferOrderVehicles', { id: order.id, version: order.version, vehicleIds: [world.vehicle.id], driverIds: [world.driver.id] });
    expect(order).toMatchObject({ dispatchStatus: 1, version: 2, vehicleIds: [world.vehicle.id], vehicleNames: [world.vehicle.plateNumber], driverIds: [world.driver.id] });
  });

  it('the receiver returns it with a reason; stock does not move', async () => {
    const before = await stockOf(world.producer.id);
    order = await as(r(), 'PUT', 'UpdateTransferOrderReception', { id: order.id, version: order.version, signStatus: 2, returnReason: '数量不符' });
    expect(order).toMatchObject({ signStatus: 2, declareStatus: 0, returnReason: '数量不符' });
    expect(await stockOf(world.producer.id)).toBe(before);
  });

  it('the producer corrects the quantity and resubmits', async () => {
    const line = order.lines[0];
    order = await as(p(), 'PUT', 'Update', { ...orderBody(world), id: order.id, version: order.version, lines: [{ ...line, quantity: 4 }] });
    expect(order).toMatchObject({ totalQuantity: 4, version: 4 });
    order = await as(p(), 'PUT', 'Updatedeclarestatus', { id: order.id, version: order.version, declareStatus: 0 });
    expect(order).toMatchObject({ signStatus: 0, declareStatus: 0, dispatchStatus: 1 });
  });

  it('the receiver agrees with what it weighed: receipts in, stock out, statuses signed', async () => {
    const producerBefore = await stockOf(world.producer.id);
    const receiverBefore = await stockOf(world.receiver.id);
    order = await as(r(), 'PUT', 'UpdateTransferOrderReception', {
      id: order.id, version: order.version, signStatus: 1, lines: [{ id: order.lines[0].id, receivedQuantity: 3.95 }],
    });
    expect(order).toMatchObject({ signStatus: 1, declareStatus: 1 });
    expect(order.lines[0].receivedQuantity).toBe(3.95);
    expect(await stockOf(world.producer.id)).toBeCloseTo(producerBefore - 4, 6);
    expect(await stockOf(world.receiver.id)).toBeCloseTo(receiverBefore + 3.95, 6);
    const receipts = await as<{ items: Dto[] }>(world.clerks.receiver.token, 'GET', 'GetAll', { transferOrderId: order.id }, 'Warehousereceipt');
    expect(receipts.items).toEqual([expect.objectContaining({ enterpriseId: world.receiver.id, quantity: 3.95, source: 2, transferOrderName: order.manifestNo })]);
    expectValidationError(await server.call('DELETE', svc('Warehousereceipt', 'Delete'), { token: admin, query: { Id: receipts.items[0].id } }), 'transferOrderId');
  });

  it('keeps every move in an append-only history: who, from, to, reason and quantities', async () => {
    const got = await as(admin, 'GET', 'Get', { Id: order.id });
    expect(got.history.map((h) => h.action)).toEqual(['create', 'dispatch', 'return', 'edit', 'resubmit', 'agree']);
    const byAction = Object.fromEntries(got.history.map((h) => [h.action as string, h]));
    expect(byAction.dispatch).toMatchObject({ userName: world.clerks.transporter.userName, party: 'transporter', fromState: { dispatchStatus: 0 }, toState: { dispatchStatus: 1 } });
    expect(byAction.return).toMatchObject({ reason: '数量不符', party: 'receiver', toState: { signStatus: 2 } });
    expect(byAction.edit).toMatchObject({ beforeValues: { lines: [expect.objectContaining({ quantity: 5 })] }, afterValues: { lines: [expect.objectContaining({ quantity: 4 })] } });
    expect(byAction.agree).toMatchObject({ afterValues: { lines: [expect.objectContaining({ receivedQuantity: 3.95 })] } });
    expect(got.moves).toEqual([]);
  });
});

describe('enterprise scoping', () => {
  it('a transporter sees only orders it carries; another enterprise cannot even Get them', async () => {
    const otherTransporter = await enterprise(server, admin, [3]);
    const outsider = await clerk(server, admin, 1, ['Pages.TransferApplication', 'Pages.TransferReception'], [otherTransporter.id]);
    const mine = await as(world.clerks.producer.token, 'POST', 'AddProductionWaste', orderBody(world, 1));
    const theirs = await as(admin, 'POST', 'AddProductionWaste', orderBody(world, 1, { transporterId: otherTransporter.id }));
    const seen = (await as<{ items: Dto[] }>(world.clerks.transporter.token, 'GET', 'GetAll', { MaxResultCount: 1000 })).items.map((i) => i.id);
    expect(seen).toContain(mine.id);
    expect(seen).not.toContain(theirs.id);
    // Filtering by its own enterprise lists the same; by another party's, still only what it carries.
    const filtered = async (query: Record<string, number>) =>
      (await as<{ items: Dto[] }>(world.clerks.transporter.token, 'GET', 'GetAll', { MaxResultCount: 1000, ...query })).items.map((i) => i.id).sort();
    expect(await filtered({ transporterId: world.transporter.id })).toEqual([...seen].sort());
    expect(await filtered({ producerId: world.producer.id })).toEqual([...seen].sort());
    expect(await filtered({ transporterId: otherTransporter.id })).toEqual([]);
    expectError(await server.call('GET', T('Get'), { token: outsider.token, query: { Id: mine.id } }), 404);
    expectError(await server.call('PUT', T('Updatedeclarestatus'), { token: outsider.token, body: { id: mine.id, declareStatus: 2 } }), 404);
  });

  it('a producer clerk declares only for its own enterprise', async () => {
    const otherProducer = await enterprise(server, admin, [2]);
    const stranger = await clerk(server, admin, 1, PRODUCER_PERMISSIONS, [otherProducer.id]);
    expectValidationError(await server.call('POST', T('AddProductionWaste'), { token: stranger.token, body: orderBody(world, 1) }), 'producerId');
  });
});
