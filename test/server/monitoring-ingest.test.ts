// The device ingest and the storage points it feeds: who may send (the key), what is refused whole (and nothing
// stored), what a batch changes (weight, device state, events), and the device and storage endpoints around it:
// keys, binding and unbinding, deletion, the console snapshot, one point's series, corrections by hand.
import { createTenant, expectError, expectSuccess, expectValidationError, ok, userWithPermissions } from '../support/server-fixtures';
import { DEFAULT_PASSWORD, svc, useTestServer } from '../support/server-harness';
import { clerk, enterprise } from '../support/transfer-world';
import {
  boundDevice, device, monitoringWorld, readings, send, sendOk, type Device, type Dto, type MonitoringWorld,
} from '../support/monitoring-world';
import type { LiveEvent, StorageWeightPayload } from '../../src/shared/live/events';
import type { SeqItems, StoragePointDetailDto, StoragePointDto } from '../../src/shared/monitoring';
import { DEFAULT_TIME_ZONE, formatInstant } from '../../src/shared/time';

const server = useTestServer({ env: { SWEEP_INTERVAL_MS: '0' } });
let admin: string;
let world: MonitoringWorld;

const S = (method: string) => svc('Hazardouswastestorage', method);
const D = (method: string) => svc('Smartequipment', method);

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  world = await monitoringWorld(server, admin, { capacity: 200 });
});
const readingCount = async (deviceId: number) =>
  (await server.db.query<{ n: number }>('select count(*)::int as n from telemetry_reading where smartequipment_id = $1', [deviceId]))[0].n;

async function eventsAfter(after: number, token = admin): Promise<LiveEvent[]> {
  return ok<{ items: LiveEvent[] }>(await server.call('GET', svc('Events', 'GetEventsAfter'), { token, query: { after, maxResultCount: 1000 } }), 'events').items;
}
const head = async () => ok<{ head: number }>(await server.call('GET', svc('Events', 'GetEventsAfter'), { token: admin }), 'head').head;

async function pointOf(deviceId: number): Promise<StoragePointDto> {
  const all = expectSuccess<SeqItems<StoragePointDto>>(await server.call('GET', S('GetHazardouswastestoragefinaldata'), { token: admin }));
  const point = all.items.find((p) => p.smartequipmentId === deviceId);
  if (!point) throw new Error(`no active storage point for device ${deviceId}`);
  return point;
}

