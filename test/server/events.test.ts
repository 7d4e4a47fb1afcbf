// The live event log's core, seen through transfer moves: events are numbered per tenant, written only when the
// move commits, pushed in batches to the enterprises concerned, fetched again with Events/GetEventsAfter, and never
// cross a tenant or an enterprise. Also across two instances sharing the database and Redis.
import crypto from 'node:crypto';
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { EventsAfterResult, LiveEvent } from '../../src/shared/live/events';
import { recordLive, subscribe } from '../support/live-client';
import { buildApp, type App } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { createTenant, expectError, expectSuccess } from '../support/server-fixtures';
import { httpClient, JWT_SECRET, svc, useTestServer } from '../support/server-harness';
import { buildTransferWorld, clerk, enterprise, orderBody, type TransferWorld } from '../support/transfer-world';
import { waitFor } from '../support/wait';

type Order = { id: number; version: number };

const server = useTestServer();
let admin: string;
let world: TransferWorld;
const connections: HubConnection[] = [];

const T = (method: string) => svc('TransferOrder', method);

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  world = await buildTransferWorld(server, admin, { planned: 1000, stock: 500 });
});
afterAll(async () => {
  await Promise.all(connections.map((c) => c.stop()));
});

const eventsAfter = async (token: string, after?: number, maxResultCount?: number) =>
  expectSuccess<EventsAfterResult>(await server.call('GET', svc('Events', 'GetEventsAfter'), {
    token, query: { ...(after === undefined ? {} : { after }), ...(maxResultCount ? { maxResultCount } : {}) },
  }));

const head = async (token: string) => (await eventsAfter(token)).head;

/** The events a connection subscribed to transfers receives (a user without the permission subscribes to nothing). */
async function listen(baseUrl: string, token: string, transfers = true): Promise<LiveEvent[]> {
  const connection = new HubConnectionBuilder().withUrl(`${baseUrl}/chatmsg`, { accessTokenFactory: () => token }).configureLogging(LogLevel.None).build();
  const { events } = recordLive(connection);
  await connection.start();
  connections.push(connection);
  if (transfers) await subscribe(connection, ['transfer']);
  return events;
}

const declare = async (quantity = 0.1) =>
  expectSuccess<Order>(await server.call('POST', T('AddProductionWaste'), { token: world.clerks.producer.token, body: orderBody(world, quantity) }));


test('a fresh client learns the head without items, then reads what came after it, oldest first', async () => {
  const start = await eventsAfter(admin);
  expect(start.items).toEqual([]);
  expect(start.hasMore).toBe(false);
  const order = await declare();
  const page = await eventsAfter(admin, start.head);
  expect(page.items.map((e) => e.seq)).toEqual([start.head + 1]);
  expect(page.items[0]).toMatchObject({ type: 'transfer.changed', payload: { id: order.id, action: 'create' } });
  expect(page.items[0].enterpriseIds?.sort()).toEqual([world.producer.id, world.transporter.id, world.receiver.id].sort());
  expect(page.head).toBe(start.head + 1);
});

test('pages are bounded: maxResultCount and hasMore; head is always the tenant\'s latest seq', async () => {
  const start = await head(admin);
  for (let i = 0; i < 3; i++) await declare();
  const first = await eventsAfter(admin, start, 2);
  expect(first.items.map((e) => e.seq)).toEqual([start + 1, start + 2]);
  expect(first.hasMore).toBe(true);
  expect(first.head).toBe(start + 3);
  const rest = await eventsAfter(admin, first.items[1].seq, 2);
  expect(rest.items.map((e) => e.seq)).toEqual([start + 3]);
  expect(rest.hasMore).toBe(false);
  expect(rest.head).toBe(start + 3);
  expect(await eventsAfter(admin, 999_999_999)).toEqual({ items: [], head: start + 3, hasMore: false });
  const tooMany = await server.call('GET', svc('Events', 'GetEventsAfter'), { token: admin, query: { after: 0, maxResultCount: 5000 } });
  expectError(tooMany, 400);
});

test('a transaction that rolls back leaves no event and pushes nothing', async () => {
  const before = await head(admin);
  const received = await listen(server.baseUrl, world.clerks.producer.token);
  // The dry run writes the order, its history and so its event, then rolls all of it back.
  const dryRun = expectSuccess<{ errors: unknown[] }>(await server.call('POST', T('CheckProductionWaste'), {
    token: world.clerks.producer.token, body: orderBody(world, 0.1),
  }));
  expect(dryRun.errors).toEqual([]);
  await new Promise((r) => setTimeout(r, 300));
  expect(await head(admin)).toBe(before);
  expect(received).toEqual([]);
});

