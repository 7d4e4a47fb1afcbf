// The warning rules over HTTP, each raised and closed by readings (or by the sweeper's clock), reductions explained
// by a transfer or a warehouse receipt or not, and the warnings people move: acknowledge, close with a note.
import { expectError, expectSuccess, expectValidationError, ok, userWithPermissions } from '../support/server-fixtures';
import { svc, useTestServer } from '../support/server-harness';
import { buildTransferWorld, clerk, enterprise, orderBody, post } from '../support/transfer-world';
import {
  boundDevice, monitoringWorld, northOfHome, nowReadings, readings, sendOk, type Device, type Dto, type MonitoringWorld,
} from '../support/monitoring-world';
import type { LiveEvent, WarningPayload } from '../../src/shared/live/events';
import type { OpenWarningDto, SeqItems } from '../../src/shared/monitoring';
import { sweepOnce } from '../../src/server/modules/monitoring';
import { DEFAULT_TIME_ZONE, dayOf } from '../../src/shared/time';

const server = useTestServer({ env: { SWEEP_INTERVAL_MS: '0' } });
let admin: string;
let world: MonitoringWorld;

const W = (method: string) => svc('EquipmentWarning', method);
const BATTERY = 1;
const TEMPERATURE = 2;
const WEIGHT = 3;
const REDUCTION = 4;
const DISPLACEMENT = 5;
const NO_WASTE = 6;
const OFFLINE = 7;

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  world = await monitoringWorld(server, admin, {
    capacity: 100, batteryMin: 20, temperatureMax: 60, reductionMin: 5, displacementRadius: 50, noWasteHours: 1, offlineMinutes: 10,
  });
});
type Warning = WarningPayload & Dto;

async function warningsOf(deviceId: number, query: Record<string, string | number> = {}): Promise<Warning[]> {
  return expectSuccess<{ items: Warning[] }>(await server.call('GET', W('GetAll'), {
    token: admin, query: { smartequipmentId: deviceId, MaxResultCount: 100, Sorting: 'id asc', ...query },
  })).items;
}
const head = async () => ok<{ head: number }>(await server.call('GET', svc('Events', 'GetEventsAfter'), { token: admin }), 'head').head;
async function eventsAfter(after: number): Promise<LiveEvent[]> {
  return ok<{ items: LiveEvent[] }>(await server.call('GET', svc('Events', 'GetEventsAfter'), { token: admin, query: { after, maxResultCount: 1000 } }), 'events').items;
}
/** The warning and device events of a stretch, reading and weight events left out. */
const changesAfter = async (after: number) => (await eventsAfter(after)).filter((e) => e.type.startsWith('warning.') || e.type === 'device.state');
async function runningState(deviceId: number): Promise<number> {
  return ok<Dto>(await server.call('GET', svc('Smartequipment', 'Get'), { token: admin, query: { Id: deviceId } }), 'device').runningState as number;
}
const move = (id: number, status: number, note?: string, token = admin) =>
  server.call('PUT', W('UpdateEquipmentWarningStatus'), { token, body: { id, status, note } });

