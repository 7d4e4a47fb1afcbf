// A graceful stop (SIGTERM) as a rolling restart sees it: hub clients are told to reconnect and come back to the next
// instance on the same port by themselves; a request already running finishes before the listener goes away.
import crypto from 'node:crypto';
import { HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { buildApp, type App } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/database';
import { shutdown } from '../../src/server/main';
import { notifyUser } from '../../src/server/modules/notifications/notifications';
import { FRAME_TARGET, type LiveFrame } from '../../src/shared/live/events';
import { JWT_SECRET, svc, useTestServer } from '../support/server-harness';
import { sleep, waitFor } from '../support/wait';

const server = useTestServer();
let token: string;
const connections: HubConnection[] = [];
const apps: App[] = [];

beforeAll(async () => {
  token = await server.token(1, 'admin');
});
afterAll(async () => {
  await Promise.all(connections.map((c) => c.stop()));
  await Promise.all(apps.map((a) => a.server.close()));
});



/** One instance of the server on the file's database, listening on `port` (0: any free port). */
async function startInstance(port = 0): Promise<{ app: App; port: number }> {
  const config = readConfig({ DATA_DIR: `/tmp/shutdown-${crypto.randomBytes(4).toString('hex')}`, JWT_SECRET, AMAP_KEY: 'k', SWEEP_INTERVAL_MS: '0' });
  const app = await buildApp(server.db, config, { quiet: true });
  apps.push(app);
  await app.server.listen({ port, host: '127.0.0.1' });
  const address = app.server.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, port: address.port };
}

/** The file's database stays open for the next instance; `closed` records that the stop got as far as closing it. */
function sharedDb(): { db: Db; closed: () => boolean } {
  let closed = false;
  return { db: { ...server.db, close: async () => { closed = true; } }, closed: () => closed };
}

test('hub clients with automatic reconnect come back to the restarted instance on the same port', async () => {
  const first = await startInstance();
  const connection = new HubConnectionBuilder()
    .withUrl(`http://127.0.0.1:${first.port}/chatmsg`, { accessTokenFactory: () => token })
    .withAutomaticReconnect([0, 100, 200, 500, 500, 500, 500, 500, 500, 500])
    .configureLogging(LogLevel.None)
    .build();
  connections.push(connection);
  const reconnecting: Array<Error | undefined> = [];
  const reconnected: Array<string | undefined> = [];
  const closed: Array<Error | undefined> = [];
  connection.onreconnecting((error) => reconnecting.push(error));
  connection.onreconnected((id) => reconnected.push(id));
  connection.onclose((error) => closed.push(error));
  await connection.start();
  const firstId = connection.connectionId;

  const database = sharedDb();
  await shutdown({ app: first.app, db: database.db });
  expect(database.closed()).toBe(true);
  await waitFor('the client to start reconnecting', () => reconnecting.length > 0, 2000);
  expect(closed).toEqual([]);

  const second = await startInstance(first.port);
  await waitFor('the client to reconnect', () => reconnected.length === 1, 10_000);
  expect(connection.state).toBe(HubConnectionState.Connected);
  expect(connection.connectionId).not.toBe(firstId);
  expect(closed).toEqual([]);

  // The reconnected client is a full member again: a notice for its user reaches it.
  const received = new Promise<unknown>((resolve) => connection.on(FRAME_TARGET, (frame: LiveFrame) => {
    const notice = frame.events.find((e) => e.type === 'notice.created');
    if (notice) resolve(notice.payload);
  }));
  const [{ userId }] = await server.db.query<{ userId: number }>("select id as \"userId\" from users where tenant_id = 1 and user_name = 'admin'");
  await notifyUser(server.db, second.app.services.hub, 1, userId, { type: 0, title: 'after restart', description: '' });
  expect(await received).toMatchObject({ title: 'after restart' });
});

test('a request in flight when the stop begins finishes, the stop does not wait for its idle socket, and new connections are refused', async () => {
  const instance = await startInstance();
  const base = `http://127.0.0.1:${instance.port}`;
  // Holding the table locked keeps the request waiting inside the server for as long as this test likes.
  let release!: () => void;
  let locked!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  const lockTaken = new Promise<void>((resolve) => { locked = resolve; });
  const holder = server.db.transaction(async (tx) => {
    await tx.query('lock table enterprise_information in access exclusive mode');
    locked();
    await gate;
  });
  await lockTaken;

  const slow = fetch(`${base}${svc('EnterpriseInformation', 'GetAll')}`, { headers: { authorization: `Bearer ${token}`, 'Abp.TenantId': '1' } });
  await sleep(300);
  const database = sharedDb();
  let stopped = false;
  const stopping = shutdown({ app: instance.app, db: database.db }).then(() => { stopped = true; });
  await sleep(300);
  expect(stopped).toBe(false);
  release();
  await holder;

  const releasedAt = Date.now();
  const response = await slow;
  expect(response.status).toBe(200);
  expect((await response.json()).success).toBe(true);
  // The finished request's keep-alive socket does not hold the stop open.
  await stopping;
  expect(Date.now() - releasedAt).toBeLessThan(2000);
  expect(database.closed()).toBe(true);
  await expect(fetch(`${base}${svc('EnterpriseInformation', 'GetAll')}`)).rejects.toThrow();
});
