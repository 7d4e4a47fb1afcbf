// Live connections follow their user's account: deactivation ends them for good, a changed enterprise link or role
// makes them reconnect with the groups the user now has, and a password change ends the old token's connection.
import crypto from 'node:crypto';
import { HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { buildApp, type App } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import type { LiveEvent } from '../../src/shared/live/events';
import { appendEvents, publishEvents } from '../../src/server/modules/events';
import { DEFAULT_TIME_ZONE } from '../../src/shared/time';
import { recordLive, subscribe } from '../support/live-client';
import { createRole, createUser, expectSuccess, ok } from '../support/server-fixtures';
import { httpClient, JWT_SECRET, svc, useTestServer } from '../support/server-harness';
import { enterprise } from '../support/transfer-world';

const server = useTestServer();
let admin: string;
let enterprises: [number, number];
const connections: HubConnection[] = [];

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  const [first, second] = [await enterprise(server, admin, [2]), await enterprise(server, admin, [2])];
  enterprises = [first.id as number, second.id as number];
});
afterAll(async () => {
  await Promise.all(connections.map((c) => c.stop()));
});

interface Watched {
  connection: HubConnection;
  events: LiveEvent[];
  /** Resolves once reconnected and subscribed again (or refused). */
  reconnected: Promise<void>;
  /** Why subscribing again after a reconnect was refused, if it was. */
  refusals: string[];
  closed: Promise<void>;
}

/** A connection as the official client makes it, reconnecting at once when the server allows it, subscribed to transfers. */
async function watch(token: string, baseUrl = server.baseUrl): Promise<Watched> {
  const connection = new HubConnectionBuilder()
    .withUrl(`${baseUrl}/chatmsg`, { accessTokenFactory: () => token })
    .withAutomaticReconnect([0, 50, 100])
    .configureLogging(LogLevel.None)
    .build();
  connections.push(connection);
  const { events } = recordLive(connection);
  const refusals: string[] = [];
  // A new connection holds no streams: like the product's client, subscribe again after each reconnect.
  const reconnected = new Promise<void>((resolve) => connection.onreconnected(() => {
    subscribe(connection, ['transfer']).catch((error: Error) => refusals.push(error.message)).finally(resolve);
  }));
  const closed = new Promise<void>((resolve) => connection.onclose(() => resolve()));
  await connection.start();
  await subscribe(connection, ['transfer']);
  return { connection, events, reconnected, refusals, closed };
}

const within = <T>(promise: Promise<T>, ms: number, what: string) => Promise.race([
  promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms)),
]);

async function transferEvent(enterpriseId: number, marker: string): Promise<void> {
  const stored = await server.db.transaction((tx) => appendEvents(tx, 1, [{ type: 'transfer.changed', topic: 'transfer', enterpriseIds: [enterpriseId], payload: { marker } }], DEFAULT_TIME_ZONE));
  await publishEvents(server.app.services.hub, 1, stored);
}

const markers = (events: LiveEvent[]) => events.map((e) => (e.payload as { marker?: string }).marker);

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
}

async function transferClerk(enterpriseId: number) {
  const role = await createRole(server, admin, ['Pages.TransferApplication']);
  const user = await createUser(server, admin, 1, { roleNames: [role.name] });
  const dto = ok<Record<string, unknown>>(await server.call('GET', svc('User', 'Get'), { token: admin, query: { Id: user.id } }), 'User/Get');
  ok(await server.call('PUT', svc('User', 'Update'), { token: admin, body: { ...dto, enterpriseIds: [enterpriseId] } }), 'link');
  return { ...user, role, token: await server.login(1, user.userName, user.password) };
}

test('a deactivated user\'s connection closes and its reconnect is refused', async () => {
  const clerk = await transferClerk(enterprises[0]);
  const watched = await watch(clerk.token);
  expectSuccess(await server.call('POST', svc('User', 'DeActivate'), { token: admin, body: { id: clerk.id } }));
  await within(watched.closed, 5000, 'close');
  expect(watched.connection.state).toBe(HubConnectionState.Disconnected);
  await transferEvent(enterprises[0], 'after-deactivation');
  await settle();
  expect(markers(watched.events)).not.toContain('after-deactivation');
});

