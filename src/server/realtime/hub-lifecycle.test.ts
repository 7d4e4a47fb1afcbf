// Keep-alive, timeouts, reconnect and shutdown: the hub over time, with the real client and raw sockets.
import { HubConnectionState } from '@microsoft/signalr';
import { RECORD_SEPARATOR } from './protocol';
import { sleep, waitFor } from '../../../test/support/wait';
import { negotiate, negotiatedSocketUrl, recordEvents, startHubApp, trackResources } from './test-support';

const RS = RECORD_SEPARATOR;
const { pool, app, raw, closeAll } = trackResources();

afterAll(closeAll);

describe('keep-alive and timeouts', () => {
  it('pings an idle client every keepAliveMs', async () => {
    const fast = await app({ keepAliveMs: 100 });
    const client = await raw(await negotiatedSocketUrl(fast, 'tok-alice'), { authorization: 'Bearer tok-alice' });
    await client.handshake();
    await sleep(600);
    const pings = client.messages().filter((m) => m.type === 6).length;
    expect(pings).toBeGreaterThanOrEqual(3);
    expect(client.messages().every((m) => m.type === 6)).toBe(true);
  });

  it('keeps a client with a short serverTimeout connected only because of the pings', async () => {
    const fast = await app({ path: '/fast', keepAliveMs: 100 });
    const slow = await app({ path: '/slow', keepAliveMs: 60_000 });
    const connect = async (url: string) => {
      const c = pool.build(url, { accessTokenFactory: () => 'tok-alice' });
      c.serverTimeoutInMilliseconds = 500;
      c.keepAliveIntervalInMilliseconds = 100;
      const closed: Array<Error | undefined> = [];
      c.onclose((err) => closed.push(err));
      await c.start();
      return { c, closed };
    };
    const kept = await connect(fast.url);
    const starved = await connect(slow.url);
    await sleep(1200);
    expect(kept.c.state).toBe(HubConnectionState.Connected);
    expect(kept.closed).toEqual([]);
    expect(starved.c.state).toBe(HubConnectionState.Disconnected);
    expect(String(starved.closed[0])).toMatch(/Server timeout elapsed/);
  });

  it('drops a client that stops sending, but not one that pings', async () => {
    const strict = await app({ keepAliveMs: 100, clientTimeoutMs: 300 });
    const silent = await raw(await negotiatedSocketUrl(strict, 'tok-alice'), { authorization: 'Bearer tok-alice' });
    const chatty = await raw(await negotiatedSocketUrl(strict, 'tok-bob'), { authorization: 'Bearer tok-bob' });
    await Promise.all([silent.handshake(), chatty.handshake()]);
    const pinger = setInterval(() => chatty.send({ type: 6 }), 100);
    try {
      await waitFor('silent client to be dropped', () => silent.closed, 2000);
      expect(chatty.closed).toBe(false);
      expect(strict.hub.isUserOnline(1, 2)).toBe(true);
      await waitFor('silent client offline', () => !strict.hub.isUserOnline(1, 1), 1000);
    } finally {
      clearInterval(pinger);
    }
  });

  it('cancels a handshake that never comes', async () => {
    const strict = await app({ handshakeTimeoutMs: 200 });
    const client = await raw(await negotiatedSocketUrl(strict, 'tok-alice'), { authorization: 'Bearer tok-alice' });
    await waitFor('close', () => client.closed, 2000);
    expect(client.frames).toEqual(['{"error":"Handshake was canceled."}' + RS]);
  });
});

describe('reconnect and shutdown', () => {
  it('lets withAutomaticReconnect() clients come back after dropAll()', async () => {
    const srv = await app();
    const client = pool.build(srv.url, { accessTokenFactory: () => 'tok-alice' }, true);
    const events = recordEvents(client, 'ReceiveMessage');
    const reconnecting: Array<Error | undefined> = [];
    const reconnected: Array<string | undefined> = [];
    client.onreconnecting((err) => reconnecting.push(err));
    client.onreconnected((id) => reconnected.push(id));
    await client.start();
    const firstId = client.connectionId;

    await srv.hub.sendToUser(1, 1, 'ReceiveMessage', 'before');
    await waitFor('first event', () => events.length === 1, 3000);

    srv.hub.dropAll();
    await waitFor('reconnect', () => reconnected.length === 1, 5000);
    expect(reconnecting).toHaveLength(1);
    expect(client.state).toBe(HubConnectionState.Connected);
    expect(reconnected[0]).toBe(client.connectionId);
    expect(client.connectionId).not.toBe(firstId);

    await srv.hub.sendToUser(1, 1, 'ReceiveMessage', 'after');
    await waitFor('event after reconnect', () => events.length === 2, 3000);
    expect(events).toEqual([['before'], ['after']]);
  });

  it('close() sends a Close message that allows reconnecting and refuses new connections', async () => {
    const srv = await app();
    const client = pool.build(srv.url, { accessTokenFactory: () => 'tok-alice' }, true);
    const closed: Array<Error | undefined> = [];
    const reconnecting: Array<Error | undefined> = [];
    client.onclose((err) => closed.push(err));
    client.onreconnecting((err) => reconnecting.push(err));
    await client.start();
    const observer = await raw(await negotiatedSocketUrl(srv, 'tok-bob'), { authorization: 'Bearer tok-bob' });
    await observer.handshake();

    await srv.hub.close();
    await waitFor('raw client closed', () => observer.closed, 3000);
    expect(observer.messages()).toEqual([{ type: 7, allowReconnect: true }]);
    // The client tries again on its own; this hub stays closed, so its retries run out.
    await waitFor('retries to run out', () => closed.length === 1, 5000);
    expect(reconnecting).toHaveLength(1);
    expect(client.state).toBe(HubConnectionState.Disconnected);

    const { status } = await negotiate(srv.origin, '?negotiateVersion=1', { authorization: 'Bearer tok-alice' });
    expect(status).toBe(503);
    await srv.hub.close(); // idempotent
  });

  it('closes the hub when the Fastify app closes, without hanging on open sockets', async () => {
    const srv = await startHubApp();
    const client = await pool.connect(srv.url, 'tok-alice');
    const closed = new Promise<void>((resolve) => client.onclose(() => resolve()));
    await srv.app.close();
    await closed;
    expect(client.state).toBe(HubConnectionState.Disconnected);
  });
});