describe('who may send', () => {
  let dev: Device;
  beforeAll(async () => {
    dev = await boundDevice(server, admin, world);
  });

  it('Create answers the device key once; Get never shows it or its hash', async () => {
    expect(dev.deviceKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const got = expectSuccess<Dto>(await server.call('GET', D('Get'), { token: admin, query: { Id: dev.id } }));
    expect(got).not.toHaveProperty('deviceKey');
    expect(JSON.stringify(got)).not.toContain(dev.deviceKey);
    expect(Object.keys(got).some((k) => /hash/i.test(k))).toBe(false);
  });

  it('answers 401 in the envelope to a missing or unknown key, and stores nothing', async () => {
    const body = readings({ weight: 1 });
    expectError(await send(server, null, body), 401, true);
    expectError(await send(server, 'not-a-key', body), 401, true);
    expectError(await send(server, `${dev.deviceKey}x`, body), 401, true);
    // An unknown key learns nothing about its body: still 401 for a malformed one.
    expectError(await send(server, 'not-a-key', { readings: 'nope' }), 401, true);
    expect(await readingCount(dev.id)).toBe(0);
  });

  it('RegenerateKey answers a new key; the old one stops working at once', async () => {
    const other = await boundDevice(server, admin, world);
    await sendOk(server, other.deviceKey, readings({ weight: 1 }));
    const { deviceKey } = expectSuccess<{ deviceKey: string }>(await server.call('POST', D('RegenerateKey'), { token: admin, body: { id: other.id } }));
    expect(deviceKey).not.toBe(other.deviceKey);
    expectError(await send(server, other.deviceKey, readings({ weight: 2 })), 401, true);
    expect((await sendOk(server, deviceKey, readings({ weight: 2 }))).accepted).toBe(1);
    expect(await readingCount(other.id)).toBe(2);
  });

  it('refuses a deleted device\'s key with 401', async () => {
    const gone = await boundDevice(server, admin, world);
    expectSuccess(await server.call('DELETE', D('Delete'), { token: admin, query: { Id: gone.id } }));
    expectError(await send(server, gone.deviceKey, readings({ weight: 1 })), 401, true);
  });

  it('refuses the devices of a deactivated tenant with 401', async () => {
    const tenant = await createTenant(server);
    const tenantAdmin = await server.login(tenant.id, 'admin', DEFAULT_PASSWORD);
    const theirs = await boundDevice(server, tenantAdmin, await monitoringWorld(server, tenantAdmin));
    expect((await sendOk(server, theirs.deviceKey, readings({ weight: 1 }))).accepted).toBe(1);
    expectSuccess(await server.call('PUT', svc('Tenant', 'Update'), {
      token: await server.token(null, 'admin'), body: { id: tenant.id, tenancyName: tenant.tenancyName, name: tenant.name, isActive: false },
    }));
    expectError(await send(server, theirs.deviceKey, readings({ weight: 2 })), 401, true);
    expect(await readingCount(theirs.id)).toBe(1);
  });

  it('RegenerateKey and Updateunbind need the device permission and the device in the caller\'s enterprises', async () => {
    const reader = await userWithPermissions(server, admin, 1, ['Pages.Hazardouswastestorage']);
    expectError(await server.call('POST', D('RegenerateKey'), { token: reader.token, body: { id: dev.id } }), 403, true);
    expectError(await server.call('PUT', D('Updateunbind'), { token: reader.token, body: { id: dev.id } }), 403, true);
    const elsewhere = await enterprise(server, admin, [2]);
    const stranger = await clerk(server, admin, 1, ['Pages.Smartequipment'], [elsewhere.id]);
    expectError(await server.call('POST', D('RegenerateKey'), { token: stranger.token, body: { id: dev.id } }), 404);
    expectError(await server.call('PUT', D('Updateunbind'), { token: stranger.token, body: { id: dev.id } }), 404);
    // The device still answers to its key.
    expect((await sendOk(server, dev.deviceKey, readings({ weight: 3 }))).accepted).toBe(1);
  });
});

describe('what is refused whole', () => {
  let dev: Device;
  beforeAll(async () => {
    dev = await boundDevice(server, admin, world);
  });

  const now = Date.now();
  const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();
  const valid = { at: at(-60_000), weight: 10, battery: 80, temperature: 20, latitude: 30.2592, longitude: 120.1303 };

  it.each([
    ['no readings', 'readings', { readings: [] }],
    ['readings not a list', 'readings', { readings: { at: valid.at } }],
    ['no body', 'readings', ''],
    ['more than 500', 'readings', { readings: Array.from({ length: 501 }, (_, i) => ({ ...valid, at: at(-600_000 + i) })) }],
    ['a reading not an object', 'readings[1]', { readings: [valid, 5] }],
    ['at missing', 'readings[0].at', { readings: [{ weight: 1 }] }],
    ['at without an offset', 'readings[0].at', { readings: [{ ...valid, at: '2026-01-01T08:00:00' }] }],
    ['at not a date', 'readings[0].at', { readings: [{ ...valid, at: '2026-02-30T08:00:00Z' }] }],
    ['at a number', 'readings[0].at', { readings: [{ ...valid, at: now }] }],
    ['at 11 minutes ahead', 'readings[1].at', { readings: [valid, { ...valid, at: at(11 * 60_000) }] }],
    ['at 8 days ago', 'readings[0].at', { readings: [{ ...valid, at: at(-8 * 86_400_000) }] }],
    ['out of time order', 'readings[1].at', { readings: [valid, { ...valid, at: at(-120_000) }] }],
    ['weight negative', 'readings[0].weight', { readings: [{ ...valid, weight: -0.5 }] }],
    ['weight over 1,000,000 kg', 'readings[0].weight', { readings: [{ ...valid, weight: 1_000_000.5 }] }],
    ['weight a string', 'readings[0].weight', { readings: [{ ...valid, weight: '12' }] }],
    ['battery over 100 %', 'readings[0].battery', { readings: [{ ...valid, battery: 101 }] }],
    ['temperature below −40 °C', 'readings[0].temperature', { readings: [{ ...valid, temperature: -41 }] }],
    ['temperature over 125 °C', 'readings[0].temperature', { readings: [{ ...valid, temperature: 126 }] }],
    ['latitude over 90', 'readings[0].latitude', { readings: [{ ...valid, latitude: 91 }] }],
    ['longitude under −180', 'readings[0].longitude', { readings: [{ ...valid, longitude: -181 }] }],
    ['latitude without longitude', 'readings[0].longitude', { readings: [{ ...valid, longitude: null }] }],
  ] as [string, string, unknown][])('%s → 400 naming %s, nothing stored', async (_what, member, body) => {
    const before = await readingCount(dev.id);
    const seq = await head();
    const response = await send(server, dev.deviceKey, body);
    expectValidationError(response, member);
    expect(await readingCount(dev.id)).toBe(before);
    expect(await head()).toBe(seq);
  });

  it('names every bad member of a batch at once, and keeps the good readings out too', async () => {
    const before = await readingCount(dev.id);
    const error = expectValidationError(await send(server, dev.deviceKey, {
      readings: [valid, { ...valid, at: at(-30_000), battery: -1 }, { ...valid, at: at(-20_000), temperature: 200, weight: null }],
    }), 'readings[1].battery');
    expect(error.validationErrors!.flatMap((e) => e.members)).toEqual(['readings[1].battery', 'readings[2].temperature']);
    expect(await readingCount(dev.id)).toBe(before);
  });

  it('answers messages in the caller\'s language', async () => {
    const response = await server.call('POST', '/api/device/readings', {
      body: { readings: [{ ...valid, battery: 101 }] }, headers: { 'X-Device-Key': dev.deviceKey, 'Accept-Language': 'en' },
    });
    expect(expectValidationError(response, 'readings[0].battery').validationErrors![0].message).toBe('readings[0].battery must be a number from 0 to 100');
  });

  it('accepts readings without optional values, with any offset, at the limits', async () => {
    const plus8 = (ms: number) => formatInstant(ms, DEFAULT_TIME_ZONE);
    const result = await sendOk(server, dev.deviceKey, {
      readings: [
        { at: new Date(now - 7 * 86_400_000 + 60_000).toISOString() },
        { at: plus8(now - 3600_000), weight: null, battery: null },
        { at: at(9 * 60_000), weight: 1_000_000, battery: 0, temperature: -40, latitude: -90, longitude: 180 },
      ],
    });
    expect(result.accepted).toBe(3);
    const stored = await server.db.query<{ read_at: string }>(
      'select read_at from telemetry_reading where smartequipment_id = $1 order by id desc limit 3', [dev.id]);
    // +08:00 is read as the same instant.
    expect(Date.parse(stored[1].read_at)).toBe(now - 3600_000);
  });
});

describe('what a batch changes', () => {
  let dev: Device;
  beforeAll(async () => {
    dev = await boundDevice(server, admin, world);
  });

  it('stores the readings, brings the device online, folds the last weight into its storage point and records the events', async () => {
    const start = await head();
    const before = await pointOf(dev.id);
    expect(before).toMatchObject({ currentWeight: 0, capacity: 200, fillRatio: 0, onlineState: 1, activation: 1, runningState: 0 });
    const body = readings({ weight: 10, battery: 90, temperature: 21 }, { weight: 12.5, battery: 90, temperature: 21 }, { weight: 12.5, battery: 89.9, temperature: 22 });
    const result = await sendOk(server, dev.deviceKey, body);
    expect(result.accepted).toBe(3);
    expect(await readingCount(dev.id)).toBe(3);

    const point = await pointOf(dev.id);
    expect(point).toMatchObject({
      currentWeight: 12.5, capacity: 200, fillRatio: 0.0625, onlineState: 0, activation: 0, runningState: 0,
      battery: 89.9, temperature: 22, serialNumber: dev.serialNumber, enterpriseName: world.producer.name,
      hazardouswasteInformationName: world.waste.name, wastecodeName: '900-249-08',
    });
    expect(point.lastChangeTime).toBe(point.lastAddedTime);
    expect(point.lastHeartbeat).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));

    const events = await eventsAfter(start);
    expect(events.map((e) => e.type)).toEqual(['reading', 'reading', 'reading', 'storage.weight', 'device.state']);
    expect(events.map((e) => e.seq)).toEqual([start + 1, start + 2, start + 3, start + 4, start + 5]);
    expect(result.lastSeq).toBe(start + 5);
    expect(events[0]).toMatchObject({ enterpriseIds: [world.producer.id], payload: { deviceId: dev.id, storageId: point.id, weight: 10, battery: 90 } });
    expect(events[3].payload).toEqual({
      storageId: point.id, deviceId: dev.id, enterpriseId: world.producer.id, currentWeight: 12.5, capacity: 200, fillRatio: 0.0625,
      delta: 12.5, lastChangeTime: point.lastChangeTime!, reason: 'reading',
    } satisfies StorageWeightPayload);
    expect(events[4].payload).toEqual({
      deviceId: dev.id, serialNumber: dev.serialNumber, enterpriseId: world.producer.id, onlineState: 0, runningState: 0, lastHeartbeat: point.lastHeartbeat,
    });

    // The same weight again changes nothing but the readings.
    const again = await head();
    await sendOk(server, dev.deviceKey, readings({ weight: 12.5 }));
    expect((await eventsAfter(again)).map((e) => e.type)).toEqual(['reading']);
  });

  it('a batch sent again stores nothing, writes no event and answers as the first sending did', async () => {
    const own = await boundDevice(server, admin, world);
    const body = readings({ weight: 20, battery: 80 }, { weight: 30, battery: 80 });
    const first = await sendOk(server, own.deviceKey, body);
    const point = await pointOf(own.id);
    const start = await head();
    expect(await sendOk(server, own.deviceKey, body)).toEqual(first);
    expect(await readingCount(own.id)).toBe(2);
    expect(await eventsAfter(start)).toEqual([]);
    expect(await pointOf(own.id)).toEqual(point);

    // Overlapping partly: the new reading is stored and folded, the known one skipped; every reading is held.
    const next = readings({ weight: 35 });
    const overlap = await sendOk(server, own.deviceKey, { readings: [body.readings[1], ...next.readings] });
    expect(overlap.accepted).toBe(2);
    expect(await readingCount(own.id)).toBe(3);
    const events = await eventsAfter(start);
    expect(events.map((e) => e.type)).toEqual(['reading', 'storage.weight']);
    expect(events[0].payload).toMatchObject({ weight: 35 });
    expect(overlap.lastSeq).toBe(events[1].seq);
    expect((await pointOf(own.id)).currentWeight).toBe(35);
  });

  it('a reading older than the last one applied goes to history but leaves the storage point as it is', async () => {
    const own = await boundDevice(server, admin, world);
    const older = readings({ weight: 50 });
    const newer = readings({ weight: 60 });
    await sendOk(server, own.deviceKey, newer);
    const point = await pointOf(own.id);
    const start = await head();
    await sendOk(server, own.deviceKey, older);
    expect(await readingCount(own.id)).toBe(2);
    expect(await pointOf(own.id)).toMatchObject({ currentWeight: 60, lastChangeTime: point.lastChangeTime, lastAddedTime: point.lastAddedTime });
    expect((await eventsAfter(start)).map((e) => e.type)).toEqual(['reading']);
  });

  it('a device not bound stores readings without a storage point', async () => {
    const loose = await device(server, admin, { enterpriseId: world.producer.id, equipmentmodelId: world.model.id, hazardouswasteInformationId: null });
    const start = await head();
    await sendOk(server, loose.deviceKey, readings({ weight: 40, battery: 70 }));
    const events = await eventsAfter(start);
    expect(events.map((e) => e.type)).toEqual(['reading', 'device.state']);
    expect(events[0].payload).toMatchObject({ storageId: null, weight: 40 });
  });
});