test('a user whose enterprise link changes reconnects and receives the new enterprise\'s events only', async () => {
  const [first, second] = enterprises;
  const clerk = await transferClerk(first);
  const watched = await watch(clerk.token);
  await transferEvent(first, 'first-before');
  await settle();
  expect(markers(watched.events)).toContain('first-before');

  const dto = ok<Record<string, unknown>>(await server.call('GET', svc('User', 'Get'), { token: admin, query: { Id: clerk.id } }), 'User/Get');
  ok(await server.call('PUT', svc('User', 'Update'), { token: admin, body: { ...dto, enterpriseIds: [second] } }), 'relink');
  await within(watched.reconnected, 5000, 'reconnect');
  await transferEvent(first, 'first-after');
  await transferEvent(second, 'second-after');
  await settle();
  expect(markers(watched.events)).toContain('second-after');
  expect(markers(watched.events)).not.toContain('first-after');
});

test('a role losing its permissions sends its holders back through the door without them', async () => {
  const clerk = await transferClerk(enterprises[0]);
  const watched = await watch(clerk.token);
  const role = ok<Record<string, unknown>>(await server.call('GET', svc('Role', 'Get'), { token: admin, query: { Id: clerk.role.id } }), 'Role/Get');
  ok(await server.call('PUT', svc('Role', 'Update'), { token: admin, body: { ...role, grantedPermissions: ['Pages.Roles'] } }), 'Role/Update');
  await within(watched.reconnected, 5000, 'reconnect');
  expect(watched.refusals).toEqual([expect.stringContaining("The live stream 'transfer' is not allowed")]);
  await transferEvent(enterprises[0], 'after-role-change');
  await settle();
  expect(markers(watched.events)).not.toContain('after-role-change');
});

test('a password change ends the connection opened with the old token', async () => {
  const clerk = await transferClerk(enterprises[0]);
  const watched = await watch(clerk.token);
  ok(await server.call('POST', svc('User', 'ChangePwd'), { token: clerk.token, body: { currentPassword: clerk.password, newPassword: 'Orchard81' } }), 'ChangePwd');
  await within(watched.closed, 5000, 'close');
});

describe('two instances sharing the database and Redis', () => {
  const apps: App[] = [];
  afterAll(async () => {
    await Promise.all(connections.splice(0).map((c) => c.stop()));
    await Promise.all(apps.map((a) => a.server.close()));
  });

  // Every change that renews a user's security stamp ends their connections, wherever they are connected.
  test.each([
    ['deactivated through Update', async (a: string, id: number) => {
      const call = httpClient(a).call;
      const dto = ok<Record<string, unknown>>(await call('GET', svc('User', 'Get'), { token: admin, query: { Id: id } }), 'User/Get');
      ok(await call('PUT', svc('User', 'Update'), { token: admin, body: { ...dto, isActive: false } }), 'User/Update');
    }],
    ['deactivated', async (a: string, id: number) => {
      expectSuccess(await httpClient(a).call('POST', svc('User', 'DeActivate'), { token: admin, body: { id } }));
    }],
    ['deleted', async (a: string, id: number) => {
      expectSuccess(await httpClient(a).call('DELETE', svc('User', 'Delete'), { token: admin, query: { Id: id } }));
    }],
  ])('a user %s on instance A loses the connection held on instance B, and its events', async (_how, change) => {
    if (apps.length === 0) {
      const prefix = `revocation-${crypto.randomBytes(4).toString('hex')}`;
      const config = readConfig({ DATA_DIR: `/tmp/${prefix}`, JWT_SECRET, REDIS_URL: 'redis://127.0.0.1:6379', AMAP_KEY: 'k' });
      for (let i = 0; i < 2; i++) {
        const app = await buildApp(server.db, config, { quiet: true, hubChannelPrefix: prefix });
        await app.server.listen({ port: 0, host: '127.0.0.1' });
        apps.push(app);
      }
    }
    const [a, b] = apps.map((app) => {
      const address = app.server.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      return `http://127.0.0.1:${address.port}`;
    });
    const clerk = await transferClerk(enterprises[0]);
    const watched = await watch(clerk.token, b);
    await change(a, clerk.id);
    await within(watched.closed, 5000, 'close');
    expect(watched.connection.state).toBe(HubConnectionState.Disconnected);
    const stored = await server.db.transaction((tx) => appendEvents(tx, 1, [{ type: 'transfer.changed', topic: 'transfer', enterpriseIds: [enterprises[0]], payload: { marker: 'after' } }], DEFAULT_TIME_ZONE));
    await publishEvents(apps[0].services.hub, 1, stored);
    await settle();
    expect(markers(watched.events)).not.toContain('after');
  });
});
