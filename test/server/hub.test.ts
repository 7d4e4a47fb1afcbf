// The real-time hub as the product wires it: real JWTs, ABP's enc_auth_token, notices pushed to one user only,
// and two full app instances sharing one database and Redis.
import crypto from 'node:crypto';
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { buildApp, type App } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { FRAME_TARGET, type LiveFrame } from '../../src/shared/live/events';
import { notifyUser } from '../../src/server/modules/notifications/notifications';
import { onTenantClock } from '../../src/server/time';
import { DEFAULT_TIME_ZONE } from '../../src/shared/time';
import { JWT_SECRET, svc, useTestServer } from '../support/server-harness';
import { waitFor } from '../support/wait';

const server = useTestServer();
const connections: HubConnection[] = [];

afterAll(async () => {
  await Promise.all(connections.map((c) => c.stop()));
});

function connect(baseUrl: string, options: { token?: string; query?: string; path?: string }): HubConnection {
  const url = `${baseUrl}${options.path ?? '/chatmsg'}${options.query ? `?${options.query}` : ''}`;
  const connection = new HubConnectionBuilder()
    .withUrl(url, options.token ? { accessTokenFactory: () => options.token! } : {})
    .configureLogging(LogLevel.None)
    .build();
  connections.push(connection);
  return connection;
}

/** The notices a connection receives (addressed to its user, they need no subscription): their payloads, as they come. */
function notices(connection: HubConnection): unknown[] {
  const got: unknown[] = [];
  connection.on(FRAME_TARGET, (frame: LiveFrame) => got.push(...frame.events.filter((e) => e.type === 'notice.created').map((e) => e.payload)));
  return got;
}

async function first(got: unknown[]): Promise<unknown> {
  for (let i = 0; i < 150 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  return got[0];
}

async function userId(token: string): Promise<number> {
  const info = await server.call('GET', svc('Session', 'GetCurrentLoginInformations'), { token });
  return info.body.result.user.id;
}

test('a logged-in user connects with the bearer token and receives notices addressed to them', async () => {
  const token = await server.token(1, 'admin');
  const connection = connect(server.baseUrl, { token });
  await connection.start();
  const received = notices(connection);
  const item = await notifyUser(server.db, server.app.services.hub, 1, await userId(token), { type: 1, title: 'hub test', description: 'd' });
  // Pushed as clients read it: its time on the tenant's clock.
  expect(await first(received)).toEqual(onTenantClock(item, DEFAULT_TIME_ZONE));
  expect(received).toHaveLength(1);
  const list = await server.call('GET', svc('Notification', 'GetUserNotifications'), { token });
  expect(list.body.result.items[0].title).toBe('hub test');
});

test('the encrypted token (enc_auth_token) authenticates a connection, as ABP clients send it', async () => {
  const login = await server.call('POST', '/api/TokenAuth/Authenticate', {
    tenantId: 1, body: { userNameOrEmailAddress: 'admin', password: '123qwe' },
  });
  const enc = encodeURIComponent(login.body.result.encryptedAccessToken);
  const connection = connect(server.baseUrl, { query: `enc_auth_token=${enc}` });
  await connection.start();
  expect(connection.connectionId).toBeTruthy();
});

describe('at ABP\'s path /signalr, where its starter clients connect', () => {
  test('a client connects with enc_auth_token and is on the same hub as /chatmsg: one notice reaches both connections', async () => {
    const login = await server.call('POST', '/api/TokenAuth/Authenticate', {
      tenantId: 1, body: { userNameOrEmailAddress: 'admin', password: '123qwe' },
    });
    const abp = connect(server.baseUrl, { path: '/signalr', query: `enc_auth_token=${encodeURIComponent(login.body.result.encryptedAccessToken)}` });
    const ours = connect(server.baseUrl, { token: login.body.result.accessToken });
    await Promise.all([abp.start(), ours.start()]);
    // ABP's hub client calls `register` once connected, as its own server's common hub answers.
    await expect(abp.invoke('register')).resolves.toBeNull();
    const [atSignalr, atChatmsg] = [notices(abp), notices(ours)];
    await notifyUser(server.db, server.app.services.hub, 1, login.body.result.userId, { type: 1, title: 'both paths', description: '' });
    await waitFor('the notice on both connections', () => atSignalr.length > 0 && atChatmsg.length > 0);
    expect([atSignalr, atChatmsg]).toEqual([[expect.objectContaining({ title: 'both paths' })], [expect.objectContaining({ title: 'both paths' })]]);
  });

  test('negotiate is refused without a valid token', async () => {
    const host = await server.token(null, 'admin');
    for (const query of ['', '&enc_auth_token=null', '&enc_auth_token=not-encrypted', `&enc_auth_token=${encodeURIComponent(host)}`]) {
      const response = await fetch(`${server.baseUrl}/signalr/negotiate?negotiateVersion=1${query}`, { method: 'POST' });
      expect({ query, status: response.status }).toEqual({ query, status: 401 });
    }
    await expect(connect(server.baseUrl, { path: '/signalr', query: 'enc_auth_token=null' }).start()).rejects.toThrow();
  });
});

test('anonymous and forged tokens are refused', async () => {
  await expect(connect(server.baseUrl, {}).start()).rejects.toThrow();
  await expect(connect(server.baseUrl, { query: 'enc_auth_token=null' }).start()).rejects.toThrow();
  await expect(connect(server.baseUrl, { token: 'not-a-jwt' }).start()).rejects.toThrow();
});

test('a notice for the host admin never reaches the tenant admin with the same kind of id', async () => {
  const tenantToken = await server.token(1, 'admin');
  const hostToken = await server.token(null, 'admin');
  const tenantConnection = connect(server.baseUrl, { token: tenantToken });
  const hostConnection = connect(server.baseUrl, { token: hostToken });
  await Promise.all([tenantConnection.start(), hostConnection.start()]);
  const tenantGot = notices(tenantConnection);
  const hostReceived = notices(hostConnection);
  await notifyUser(server.db, server.app.services.hub, null, await userId(hostToken), { type: 0, title: 'host only', description: '' });
  expect(await first(hostReceived)).toMatchObject({ title: 'host only' });
  await new Promise((r) => setTimeout(r, 200));
  expect(tenantGot).toEqual([]);
});

describe('two instances sharing the database and Redis', () => {
  const apps: App[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.server.close()));
  });

  test('a notice raised on instance A reaches a client connected to instance B exactly once', async () => {
    const prefix = `hubtest-${crypto.randomBytes(4).toString('hex')}`;
    const config = readConfig({ DATA_DIR: `/tmp/${prefix}`, JWT_SECRET, REDIS_URL: 'redis://127.0.0.1:6379', AMAP_KEY: 'k' });
    for (let i = 0; i < 2; i++) {
      const app = await buildApp(server.db, config, { quiet: true, hubChannelPrefix: prefix });
      await app.server.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
    }
    const [a, b] = apps;
    const address = b.server.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const token = await server.token(1, 'admin');
    const connection = connect(`http://127.0.0.1:${address.port}`, { token });
    await connection.start();
    const got = notices(connection);
    await notifyUser(server.db, a.services.hub, 1, await userId(token), { type: 2, title: 'across instances', description: '' });
    for (let i = 0; i < 50 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ title: 'across instances' });
  });
});