describe('rules raised and closed by readings', () => {
  it('battery: below the minimum raises; repeats count on it; it closes at minimum + 5, not before', async () => {
    const dev = await boundDevice(server, admin, world);
    const start = await head();
    await sendOk(server, dev.deviceKey, readings({ battery: 15 }));
    let [warning] = await warningsOf(dev.id);
    expect(warning).toMatchObject({ warningType: BATTERY, status: 0, value: 15, threshold: 20, occurrences: 1, enterpriseId: world.producer.id });
    expect(await runningState(dev.id)).toBe(1);
    const raised = await changesAfter(start);
    expect(raised.map((e) => e.type)).toEqual(['warning.raised', 'device.state']);
    expect(raised[0].payload).toEqual({
      id: warning.id, smartequipmentId: dev.id, serialNumber: dev.serialNumber, enterpriseId: world.producer.id, storageId: expect.any(Number),
      warningType: BATTERY, value: 15, threshold: 20, quantity: null, raisedAt: warning.raisedAt, lastSeenAt: warning.raisedAt, occurrences: 1,
      status: 0, acknowledgedBy: null, acknowledgedAt: null, acknowledgeNote: null, closedBy: null, closedAt: null, closeNote: null,
    });
    expect(raised[1].payload).toMatchObject({ deviceId: dev.id, onlineState: 0, runningState: 1 });

    // 22 % is between the lines: nothing changes. Then 10 %: a repeat on the same warning.
    const hold = await head();
    await sendOk(server, dev.deviceKey, readings({ battery: 22 }, { battery: 10 }));
    const all = await warningsOf(dev.id);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: warning.id, status: 0, value: 10, occurrences: 2 });
    expect((await changesAfter(hold)).map((e) => [e.type, (e.payload as WarningPayload).occurrences])).toEqual([['warning.updated', 2]]);

    const close = await head();
    await sendOk(server, dev.deviceKey, readings({ battery: 24.9 }));
    expect((await warningsOf(dev.id))[0].status).toBe(0);
    await sendOk(server, dev.deviceKey, readings({ battery: 25 }));
    [warning] = await warningsOf(dev.id);
    expect(warning).toMatchObject({ status: 2, closedBy: null, closedAt: expect.any(String) });
    expect(await runningState(dev.id)).toBe(0);
    expect((await changesAfter(close)).map((e) => e.type)).toEqual(['warning.updated', 'device.state']);

    // Low again: a new warning.
    await sendOk(server, dev.deviceKey, readings({ battery: 19 }));
    expect((await warningsOf(dev.id)).map((w) => w.status)).toEqual([2, 0]);
  });

  it('temperature: above the maximum raises; it closes at maximum − 2', async () => {
    const dev = await boundDevice(server, admin, world);
    await sendOk(server, dev.deviceKey, readings({ temperature: 61 }, { temperature: 59 }));
    expect(await warningsOf(dev.id)).toEqual([expect.objectContaining({ warningType: TEMPERATURE, status: 0, value: 61, threshold: 60 })]);
    await sendOk(server, dev.deviceKey, readings({ temperature: 58 }));
    expect((await warningsOf(dev.id))[0].status).toBe(2);
  });

  it('weight: over the storage point\'s capacity raises; back under closes', async () => {
    const dev = await boundDevice(server, admin, world);
    await sendOk(server, dev.deviceKey, readings({ weight: 90 }, { weight: 100.5 }));
    expect(await warningsOf(dev.id)).toEqual([expect.objectContaining({ warningType: WEIGHT, status: 0, value: 100.5, threshold: 100 })]);
    await sendOk(server, dev.deviceKey, readings({ weight: 100 }));
    expect((await warningsOf(dev.id))[0].status).toBe(2);
  });

  it('displacement: farther from home than the radius raises; back inside closes; a reading without position changes nothing', async () => {
    const dev = await boundDevice(server, admin, world);
    await sendOk(server, dev.deviceKey, readings({ ...northOfHome(30) }, { ...northOfHome(60) }, { battery: 80 }));
    const [warning] = await warningsOf(dev.id);
    expect(warning).toMatchObject({ warningType: DISPLACEMENT, status: 0, threshold: 50 });
    expect(warning.value).toBeCloseTo(60, 0);
    await sendOk(server, dev.deviceKey, readings({ ...northOfHome(45) }));
    expect((await warningsOf(dev.id))[0].status).toBe(2);
  });

  it('several rules in one batch: each warning once, in the order raised, and one running-state change', async () => {
    const dev = await boundDevice(server, admin, world);
    const start = await head();
    await sendOk(server, dev.deviceKey, readings({ battery: 5, temperature: 70, weight: 120 }, { battery: 4, temperature: 71, weight: 121 }));
    expect((await warningsOf(dev.id)).map((w) => [w.warningType, w.occurrences])).toEqual([[BATTERY, 2], [TEMPERATURE, 2], [WEIGHT, 2]]);
    const changes = await changesAfter(start);
    expect(changes.map((e) => e.type)).toEqual(['warning.raised', 'warning.updated', 'warning.raised', 'warning.updated', 'warning.raised', 'warning.updated', 'device.state']);
  });
});

