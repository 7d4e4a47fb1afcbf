// The monitoring events as clients get them: a tenant's seqs strictly increasing without gaps under concurrent
// ingest, the catch-up endpoint's paging, and who sees what — enterprise links and tenants, in the catch-up and in
// the real SignalR pushes.
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { EventsAfterResult, LiveEvent, LiveStream, ReadingPayload } from '../../src/shared/live/events';
import { recordLive, subscribe } from '../support/live-client';
import { createTenant, expectSuccess, expectValidationError, ok, userWithPermissions } from '../support/server-fixtures';
import { DEFAULT_PASSWORD, svc, useTestServer } from '../support/server-harness';
import { clerk, enterprise } from '../support/transfer-world';
import { boundDevice, monitoringWorld, readings, sendOk, wasteOf, type Device, type MonitoringWorld } from '../support/monitoring-world';

const server = useTestServer({ env: { SWEEP_INTERVAL_MS: '0' } });
let admin: string;

beforeAll(async () => {
  admin = await server.token(1, 'admin');
});
const page = async (token: string, query: Record<string, number | undefined>) =>
  expectSuccess<EventsAfterResult>(await server.call('GET', svc('Events', 'GetEventsAfter'), { token, query }));

/** Every event the caller may see after `after`, through pages of `size`. */
async function allAfter(token: string, after = 0, size = 1000): Promise<LiveEvent[]> {
  const out: LiveEvent[] = [];
  for (let cursor = after; ;) {
    const result = await page(token, { after: cursor, maxResultCount: size });
    out.push(...result.items);
    if (!result.hasMore) return out;
    cursor = result.items[result.items.length - 1].seq;
  }
}