describe('two deployments sharing one Redis server', () => {
  const apps: App[] = [];
  afterAll(async () => {
    await Promise.all(connections.splice(0).map((c) => c.stop()));
    await Promise.all(apps.map((a) => a.server.close()));
  });

  // Redis pub/sub ignores the database number of the URL: only the channel names keep deployments apart. Each
  // deployment here serves its own data folder and leaves its name to the default.
  test('a notice raised on one deployment reaches its other instance but not the other deployment', async () => {
    const folder = `/tmp/hubtest-${crypto.randomBytes(4).toString('hex')}`;
    const start = async (dataDir: string, redisDb: number) => {
      const config = readConfig({ DATA_DIR: dataDir, JWT_SECRET, REDIS_URL: `redis://127.0.0.1:6379/${redisDb}`, AMAP_KEY: 'k' });
      const app = await buildApp(server.db, config, { quiet: true });
      await app.server.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
      const address = app.server.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      return { app, url: `http://127.0.0.1:${address.port}` };
    };
    const origin = await start(`${folder}-a`, 1);
    const sibling = await start(`${folder}-a`, 1);
    const other = await start(`${folder}-b`, 2);
    const token = await server.token(1, 'admin');
    const [sameDeployment, otherDeployment] = [connect(sibling.url, { token }), connect(other.url, { token })];
    await Promise.all([sameDeployment.start(), otherDeployment.start()]);
    const [got, overheard] = [notices(sameDeployment), notices(otherDeployment)];
    await notifyUser(server.db, origin.app.services.hub, 1, await userId(token), { type: 2, title: 'one deployment', description: '' });
    expect(await first(got)).toMatchObject({ title: 'one deployment' });
    await new Promise((r) => setTimeout(r, 300));
    expect(overheard).toEqual([]);
  });
});