describe('reductions', () => {
  it('an unexplained drop of more than the threshold raises a reduction with the quantity; repeats add up; only people close it', async () => {
    const dev = await boundDevice(server, admin, world);
    await sendOk(server, dev.deviceKey, readings({ weight: 50 }, { weight: 40 }));
    let [warning] = await warningsOf(dev.id);
    expect(warning).toMatchObject({ warningType: REDUCTION, status: 0, value: 40, threshold: 5, quantity: 10, occurrences: 1 });
    // A drop of the threshold or less is not one; waste added does not close it; another drop adds up.
    await sendOk(server, dev.deviceKey, readings({ weight: 35 }, { weight: 60 }, { weight: 52.5 }));
    [warning] = await warningsOf(dev.id);
    expect(warning).toMatchObject({ status: 0, value: 52.5, quantity: 17.5, occurrences: 2 });
    expect(await warningsOf(dev.id)).toHaveLength(1);
    expectValidationError(await move(warning.id, 2), 'note');
    expect(expectSuccess<WarningPayload>(await move(warning.id, 2, '已核实：人工搬运至暂存库'))).toMatchObject({ status: 2, closedBy: 'admin', closeNote: '已核实：人工搬运至暂存库' });
  });

  it('a transfer order of the producer and code, dispatched, explains a drop; declared only, it does not', async () => {
    const transfer = await buildTransferWorld(server, admin, { stock: 0 });
    const own: MonitoringWorld = { producer: transfer.producer, waste: transfer.waste, model: world.model };
    const before = await boundDevice(server, admin, own);
    const after = await boundDevice(server, admin, own);
    await sendOk(server, before.deviceKey, readings({ weight: 80 }));
    await sendOk(server, after.deviceKey, readings({ weight: 80 }));

    const order = await post(server, transfer.clerks.producer.token, 'TransferOrder', 'AddProductionWaste', orderBody(transfer, 1));
    await sendOk(server, before.deviceKey, readings({ weight: 20 }));
    expect(await warningsOf(before.id)).toEqual([expect.objectContaining({ warningType: REDUCTION, quantity: 60 })]);

    await post(server, transfer.clerks.transporter.token, 'TransferOrder', 'UpdatedTransferOrderVehicles', {
      id: order.id, version: order.version, vehicleIds: [transfer.vehicle.id], driverIds: [transfer.driver.id],
    }, 'PUT');
    await sendOk(server, after.deviceKey, readings({ weight: 20 }));
    expect(await warningsOf(after.id)).toEqual([]);

    // Voided, the order explains nothing any more.
    await post(server, transfer.clerks.producer.token, 'TransferOrder', 'Updatedeclarestatus', { id: order.id, version: Number(order.version) + 1, declareStatus: 2, reason: '取消' }, 'PUT');
    await sendOk(server, after.deviceKey, readings({ weight: 70 }, { weight: 10 }));
    expect(await warningsOf(after.id)).toEqual([expect.objectContaining({ warningType: REDUCTION, quantity: 60 })]);
  });

  it('a warehouse receipt of the enterprise and code explains a drop; one of another code does not', async () => {
    const own = await monitoringWorld(server, admin, { capacity: 500, reductionMin: 5 });
    const dev = await boundDevice(server, admin, own);
    await sendOk(server, dev.deviceKey, readings({ weight: 100 }));
    const otherCode = ok<Dto[]>(await server.call('GET', svc('Wastecode', 'GetWastecodeAll'), { token: admin, query: { Keyword: '900-041-49' } }), 'code')[0];
    const receipt = (wastecodeId: number) => post(server, admin, 'Warehousereceipt', 'Create', {
      enterpriseId: own.producer.id, wastecodeId, quantity: 0.05, receiptDate: dayOf(Date.now(), DEFAULT_TIME_ZONE), storagePlace: '危废库',
    });
    await receipt(otherCode.id);
    await sendOk(server, dev.deviceKey, readings({ weight: 60 }));
    expect((await warningsOf(dev.id)).map((w) => w.warningType)).toEqual([REDUCTION]);
    await receipt(Number(own.waste.wastecodeId));
    await sendOk(server, dev.deviceKey, readings({ weight: 10 }));
    expect(await warningsOf(dev.id)).toEqual([expect.objectContaining({ warningType: REDUCTION, occurrences: 1, quantity: 40 })]);
  });
});