test('the three enterprises hear of a move in seq order; a clerk of another enterprise neither hears nor reads it', async () => {
  const outsiderEnterprise = await enterprise(server, admin, [2]);
  const outsider = await clerk(server, admin, 1, ['Pages.TransferApplication'], [outsiderEnterprise.id]);
  const [producer, transporter, stranger] = await Promise.all(
    [world.clerks.producer.token, world.clerks.transporter.token, outsider.token].map((t) => listen(server.baseUrl, t)));
  const before = await head(admin);
  const order = await declare();
  await waitFor('the order on both parties\' connections', () => producer.length >= 1 && transporter.length >= 1);
  expect(producer.map((e) => e.seq)).toEqual([before + 1]);
  expect(transporter).toEqual(producer);
  expect(producer[0]).toMatchObject({ type: 'transfer.changed', payload: { id: order.id, action: 'create', party: 'producer' } });
  await new Promise((r) => setTimeout(r, 200));
  expect(stranger).toEqual([]);
  expect((await eventsAfter(outsider.token, before)).items).toEqual([]);
  expect((await eventsAfter(world.clerks.producer.token, before)).items.map((e) => e.seq)).toEqual([before + 1]);
});

test('another tenant has its own sequence and never sees this tenant\'s events', async () => {
  const tenant = await createTenant(server);
  const otherAdmin = await server.token(tenant.id, 'admin');
  const received = await listen(server.baseUrl, otherAdmin);
  const otherStart = await eventsAfter(otherAdmin);
  await declare();
  await new Promise((r) => setTimeout(r, 300));
  expect(received).toEqual([]);
  expect(otherStart.head).toBe(0);
  expect(await eventsAfter(otherAdmin, 0)).toEqual({ items: [], head: 0, hasMore: false });
});

test('a user linked to two parties of an order gets each of its events once on a connection', async () => {
  const both = await clerk(server, admin, 1, ['Pages.TransferApplication', 'Pages.TransferReception'], [world.producer.id, world.receiver.id]);
  const received = await listen(server.baseUrl, both.token);
  const before = await head(admin);
  await declare();
  await declare();
  await waitFor('two events', () => received.length >= 2);
  await new Promise((r) => setTimeout(r, 200));
  expect(received.map((e) => e.seq)).toEqual([before + 1, before + 2]);
});

test('a user without the topic\'s permission is refused its stream, gets no pushes and reads no events of it', async () => {
  const bystander = await clerk(server, admin, 1, ['Pages.DriverInformation'], []);
  const connection = new HubConnectionBuilder().withUrl(`${server.baseUrl}/chatmsg`, { accessTokenFactory: () => bystander.token }).configureLogging(LogLevel.None).build();
  const { events: received } = recordLive(connection);
  await connection.start();
  connections.push(connection);
  await expect(subscribe(connection, ['transfer'])).rejects.toThrow(/HubException: The live stream 'transfer' is not allowed/);
  const before = await head(admin);
  await declare();
  await new Promise((r) => setTimeout(r, 300));
  expect(received).toEqual([]);
  expect((await eventsAfter(bystander.token, before)).items).toEqual([]);
});

describe('two instances sharing the database and Redis', () => {
  const apps: App[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.server.close()));
  });

  test('events written on instance A reach a client of instance B once each, in order', async () => {
    const prefix = `events-${crypto.randomBytes(4).toString('hex')}`;
    const config = readConfig({ DATA_DIR: `/tmp/${prefix}`, JWT_SECRET, REDIS_URL: 'redis://127.0.0.1:6379', AMAP_KEY: 'k' });
    for (let i = 0; i < 2; i++) {
      const app = await buildApp(server.db, config, { quiet: true, hubChannelPrefix: prefix });
      await app.server.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
    }
    const urlOf = (app: App) => {
      const address = app.server.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      return `http://127.0.0.1:${address.port}`;
    };
    const received = await listen(urlOf(apps[1]), world.clerks.receiver.token);
    const both = await clerk(server, admin, 1, ['Pages.TransferApplication', 'Pages.TransferReception'], [world.producer.id, world.receiver.id]);
    const receivedByBoth = await listen(urlOf(apps[1]), both.token);
    const before = await head(admin);
    const onA = httpClient(urlOf(apps[0]));
    for (let i = 0; i < 5; i++) {
      expectSuccess(await onA.call('POST', T('AddProductionWaste'), { token: world.clerks.producer.token, body: orderBody(world, 0.1) }));
    }
    await waitFor('five events', () => received.length >= 5);
    await new Promise((r) => setTimeout(r, 200));
    expect(received.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5].map((n) => before + n));
    expect(receivedByBoth.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5].map((n) => before + n));
  });
});