describe('a fresh tenant under concurrent ingest', () => {
  let tenantAdmin: string;
  let devices: Device[];
  const BATCHES = 20;

  beforeAll(async () => {
    const tenant = await createTenant(server);
    tenantAdmin = await server.login(tenant.id, 'admin', DEFAULT_PASSWORD);
    const world = await monitoringWorld(server, tenantAdmin, { capacity: 1000 });
    devices = [];
    for (let i = 0; i < 10; i++) devices.push(await boundDevice(server, tenantAdmin, world));
  });

  it('10 devices × 20 batches at once: the tenant\'s events are seq 1 … N, each once, each batch\'s last seq its own', async () => {
    const results = await Promise.all(devices.flatMap((d, i) => Array.from({ length: BATCHES }, (_, b) =>
      sendOk(server, d.deviceKey, readings({ weight: 10 + b, battery: 90 - i }, { weight: 10.5 + b }, { weight: 11 + b, temperature: 20 })))));
    expect(results.every((r) => r.accepted === 3)).toBe(true);

    const events = await allAfter(tenantAdmin, 0, 250);
    const seqs = events.map((e) => e.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect((await page(tenantAdmin, {})).head).toBe(seqs.length);
    expect(events.filter((e) => e.type === 'reading')).toHaveLength(10 * BATCHES * 3);
    const lastSeqs = results.map((r) => r.lastSeq);
    expect(new Set(lastSeqs).size).toBe(lastSeqs.length);
    expect(Math.max(...lastSeqs)).toBe(seqs.length);

    // Each device's readings arrive in its batches' commit order, and its storage point ends at its last weight.
    for (const d of devices) {
      const mine = events.filter((e) => e.type === 'reading' && (e.payload as ReadingPayload).deviceId === d.id);
      expect(mine).toHaveLength(BATCHES * 3);
      const weights = events.filter((e) => e.type === 'storage.weight' && (e.payload as { deviceId: number }).deviceId === d.id);
      const last = weights[weights.length - 1].payload as { currentWeight: number };
      const stored = await server.db.query<{ current_weight: number }>(
        'select current_weight from hazardous_waste_storage where smartequipment_id = $1 and unbound_time is null', [d.id]);
      expect(stored[0].current_weight).toBe(last.currentWeight);
    }
  });

  it('the catch-up pages: after, maxResultCount, hasMore and head', async () => {
    const { head } = await page(tenantAdmin, {});
    expect(head).toBeGreaterThan(250);
    // No `after`: nothing, just the head to start from.
    expect(await page(tenantAdmin, {})).toEqual({ items: [], head, hasMore: false });
    const first = await page(tenantAdmin, { after: 0, maxResultCount: 100 });
    expect(first.items.map((e) => e.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // More pages follow; the head is still the tenant's latest seq (the page covers up to its last item only).
    expect(first).toMatchObject({ hasMore: true, head });
    const middle = await page(tenantAdmin, { after: 150, maxResultCount: 7 });
    expect(middle.items.map((e) => e.seq)).toEqual([151, 152, 153, 154, 155, 156, 157]);
    const last = await page(tenantAdmin, { after: head - 3, maxResultCount: 100 });
    expect(last.items.map((e) => e.seq)).toEqual([head - 2, head - 1, head]);
    expect(last).toMatchObject({ hasMore: false, head });
    expect(await page(tenantAdmin, { after: head, maxResultCount: 5 })).toEqual({ items: [], head, hasMore: false });
    const exact = await page(tenantAdmin, { after: head - 5, maxResultCount: 5 });
    expect(exact.items).toHaveLength(5);
    expect(exact.hasMore).toBe(false);
    // The event as the client folds it: seq, type, server time, enterprises, payload.
    expect(first.items[0]).toEqual({ seq: 1, type: 'reading', at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), enterpriseIds: [expect.any(Number)], payload: expect.any(Object) });
    expectValidationError(await server.call('GET', svc('Events', 'GetEventsAfter'), { token: tenantAdmin, query: { after: 0, maxResultCount: 1001 } }), 'maxResultCount');
    expectValidationError(await server.call('GET', svc('Events', 'GetEventsAfter'), { token: tenantAdmin, query: { after: -1 } }), 'after');
  });
});

describe('who sees what', () => {
  let a: MonitoringWorld;
  let b: MonitoringWorld;
  let deviceA: Device;
  let deviceB: Device;
  let linkedA: string;
  let transferOnly: string;
  let otherTenantAdmin: string;
  const connections: HubConnection[] = [];

  beforeAll(async () => {
    a = await monitoringWorld(server, admin);
    const producerB = await enterprise(server, admin, [2]);
    b = { producer: producerB, waste: await wasteOf(server, admin, producerB.id), model: a.model };
    deviceA = await boundDevice(server, admin, a);
    deviceB = await boundDevice(server, admin, b);
    linkedA = (await clerk(server, admin, 1, ['Pages.SupervisorConsole'], [a.producer.id])).token;
    transferOnly = (await userWithPermissions(server, admin, 1, ['Pages.TransferApplication'])).token;
    const tenant = await createTenant(server);
    otherTenantAdmin = await server.login(tenant.id, 'admin', DEFAULT_PASSWORD);
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.stop()));
  });

  const MONITORING: LiveStream[] = ['readings', 'storage', 'warnings', 'devices'];
  /** What a connection subscribed to the monitoring streams receives (one without the permission, to transfers). */
  async function listen(token: string): Promise<LiveEvent[]> {
    const connection = new HubConnectionBuilder().withUrl(`${server.baseUrl}/chatmsg`, { accessTokenFactory: () => token }).configureLogging(LogLevel.None).build();
    const { events } = recordLive(connection);
    await connection.start();
    connections.push(connection);
    await subscribe(connection, token === transferOnly ? ['transfer'] : MONITORING);
    return events;
  }
  const enterprisesOf = (events: LiveEvent[]) => new Set(events.flatMap((e) => e.enterpriseIds ?? []));
  const waitUntil = async (done: () => boolean) => {
    const until = Date.now() + 5000;
    while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  };

  it('a user linked to enterprise A catches up on A\'s events only; the tenant admin on both', async () => {
    const { head: start } = await page(admin, {});
    await sendOk(server, deviceA.deviceKey, readings({ weight: 5, battery: 5 }));
    await sendOk(server, deviceB.deviceKey, readings({ weight: 6, battery: 5 }));
    const mine = await allAfter(linkedA, start);
    expect(mine.map((e) => e.type)).toEqual(['reading', 'storage.weight', 'warning.raised', 'device.state']);
    expect(enterprisesOf(mine)).toEqual(new Set([a.producer.id]));
    const all = await allAfter(admin, start);
    expect(all).toHaveLength(8);
    expect(enterprisesOf(all)).toEqual(new Set([a.producer.id, b.producer.id]));
    // A's view has holes where B's events are; its head still says how far it is covered.
    expect((await page(linkedA, { after: start })).head).toBe(all[all.length - 1].seq);
    // Without a monitoring permission, nothing; another tenant has its own (empty) log.
    expect(await allAfter(transferOnly, start)).toEqual([]);
    expect(await page(otherTenantAdmin, { after: 0 })).toEqual({ items: [], head: 0, hasMore: false });
  });

  it('the hub pushes the same: A\'s user gets A\'s events, the admin both, the other tenant and the transfer clerk nothing', async () => {
    const [toA, toAdmin, toOtherTenant, toTransfer] = await Promise.all([linkedA, admin, otherTenantAdmin, transferOnly].map(listen));
    const { lastSeq: lastA } = await sendOk(server, deviceA.deviceKey, readings({ weight: 7 }, { weight: 8 }));
    const { lastSeq: lastB } = await sendOk(server, deviceB.deviceKey, readings({ weight: 9 }));
    await waitUntil(() => toAdmin.some((e) => e.seq === lastB) && toA.some((e) => e.seq === lastA));
    // A frame may also carry the last test's events, pushed after this connection opened: only this test's are compared.
    const unique = (events: LiveEvent[]) => [...new Map(events.filter((e) => e.seq > lastA - 3).map((e) => [e.seq, e])).values()].sort((x, y) => x.seq - y.seq);
    // A's two readings went out in one frame: only the later one, the device's state now, was pushed.
    expect(unique(toA).map((e) => e.type)).toEqual(['reading', 'storage.weight']);
    expect(enterprisesOf(toA)).toEqual(new Set([a.producer.id]));
    expect(unique(toAdmin).map((e) => e.seq)).toEqual([lastA - 1, lastA, lastB - 1, lastB]);
    // What the push carried is what the catch-up answers, less the reading superseded.
    expect(unique(toA)).toEqual((await allAfter(linkedA, lastA - 3)).slice(1));
    await new Promise((r) => setTimeout(r, 200));
    expect(toOtherTenant).toEqual([]);
    expect(toTransfer).toEqual([]);
  });

  it('warning moves by people reach the same audience', async () => {
    const toA = await listen(linkedA);
    const warnings = ok<{ items: { id: number }[] }>(await server.call('GET', svc('EquipmentWarning', 'GetAll'), {
      token: admin, query: { smartequipmentId: deviceB.id },
    }), 'warnings').items;
    const moved = ok<{ id: number }>(await server.call('PUT', svc('EquipmentWarning', 'UpdateEquipmentWarningStatus'), {
      token: admin, body: { id: warnings[0].id, status: 1 },
    }), 'move');
    const { lastSeq } = await sendOk(server, deviceA.deviceKey, readings({ battery: 50 }));
    await waitUntil(() => toA.some((e) => e.seq === lastSeq));
    expect(toA.some((e) => (e.payload as { id?: number }).id === moved.id)).toBe(false);
    expect(toA.map((e) => e.type)).toEqual(['reading', 'warning.updated', 'device.state']);
    expect(enterprisesOf(toA)).toEqual(new Set([a.producer.id]));
  });
});