describe('warnings people move', () => {
  let dev: Device;
  let warning: Warning;
  beforeAll(async () => {
    dev = await boundDevice(server, admin, world);
    await sendOk(server, dev.deviceKey, readings({ battery: 5 }));
    [warning] = await warningsOf(dev.id);
  });

  it('open → acknowledged records who, when and the note; acknowledged → closed needs a note; nothing else moves', async () => {
    const console_ = await userWithPermissions(server, admin, 1, ['Pages.SupervisorConsole']);
    const start = await head();
    const acknowledged = expectSuccess<WarningPayload>(await move(warning.id, 1, undefined, console_.token));
    expect(acknowledged).toMatchObject({ id: warning.id, status: 1, acknowledgedBy: console_.userName, acknowledgedAt: expect.any(String), acknowledgeNote: null });
    const events = await changesAfter(start);
    expect(events).toEqual([expect.objectContaining({ type: 'warning.updated', payload: acknowledged })]);

    expectValidationError(await move(warning.id, 1, 'again', console_.token), 'status');
    expectValidationError(await move(warning.id, 0, 'back', console_.token), 'status');
    expectValidationError(await move(warning.id, 2, '  ', console_.token), 'note');
    // Still low: a repeat counts on the acknowledged warning.
    await sendOk(server, dev.deviceKey, readings({ battery: 4 }));
    expect((await warningsOf(dev.id))[0]).toMatchObject({ status: 1, occurrences: 2, acknowledgedBy: console_.userName });

    const closing = await head();
    const closed = expectSuccess<WarningPayload>(await move(warning.id, 2, '已更换电池', console_.token));
    expect(closed).toMatchObject({ status: 2, closedBy: console_.userName, closeNote: '已更换电池', acknowledgedBy: console_.userName });
    expect((await changesAfter(closing)).map((e) => e.type)).toEqual(['warning.updated', 'device.state']);
    expect(await runningState(dev.id)).toBe(0);
    expectValidationError(await move(warning.id, 2, 'again', console_.token), 'status');
    expectValidationError(await move(warning.id, 1, 'again', console_.token), 'status');
  });

  it('open → closed directly; the moves need the warning or console permission and the warning in scope', async () => {
    const other = await boundDevice(server, admin, world);
    await sendOk(server, other.deviceKey, readings({ temperature: 90 }));
    const [hot] = await warningsOf(other.id);
    const reader = await userWithPermissions(server, admin, 1, ['Pages.Hazardouswastestorage']);
    expectError(await move(hot.id, 2, 'x', reader.token), 403, true);
    const elsewhere = await enterprise(server, admin, [2]);
    const stranger = await clerk(server, admin, 1, ['Pages.EquipmentWarning'], [elsewhere.id]);
    expectError(await move(hot.id, 2, 'x', stranger.token), 404);
    const own = await clerk(server, admin, 1, ['Pages.EquipmentWarning'], [world.producer.id]);
    expect(expectSuccess<WarningPayload>(await move(hot.id, 2, '误报', own.token))).toMatchObject({ status: 2, closedBy: own.userName });
    expectError(await move(987654321, 2, 'x'), 404);
  });

  it('GetOpenWarnings: not-closed warnings in scope, most severe type first then newest, with names and the seq before them', async () => {
    const own = await monitoringWorld(server, admin, { capacity: 100 });
    const a = await boundDevice(server, admin, own, { storagePlace: '甲库' });
    const b = await boundDevice(server, admin, own, { storagePlace: '乙库' });
    await sendOk(server, a.deviceKey, readings({ battery: 5 }));
    await sendOk(server, b.deviceKey, readings({ battery: 5 }));
    await sendOk(server, a.deviceKey, readings({ weight: 50 }, { weight: 10 }));
    await sendOk(server, b.deviceKey, readings({ temperature: 99 }));
    const [ack] = (await warningsOf(b.id)).filter((w) => w.warningType === BATTERY);
    expectSuccess(await move(ack.id, 1));
    const [closed] = (await warningsOf(a.id)).filter((w) => w.warningType === BATTERY);
    expectSuccess(await move(closed.id, 2, 'done'));

    const linked = await clerk(server, admin, 1, ['Pages.SupervisorConsole'], [own.producer.id]);
    const seq = await head();
    const result = expectSuccess<SeqItems<OpenWarningDto>>(await server.call('GET', W('GetOpenWarnings'), { token: linked.token }));
    expect(result.seq).toBe(seq);
    expect(result.items.map((w) => [w.serialNumber, w.warningType, w.status])).toEqual([
      [a.serialNumber, REDUCTION, 0], [b.serialNumber, TEMPERATURE, 0], [b.serialNumber, BATTERY, 1],
    ]);
    expect(result.items[0]).toMatchObject({ enterpriseName: own.producer.name, storagePlace: '甲库', hazardouswasteInformationName: own.waste.name, quantity: 40 });
    // The admin sees other enterprises' too; someone without the permission nothing.
    const all = expectSuccess<SeqItems<OpenWarningDto>>(await server.call('GET', W('GetOpenWarnings'), { token: admin }));
    expect(all.items.length).toBeGreaterThan(result.items.length);
    const reader = await userWithPermissions(server, admin, 1, ['Pages.Hazardouswastestorage']);
    expectError(await server.call('GET', W('GetOpenWarnings'), { token: reader.token }), 403, true);
  });

  it('GetAll filters by status, type, device, enterprise and the raisedAt range', async () => {
    const ownDevice = await boundDevice(server, admin, world);
    await sendOk(server, ownDevice.deviceKey, readings({ battery: 1, temperature: 100 }));
    const [battery, temperature] = await warningsOf(ownDevice.id);
    expect((await warningsOf(ownDevice.id, { warningType: TEMPERATURE })).map((w) => w.id)).toEqual([temperature.id]);
    expectSuccess(await move(battery.id, 1));
    expect((await warningsOf(ownDevice.id, { status: 1 })).map((w) => w.id)).toEqual([battery.id]);
    expect((await warningsOf(ownDevice.id, { enterpriseId: world.producer.id })).map((w) => w.id)).toEqual([battery.id, temperature.id]);
    expect(await warningsOf(ownDevice.id, { raisedAtFrom: '2999-01-01T00:00:00' })).toEqual([]);
    expect((await warningsOf(ownDevice.id, { raisedAtFrom: battery.raisedAt, raisedAtTo: battery.raisedAt })).map((w) => w.id)).toEqual([battery.id, temperature.id]);
    const console_ = await userWithPermissions(server, admin, 1, ['Pages.SupervisorConsole']);
    expect(expectSuccess<{ totalCount: number }>(await server.call('GET', W('GetAll'), { token: console_.token, query: { smartequipmentId: ownDevice.id } })).totalCount).toBe(2);
  });
});