describe('storage points', () => {
  it('the by-id view carries the last 24 h of weight in 5-minute buckets (last, max, min, count)', async () => {
    const dev = await boundDevice(server, admin, world);
    const base = Date.now() - 3 * 3600_000;
    const bucketStart = base - (base % 300_000);
    const at = (minutes: number, seconds = 0) => new Date(bucketStart + minutes * 60_000 + seconds * 1000).toISOString();
    await sendOk(server, dev.deviceKey, {
      readings: [
        { at: at(0, 10), weight: 5 }, { at: at(1), weight: 9 }, { at: at(4), weight: 7 },
        { at: at(5, 1), weight: 20 }, { at: at(70), weight: 30 }, { at: at(71), battery: 50 },
      ],
    });
    const point = await pointOf(dev.id);
    const detail = expectSuccess<StoragePointDetailDto>(await server.call('GET', S('GetGetHazardouswastestoragefinaldataById'), { token: admin, query: { Id: point.id } }));
    expect(detail).toMatchObject({ id: point.id, currentWeight: 30, corrections: [], seq: expect.any(Number) });
    expect(detail.series.map(({ weight, max, min, count }) => ({ weight, max, min, count }))).toEqual([
      { weight: 7, max: 9, min: 5, count: 3 }, { weight: 20, max: 20, min: 20, count: 1 }, { weight: 30, max: 30, min: 30, count: 1 },
    ]);
    const starts = detail.series.map((s) => Date.parse(s.at));
    expect(starts[1] - starts[0]).toBe(300_000);
    expect(starts[2] - starts[0]).toBe(70 * 60_000);
    expectError(await server.call('GET', S('GetGetHazardouswastestoragefinaldataById'), { token: admin, query: { Id: 987654321 } }), 404);
  });

  it('the snapshot carries the event head read before it', async () => {
    const before = await head();
    const snapshot = expectSuccess<SeqItems<StoragePointDto>>(await server.call('GET', S('GetHazardouswastestoragefinaldata'), { token: admin }));
    expect(snapshot.seq).toBe(before);
    // Only active points, the seeded demo ones among them.
    expect(snapshot.items.every((p) => p.unboundTime === null)).toBe(true);
    expect(snapshot.items.filter((p) => p.serialNumber.startsWith('SIM-')).length).toBe(20);
  });

  it('UpdateCurrentWeight records who, why and the weights, announces a correction and raises nothing', async () => {
    const dev = await boundDevice(server, admin, world);
    await sendOk(server, dev.deviceKey, readings({ weight: 80 }));
    const point = await pointOf(dev.id);
    expectValidationError(await server.call('PUT', S('UpdateCurrentWeight'), { token: admin, body: { id: point.id, currentWeight: 10 } }), 'reason');
    expectValidationError(await server.call('PUT', S('UpdateCurrentWeight'), { token: admin, body: { id: point.id, currentWeight: 10, reason: '   ' } }), 'reason');
    expectValidationError(await server.call('PUT', S('UpdateCurrentWeight'), { token: admin, body: { id: point.id, currentWeight: -1, reason: 'x' } }), 'currentWeight');
    expectValidationError(await server.call('PUT', S('UpdateCurrentWeight'), { token: admin, body: { id: point.id, reason: 'x' } }), 'currentWeight');

    const start = await head();
    const corrected = expectSuccess<StoragePointDto>(await server.call('PUT', S('UpdateCurrentWeight'), {
      token: admin, body: { id: point.id, currentWeight: 20, reason: '人工清运 60 千克，设备未上报' },
    }));
    expect(corrected).toMatchObject({ id: point.id, currentWeight: 20, fillRatio: 0.1 });
    const events = await eventsAfter(start);
    expect(events).toEqual([expect.objectContaining({
      type: 'storage.weight', enterpriseIds: [world.producer.id],
      payload: {
        storageId: point.id, deviceId: dev.id, enterpriseId: world.producer.id, currentWeight: 20, capacity: 200, fillRatio: 0.1, delta: -60,
        lastChangeTime: corrected.lastChangeTime, reason: 'correction', userName: 'admin', note: '人工清运 60 千克，设备未上报',
      },
    })]);
    const detail = expectSuccess<StoragePointDetailDto>(await server.call('GET', S('GetGetHazardouswastestoragefinaldataById'), { token: admin, query: { Id: point.id } }));
    expect(detail.corrections).toEqual([{
      id: expect.any(Number), previousWeight: 80, currentWeight: 20, reason: '人工清运 60 千克，设备未上报', userName: 'admin', creationTime: expect.any(String),
    }]);
    // The next reading is compared with the corrected weight: 20 → 19 is no reduction.
    const next = await head();
    await sendOk(server, dev.deviceKey, readings({ weight: 19 }));
    expect((await eventsAfter(next)).map((e) => e.type)).toEqual(['reading', 'storage.weight']);
  });

  it('storage points are read by the storage and console permissions, within the user\'s enterprises', async () => {
    const dev = await boundDevice(server, admin, world);
    const point = await pointOf(dev.id);
    const console_ = await userWithPermissions(server, admin, 1, ['Pages.SupervisorConsole']);
    const snapshot = expectSuccess<SeqItems<StoragePointDto>>(await server.call('GET', S('GetHazardouswastestoragefinaldata'), { token: console_.token }));
    expect(snapshot.items.map((p) => p.id)).toContain(point.id);
    expectError(await server.call('PUT', S('UpdateCurrentWeight'), { token: console_.token, body: { id: point.id, currentWeight: 1, reason: 'x' } }), 403, true);
    const other = await userWithPermissions(server, admin, 1, ['Pages.Smartequipment']);
    expectError(await server.call('GET', S('GetHazardouswastestoragefinaldata'), { token: other.token }), 403, true);
    // A console user linked to another enterprise sees none of this enterprise's points.
    const elsewhere = await enterprise(server, admin, [2]);
    const linked = await clerk(server, admin, 1, ['Pages.SupervisorConsole'], [elsewhere.id]);
    const theirs = expectSuccess<SeqItems<StoragePointDto>>(await server.call('GET', S('GetHazardouswastestoragefinaldata'), { token: linked.token }));
    expect(theirs.items).toEqual([]);
    expectError(await server.call('GET', S('GetGetHazardouswastestoragefinaldataById'), { token: linked.token, query: { Id: point.id } }), 404);
    const mine = await clerk(server, admin, 1, ['Pages.SupervisorConsole'], [world.producer.id]);
    const own = expectSuccess<SeqItems<StoragePointDto>>(await server.call('GET', S('GetHazardouswastestoragefinaldata'), { token: mine.token }));
    expect(own.items.map((p) => p.id)).toContain(point.id);
    expect(new Set(own.items.map((p) => p.enterpriseId))).toEqual(new Set([world.producer.id]));
  });
});

