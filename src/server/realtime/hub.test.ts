import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { HttpTransportType, type HubConnection } from '@microsoft/signalr';
import { HubError, type HubContext } from './index';
import { RECORD_SEPARATOR } from './protocol';
import { sleep, waitFor } from '../../../test/support/wait';
import {
  RawClient,
  encrypt,
  negotiate,
  negotiatedSocketUrl,
  recordEvents,
  trackResources,
  type TestHubApp,
} from './test-support';

const RS = RECORD_SEPARATOR;
const { pool, app, raw, closeAll } = trackResources();

afterAll(closeAll);

describe('hub on a shared app', () => {
  let srv: TestHubApp;
  const recorded: unknown[] = [];
  const connected: HubContext[] = [];
  const disconnected: HubContext[] = [];

  beforeAll(async () => {
    srv = await app();
    const { hub } = srv;
    hub.addMethod('Add', (_ctx, a, b) => Number(a) + Number(b));
    hub.addMethod('Echo', async (_ctx, value) => value);
    hub.addMethod('WhoAmI', (ctx) => ctx.user);
    hub.addMethod('Nothing', () => undefined);
    hub.addMethod('Fail', () => {
      throw new HubError('Nope');
    });
    hub.addMethod('Crash', async () => {
      throw new Error('secret internals');
    });
    hub.addMethod('Record', (_ctx, value) => {
      recorded.push(value);
    });
    hub.addMethod('Join', (ctx, group) => hub.addToGroup(ctx.connectionId, String(group)));
    hub.addMethod('Leave', (ctx, group) => hub.removeFromGroup(ctx.connectionId, String(group)));
    hub.onConnect((ctx) => connected.push(ctx));
    hub.onDisconnect((ctx) => disconnected.push(ctx));
  });

  describe('negotiate', () => {
    it('answers version 1 with a separate secret token and only WebSockets', async () => {
      const { status, body } = await negotiate(srv.origin, '?negotiateVersion=1', { authorization: 'Bearer tok-alice' });
      expect(status).toBe(200);
      expect(body).toEqual({
        connectionId: expect.any(String),
        connectionToken: expect.any(String),
        negotiateVersion: 1,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
      });
      expect(body?.connectionToken).not.toBe(body?.connectionId);
      expect(body).not.toHaveProperty('useStatefulReconnect');
    });

    it('answers version 0 without a token, and the connectionId then opens the socket', async () => {
      const { status, body } = await negotiate(srv.origin, '', { authorization: 'Bearer tok-alice' });
      expect(status).toBe(200);
      expect(body).toEqual({
        connectionId: expect.any(String),
        negotiateVersion: 0,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
      });
      const client = await raw(`${srv.wsUrl}?id=${encodeURIComponent(String(body?.connectionId))}`, {
        authorization: 'Bearer tok-alice',
      });
      await client.handshake();
    });

    it.each([
      ['no token', '', {}],
      ['an unknown bearer token', '', { authorization: 'Bearer nobody' }],
      ['an unknown access_token', '&access_token=nobody', {}],
      ['enc_auth_token "null"', '&enc_auth_token=null', {}],
      ['an undecryptable enc_auth_token', '&enc_auth_token=%25%25garbage', {}],
    ])('rejects %s with 401', async (_label, query, headers: Record<string, string>) => {
      const { status } = await negotiate(srv.origin, `?negotiateVersion=1${query}`, headers);
      expect(status).toBe(401);
    });

    it('treats a throwing decryptor or authenticator as anonymous, not as a 500', async () => {
      const throwing = await app({
        path: '/throwing',
        decryptEncToken: () => {
          throw new Error('bad cipher');
        },
      });
      const res1 = await fetch(`${throwing.url}/negotiate?negotiateVersion=1&enc_auth_token=abc`, { method: 'POST' });
      expect(res1.status).toBe(401);
      const failingAuth = await app({
        path: '/failing',
        authenticate: async () => {
          throw new Error('db down');
        },
      });
      const res2 = await fetch(`${failingAuth.url}/negotiate?negotiateVersion=1`, {
        method: 'POST',
        headers: { authorization: 'Bearer tok-alice' },
      });
      expect(res2.status).toBe(401);
    });
  });

  describe('WebSocket upgrade', () => {
    it('answers 404 for an unknown connection token', async () => {
      const result = await RawClient.open(`${srv.wsUrl}?id=not-a-token`, { authorization: 'Bearer tok-alice' });
      expect(result).toEqual({ rejected: 404 });
    });

    it('answers 409 to a second socket for the same token', async () => {
      const url = await negotiatedSocketUrl(srv, 'tok-alice');
      const first = await raw(url, { authorization: 'Bearer tok-alice' });
      await first.handshake();
      const second = await RawClient.open(url, { authorization: 'Bearer tok-alice' });
      expect(second).toEqual({ rejected: 409 });
      expect(first.closed).toBe(false);
    });

    it('re-checks the credentials on the upgrade', async () => {
      const url = await negotiatedSocketUrl(srv, 'tok-alice');
      expect(await RawClient.open(url)).toEqual({ rejected: 401 });
      expect(await RawClient.open(url, { authorization: 'Bearer tok-bob' })).toEqual({ rejected: 403 });
      // Neither refusal consumed the token: the rightful owner can still connect.
      const ok = await raw(url, { authorization: 'Bearer tok-alice' });
      await ok.handshake();
    });

    it('leaves upgrades for other paths to their own listeners', async () => {
      const other = new WebSocketServer({ noServer: true });
      other.on('connection', (socket) => socket.on('message', (data) => socket.send(`echo:${String(data)}`)));
      const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (req.url?.startsWith('/other')) other.handleUpgrade(req, socket, head, (ws) => other.emit('connection', ws, req));
      };
      srv.app.server.on('upgrade', onUpgrade);
      try {
        const socket = new WebSocket(`ws://127.0.0.1:${new URL(srv.origin).port}/other`);
        const reply = await new Promise<string>((resolve, reject) => {
          socket.once('open', () => socket.send('hello'));
          socket.once('message', (data) => resolve(String(data)));
          socket.once('error', reject);
        });
        expect(reply).toBe('echo:hello');
        socket.terminate();
      } finally {
        srv.app.server.off('upgrade', onUpgrade);
        other.close();
      }
    });

    it('accepts a hub URL given with a trailing slash', async () => {
      const client = await pool.connect(`${srv.url}/`, 'tok-alice');
      expect(await client.invoke('WhoAmI')).toMatchObject({ userName: 'alice' });
    });

    it('supports skipNegotiation for an authenticated client', async () => {
      const client = await pool.connect(srv.url, 'tok-bob', {
        skipNegotiation: true,
        transport: HttpTransportType.WebSockets,
      });
      expect(await client.invoke('WhoAmI')).toEqual({ userId: 2, tenantId: 1, userName: 'bob' });
      await expect(
        pool.connect(srv.url, undefined, { skipNegotiation: true, transport: HttpTransportType.WebSockets }),
      ).rejects.toThrow();
    });
  });

  describe('handshake', () => {
    it.each([
      [{ protocol: 'messagepack', version: 1 }, "The protocol 'messagepack' is not supported."],
      [{ protocol: 'json', version: 2 }, "The server does not support version 2 of the 'json' protocol."],
      [{ hello: 'there' }, 'An unexpected error occurred during connection handshake.'],
    ])('rejects %j and closes', async (request, error) => {
      const client = await raw(await negotiatedSocketUrl(srv, 'tok-alice'), { authorization: 'Bearer tok-alice' });
      client.send(request);
      await waitFor('socket close', () => client.closed, 3000);
      expect(client.frames).toEqual([JSON.stringify({ error }) + RS]);
    });

    it('accepts a handshake and a message in the same frame', async () => {
      const client = await raw(await negotiatedSocketUrl(srv, 'tok-alice'), { authorization: 'Bearer tok-alice' });
      client.send({ protocol: 'json', version: 1 }, { type: 1, invocationId: '7', target: 'Add', arguments: [1, 2] });
      await waitFor('completion', () => client.frames.length >= 2, 3000);
      expect(client.frames[0]).toBe('{}' + RS);
      expect(client.messages()).toEqual([{ type: 3, invocationId: '7', result: 3 }]);
    });
  });

  describe('invocations with the real client', () => {
    let alice: HubConnection;
    beforeAll(async () => {
      alice = await pool.connect(srv.url, 'tok-alice');
    });

    it('returns a result', async () => {
      expect(await alice.invoke('Add', 2, 3)).toBe(5);
      expect(await alice.invoke('Echo', { nested: ['x', null] })).toEqual({ nested: ['x', null] });
    });

    it('looks methods up case-insensitively', async () => {
      expect(await alice.invoke('add', 1, 1)).toBe(2);
      expect(await alice.invoke('ECHO', 'up')).toBe('up');
    });

    it('resolves a void method', async () => {
      await expect(alice.invoke('Nothing')).resolves.toBeUndefined();
    });

    it('reports a HubError with its message', async () => {
      await expect(alice.invoke('Fail')).rejects.toThrow(
        new Error("An unexpected error occurred invoking 'Fail' on the server. HubException: Nope"),
      );
    });

    it('hides the message of any other exception', async () => {
      await expect(alice.invoke('Crash')).rejects.toThrow(
        new Error("An unexpected error occurred invoking 'Crash' on the server."),
      );
    });

    it('reports an unknown method', async () => {
      await expect(alice.invoke('NoSuchMethod', 1)).rejects.toThrow(new Error("Unknown hub method 'NoSuchMethod'"));
    });

    it('runs send() without replying', async () => {
      await alice.send('record', 'via-send');
      await waitFor('send to be handled', () => recorded.includes('via-send'), 3000);
    });

    it('delivers events to on() handlers, matching target names case-insensitively', async () => {
      const bob = await pool.connect(srv.url, 'tok-bob');
      const exact = recordEvents(bob, 'ReceiveMessage');
      const lower = recordEvents(bob, 'receivemessage');
      await srv.hub.sendToUser(1, 2, 'ReceiveMessage', 'alice', 'hi bob');
      await waitFor('event', () => exact.length === 1 && lower.length === 1, 3000);
      expect(exact).toEqual([['alice', 'hi bob']]);
      expect(lower).toEqual([['alice', 'hi bob']]);
    });
  });

  describe('wire details seen by a raw client', () => {
    let client: RawClient;
    beforeAll(async () => {
      client = await raw(await negotiatedSocketUrl(srv, 'tok-bob'), { authorization: 'Bearer tok-bob' });
      await client.handshake();
    });

    it('sends no completion for invocations without an invocationId, and a bare one for void methods', async () => {
      const before = client.messages().length;
      client.send(
        { type: 1, target: 'Record', arguments: ['raw-send'] },
        { type: 1, target: 'NoSuchMethod', arguments: [] },
        { type: 6 },
        { type: 1, invocationId: '1', target: 'Nothing', arguments: [] },
      );
      await waitFor('completion', () => client.messages().length > before, 3000);
      await sleep(50);
      expect(client.messages().slice(before)).toEqual([{ type: 3, invocationId: '1' }]);
      expect(recorded).toContain('raw-send');
    });

    it('sends events as invocations without an invocationId, one text frame per message', async () => {
      const before = client.frames.length;
      await srv.hub.sendToUser(1, 2, 'ReceiveMessage', { text: 'x' });
      await waitFor('event', () => client.frames.length > before, 3000);
      expect(client.frames.slice(before)).toEqual(['{"type":1,"target":"ReceiveMessage","arguments":[{"text":"x"}]}' + RS]);
      expect(client.frames).not.toContain('<binary>');
    });

    it('answers a stream invocation with an error instead of leaving it pending', async () => {
      const before = client.messages().length;
      client.send({ type: 4, invocationId: 's1', target: 'Add', arguments: [] });
      await waitFor('completion', () => client.messages().length > before, 3000);
      expect(client.messages().slice(before)).toEqual([
        { type: 3, invocationId: 's1', error: "The client attempted to invoke the non-streaming 'Add' method with a streaming invocation." },
      ]);
    });

    it('closes with an error on a malformed frame', async () => {
      const victim = await raw(await negotiatedSocketUrl(srv, 'tok-bob'), { authorization: 'Bearer tok-bob' });
      await victim.handshake();
      victim.socket.send('{"type":1,"target":');
      await waitFor('close', () => victim.closed, 3000);
      expect(victim.messages()).toEqual([{ type: 7, error: 'Connection closed with an error.' }]);
    });
  });

  describe('authentication sources', () => {
    it('reads the Authorization header', async () => {
      const client = await pool.connect(srv.url, 'tok-alice');
      expect(await client.invoke('WhoAmI')).toEqual({ userId: 1, tenantId: 1, userName: 'alice' });
    });

    it('reads access_token from the query', async () => {
      const client = await pool.connect(`${srv.url}?access_token=tok-bob`);
      expect(await client.invoke('WhoAmI')).toEqual({ userId: 2, tenantId: 1, userName: 'bob' });
    });

    it('decrypts enc_auth_token from the query', async () => {
      const client = await pool.connect(`${srv.url}?enc_auth_token=${encodeURIComponent(encrypt('tok-carol'))}`);
      expect(await client.invoke('WhoAmI')).toEqual({ userId: 1, tenantId: 2, userName: 'carol' });
    });

    it('prefers the header over the query', async () => {
      const client = await pool.connect(`${srv.url}?access_token=tok-bob`, 'tok-alice');
      expect(await client.invoke('WhoAmI')).toMatchObject({ userName: 'alice' });
    });

    it('rejects anonymous clients when anonymous is not allowed', async () => {
      await expect(pool.connect(srv.url)).rejects.toThrow(/401/);
      await expect(pool.connect(srv.url, 'tok-unknown')).rejects.toThrow(/401/);
    });

    it('lets anonymous clients in when allowed, with a null user', async () => {
      const open = await app({ path: '/signalr', allowAnonymous: true });
      open.hub.addMethod('register', (ctx) => ({ user: ctx.user }));
      const anonymous = await pool.connect(open.url);
      expect(await anonymous.invoke('Register')).toEqual({ user: null });
      const known = await pool.connect(open.url, 'tok-admin');
      expect(await known.invoke('Register')).toEqual({ user: { userId: 1, tenantId: null, userName: 'admin' } });
    });
  });

  describe('addressing', () => {
    let alice: HubConnection;
    let alice2: HubConnection;
    let bob: HubConnection;
    let carol: HubConnection;
    let admin: HubConnection;
    const inbox = new Map<HubConnection, unknown[][]>();
    const got = (c: HubConnection) => (inbox.get(c) ?? []).map((args) => args[0]);

    beforeAll(async () => {
      [alice, alice2, bob, carol, admin] = await Promise.all(
        ['tok-alice', 'tok-alice', 'tok-bob', 'tok-carol', 'tok-admin'].map((t) => pool.connect(srv.url, t)),
      );
      for (const c of [alice, alice2, bob, carol, admin]) inbox.set(c, recordEvents(c, 'Addressed'));
    });

    /** A broadcast sent after `label`: once every client has it, none can still receive `label`. */
    async function settle(label: string): Promise<void> {
      const sentinel = `after:${label}`;
      await srv.hub.sendToAll('Addressed', sentinel);
      await waitFor('sentinel', () => [alice, alice2, bob, carol, admin].every((c) => got(c).includes(sentinel)), 3000);
    }

    it('sendToUser reaches every connection of that user only, never the same id in another tenant', async () => {
      await srv.hub.sendToUser(1, 1, 'Addressed', 'u1@t1');
      await srv.hub.sendToUser(2, 1, 'Addressed', 'u1@t2');
      await srv.hub.sendToUser(null, 1, 'Addressed', 'u1@host');
      await settle('users');
      expect(got(alice).filter((m) => String(m).startsWith('u1@'))).toEqual(['u1@t1']);
      expect(got(alice2).filter((m) => String(m).startsWith('u1@'))).toEqual(['u1@t1']);
      expect(got(bob).filter((m) => String(m).startsWith('u1@'))).toEqual([]);
      expect(got(carol).filter((m) => String(m).startsWith('u1@'))).toEqual(['u1@t2']);
      expect(got(admin).filter((m) => String(m).startsWith('u1@'))).toEqual(['u1@host']);
    });

    it('sendToTenant reaches the users of that tenant only', async () => {
      await srv.hub.sendToTenant(1, 'Addressed', 'tenant1');
      await srv.hub.sendToTenant(null, 'Addressed', 'host');
      await settle('tenants');
      for (const c of [alice, alice2, bob]) expect(got(c).filter((m) => m === 'tenant1' || m === 'host')).toEqual(['tenant1']);
      expect(got(carol).filter((m) => m === 'tenant1' || m === 'host')).toEqual([]);
      expect(got(admin).filter((m) => m === 'tenant1' || m === 'host')).toEqual(['host']);
    });

    it('groups hold connections, across tenants, until they leave', async () => {
      await alice.invoke('Join', 'route-7');
      await carol.invoke('join', 'route-7');
      await srv.hub.sendToGroup('route-7', 'Addressed', 'route-7#1');
      await srv.hub.sendToGroup('route-8', 'Addressed', 'nobody');
      await settle('group1');
      expect([alice, alice2, bob, carol, admin].map((c) => got(c).filter((m) => String(m).startsWith('route-7')))).toEqual([
        ['route-7#1'],
        [],
        [],
        ['route-7#1'],
        [],
      ]);
      await alice.invoke('Leave', 'route-7');
      await srv.hub.sendToGroup('route-7', 'Addressed', 'route-7#2');
      await settle('group2');
      expect(got(alice)).not.toContain('route-7#2');
      expect(got(carol)).toContain('route-7#2');
      expect(got(alice).concat(got(bob), got(carol), got(admin), got(alice2))).not.toContain('nobody');
    });

    it('tracks presence and reports connects and disconnects', async () => {
      const dave = await pool.connect(srv.url, 'tok-admin');
      const id = dave.connectionId;
      expect(connected.map((c) => c.connectionId)).toContain(id);
      expect(connected.find((c) => c.connectionId === id)?.user).toMatchObject({ userId: 1, tenantId: null });
      expect(srv.hub.isUserOnline(null, 1)).toBe(true);
      expect(srv.hub.isUserOnline(3, 1)).toBe(false);

      await admin.stop();
      await dave.stop();
      await waitFor('disconnect', () => disconnected.some((c) => c.connectionId === id), 3000);
      await waitFor('admin offline', () => !srv.hub.isUserOnline(null, 1), 3000);
      expect(srv.hub.isUserOnline(1, 1)).toBe(true);
    });
  });
});