// Last: the sweeper's clock runs hours ahead and takes every device of this file offline.
describe('rules of silence (the sweeper)', () => {
  const hub = () => server.app.services.hub;
  const later = (minutes: number) => Date.now() + minutes * 60_000;

  it('offline: no heartbeat within the model\'s minutes takes the device offline with a warning; a reading brings it back', async () => {
    const dev = await boundDevice(server, admin, world);
    await sendOk(server, dev.deviceKey, nowReadings({ weight: 5 }));
    await sweepOnce(server.db, hub(), later(5));
    expect(await warningsOf(dev.id)).toEqual([]);

    const start = await head();
    const swept = await sweepOnce(server.db, hub(), later(11));
    expect(swept.offline).toBeGreaterThanOrEqual(1);
    const [warning] = await warningsOf(dev.id);
    expect(warning).toMatchObject({ warningType: OFFLINE, status: 0, threshold: 10 });
    expect(warning.value).toBeGreaterThanOrEqual(10);
    const mine = (await changesAfter(start)).filter((e) => (e.payload as { deviceId?: number; smartequipmentId?: number }).deviceId === dev.id
      || (e.payload as WarningPayload).smartequipmentId === dev.id);
    expect(mine.map((e) => e.type)).toEqual(['warning.raised', 'device.state']);
    expect(mine[1].payload).toMatchObject({ onlineState: 1, runningState: 1 });

    // Swept again, nothing new: the device is already offline.
    const again = await head();
    await sweepOnce(server.db, hub(), later(30));
    expect((await changesAfter(again)).filter((e) => (e.payload as WarningPayload).smartequipmentId === dev.id)).toEqual([]);

    const back = await head();
    await sendOk(server, dev.deviceKey, nowReadings({ weight: 5 }));
    expect((await warningsOf(dev.id))[0]).toMatchObject({ status: 2 });
    const device = (await changesAfter(back)).find((e) => e.type === 'device.state')!;
    expect(device.payload).toMatchObject({ deviceId: dev.id, onlineState: 0, runningState: 0 });
  });

  it('no waste: nothing added for the model\'s hours raises one warning per idle spell; waste added closes it', async () => {
    const idle = await boundDevice(server, admin, world);
    const closedByHand = await boundDevice(server, admin, world);
    await sendOk(server, idle.deviceKey, nowReadings({ weight: 10 }));
    await sendOk(server, closedByHand.deviceKey, nowReadings({ weight: 10 }));
    await sweepOnce(server.db, hub(), later(30));
    expect(await warningsOf(idle.id, { warningType: NO_WASTE })).toEqual([]);

    await sweepOnce(server.db, hub(), later(120));
    const [raised] = await warningsOf(idle.id, { warningType: NO_WASTE });
    expect(raised).toMatchObject({ status: 0, threshold: 1, storageId: expect.any(Number) });
    const [other] = await warningsOf(closedByHand.id, { warningType: NO_WASTE });
    expectSuccess(await move(other.id, 2, '停产检修'));
    await sweepOnce(server.db, hub(), later(180));
    expect((await warningsOf(idle.id, { warningType: NO_WASTE })).map((w) => w.occurrences)).toEqual([1]);
    expect((await warningsOf(closedByHand.id, { warningType: NO_WASTE })).map((w) => w.status)).toEqual([2]);

    await sendOk(server, idle.deviceKey, nowReadings({ weight: 12 }));
    expect((await warningsOf(idle.id, { warningType: NO_WASTE }))[0].status).toBe(2);
  });

  it('the sweeper skips devices never activated (the seeded demo devices)', async () => {
    await sweepOnce(server.db, hub(), later(24 * 60));
    const demo = await server.db.query<{ n: number }>(
      `select count(*)::int as n from equipment_warning w join smart_equipment d on d.id = w.smartequipment_id where d.serial_number like 'SIM-%'`);
    expect(demo[0].n).toBe(0);
  });
});