describe('binding, unbinding, deleting', () => {
  const activeRows = async (deviceId: number) => server.db.query<{ id: number; unbound_time: string | null; hazardouswaste_information_id: number; storage_place: string | null }>(
    'select id, unbound_time, hazardouswaste_information_id, storage_place from hazardous_waste_storage where smartequipment_id = $1 order by id', [deviceId]);

  it('binding opens a storage point with the model\'s capacity and the waste\'s code; rebinding closes it and opens another', async () => {
    const dev = await boundDevice(server, admin, world, { storagePlace: 'A 区' });
    let rows = await activeRows(dev.id);
    expect(rows).toEqual([expect.objectContaining({ unbound_time: null, hazardouswaste_information_id: world.waste.id, storage_place: 'A 区' })]);
    const code = (await server.db.query<{ wastecode_id: number; capacity: number }>('select wastecode_id, capacity from hazardous_waste_storage where id = $1', [rows[0].id]))[0];
    expect(code).toEqual({ wastecode_id: world.waste.wastecodeId, capacity: 200 });

    // A new place moves the point; it stays the same point.
    expectSuccess(await server.call('PUT', D('Update'), { token: admin, body: { id: dev.id, storagePlace: 'B 区' } }));
    rows = await activeRows(dev.id);
    expect(rows).toEqual([expect.objectContaining({ unbound_time: null, storage_place: 'B 区' })]);

    // Another waste: the old point closes (kept), a new one opens.
    const other = await server.call('POST', svc('HazardouswasteInformation', 'Create'), {
      token: admin, body: { ...world.waste, id: undefined, name: `${String(world.waste.name)}-2` },
    });
    const otherWaste = expectSuccess<Dto>(other);
    expectSuccess(await server.call('PUT', D('Update'), { token: admin, body: { id: dev.id, hazardouswasteInformationId: otherWaste.id } }));
    rows = await activeRows(dev.id);
    expect(rows).toHaveLength(2);
    expect(rows[0].unbound_time).not.toBeNull();
    expect(rows[1]).toMatchObject({ unbound_time: null, hazardouswaste_information_id: otherWaste.id });
  });

  it('Updateunbind clears waste and place and closes the point, keeping it and its readings as history', async () => {
    const dev = await boundDevice(server, admin, world);
    await sendOk(server, dev.deviceKey, readings({ weight: 30 }));
    const point = await pointOf(dev.id);
    const unbound = expectSuccess<Dto>(await server.call('PUT', D('Updateunbind'), { token: admin, body: { id: dev.id } }));
    expect(unbound).toMatchObject({ id: dev.id, hazardouswasteInformationId: null, storagePlace: null });
    const snapshot = expectSuccess<SeqItems<StoragePointDto>>(await server.call('GET', S('GetHazardouswastestoragefinaldata'), { token: admin }));
    expect(snapshot.items.map((p) => p.id)).not.toContain(point.id);
    const history = expectSuccess<StoragePointDetailDto>(await server.call('GET', S('GetGetHazardouswastestoragefinaldataById'), { token: admin, query: { Id: point.id } }));
    expect(history).toMatchObject({ id: point.id, currentWeight: 30, unboundTime: expect.any(String) });
    expect(history.series).toHaveLength(1);
    const listed = expectSuccess<{ items: Dto[] }>(await server.call('GET', S('GetAll'), { token: admin, query: { smartequipmentId: dev.id } }));
    expect(listed.items.map((i) => i.id)).toEqual([point.id]);
    expectValidationError(await server.call('PUT', D('Updateunbind'), { token: admin, body: { id: dev.id } }), 'hazardouswasteInformationId');
    // Correcting a closed point is refused.
    expectValidationError(await server.call('PUT', S('UpdateCurrentWeight'), { token: admin, body: { id: point.id, currentWeight: 1, reason: 'x' } }), 'id');
    // Readings keep coming, with no point.
    await sendOk(server, dev.deviceKey, readings({ weight: 31 }));
    expect((await server.db.query('select storage_id from telemetry_reading where smartequipment_id = $1 order by id', [dev.id])).map((r) => r.storage_id))
      .toEqual([point.id, null]);
  });

  it('a device whose point holds waste is not deleted; emptied, it is, and its history stays', async () => {
    const dev = await boundDevice(server, admin, world);
    await sendOk(server, dev.deviceKey, readings({ weight: 12 }));
    const point = await pointOf(dev.id);
    expectValidationError(await server.call('DELETE', D('Delete'), { token: admin, query: { Id: dev.id } }), 'id');
    await sendOk(server, dev.deviceKey, readings({ weight: 0 }));
    expectSuccess(await server.call('DELETE', D('Delete'), { token: admin, query: { Id: dev.id } }));
    expectError(await server.call('GET', D('Get'), { token: admin, query: { Id: dev.id } }), 404);
    const history = expectSuccess<StoragePointDetailDto>(await server.call('GET', S('GetGetHazardouswastestoragefinaldataById'), { token: admin, query: { Id: point.id } }));
    expect(history).toMatchObject({ id: point.id, serialNumber: dev.serialNumber, unboundTime: expect.any(String) });
  });

  it('Equipmentmodel UpdateStatus disables and re-enables a model; a disabled model is refused to new devices', async () => {
    const model = world.model;
    expectSuccess(await server.call('PUT', svc('Equipmentmodel', 'UpdateStatus'), { token: admin, body: { id: model.id, status: 1 } }));
    expectValidationError(await server.call('PUT', svc('Equipmentmodel', 'UpdateStatus'), { token: admin, body: { id: model.id, status: 1 } }), 'status');
    const lookup = expectSuccess<Dto[]>(await server.call('GET', svc('Equipmentmodel', 'GetEquipmentmodelAll'), { token: admin, query: { status: 0, Keyword: String(model.name) } }));
    expect(lookup).toEqual([]);
    const refused = await server.call('POST', D('Create'), {
      token: admin, body: { serialNumber: 'DISABLED-1', enterpriseId: world.producer.id, equipmentmodelId: model.id },
    });
    expectValidationError(refused, 'equipmentmodelId');
    expectSuccess(await server.call('PUT', svc('Equipmentmodel', 'UpdateStatus'), { token: admin, body: { id: model.id, status: 0 } }));
    const back = expectSuccess<Dto[]>(await server.call('GET', svc('Equipmentmodel', 'GetEquipmentmodelAll'), { token: admin, query: { status: 0, Keyword: String(model.name) } }));
    expect(back.map((m) => m.id)).toEqual([model.id]);
  });

  it('a new capacity of the model reaches its active storage points', async () => {
    const own = await monitoringWorld(server, admin, { capacity: 100 });
    const dev = await boundDevice(server, admin, own);
    await sendOk(server, dev.deviceKey, readings({ weight: 50 }));
    expect(await pointOf(dev.id)).toMatchObject({ capacity: 100, fillRatio: 0.5 });
    expectSuccess(await server.call('PUT', svc('Equipmentmodel', 'Update'), { token: admin, body: { id: own.model.id, capacity: 200 } }));
    expect(await pointOf(dev.id)).toMatchObject({ capacity: 200, fillRatio: 0.25 });
  });
});
