// Shared fixtures for the realtime tests: a real Fastify app with a hub on an
// ephemeral port, fake credentials, and helpers for the real SignalR client and
// for raw WebSocket checks the client cannot make.
import Fastify, { type FastifyInstance } from 'fastify';
import { WebSocket, type RawData } from 'ws';
import { HubConnectionBuilder, LogLevel, type HubConnection, type IHttpConnectionOptions } from '@microsoft/signalr';
import { registerHub, type HubOptions, type HubServer, type HubUser } from './index';
import { RECORD_SEPARATOR } from './protocol';
import { waitFor } from '../../../test/support/wait';

export const HUB_PATH = '/chatmsg';

/** Test bearer tokens. alice and carol share userId 1 in different tenants on purpose. */
export const USERS: Record<string, HubUser> = {
  'tok-alice': { userId: 1, tenantId: 1, userName: 'alice' },
  'tok-bob': { userId: 2, tenantId: 1, userName: 'bob' },
  'tok-carol': { userId: 1, tenantId: 2, userName: 'carol' },
  'tok-admin': { userId: 1, tenantId: null, userName: 'admin' },
};

/** Fake ABP enc_auth_token: "enc." + base64 of the bearer token. */
export function encrypt(token: string): string {
  return 'enc.' + Buffer.from(token).toString('base64');
}

function decrypt(enc: string): string | null {
  if (!enc.startsWith('enc.')) return null;
  return Buffer.from(enc.slice(4), 'base64').toString('utf8');
}

export interface TestHubApp {
  app: FastifyInstance;
  hub: HubServer;
  origin: string;
  url: string;
  wsUrl: string;
  close(): Promise<void>;
}

export async function startHubApp(overrides: Partial<HubOptions> = {}): Promise<TestHubApp> {
  const app = Fastify({ logger: false });
  const hub = await registerHub(app, {
    path: HUB_PATH,
    authenticate: async (token) => USERS[token] ?? null,
    decryptEncToken: decrypt,
    ...overrides,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    app,
    hub,
    origin,
    url: origin + (overrides.path ?? HUB_PATH),
    wsUrl: `ws://127.0.0.1:${address.port}${overrides.path ?? HUB_PATH}`,
    close: () => app.close(),
  };
}

/** Tracks every client so afterAll can stop what a failing test left open. */
export class ClientPool {
  private readonly clients = new Set<HubConnection>();

  build(url: string, options: IHttpConnectionOptions = {}, reconnect = false): HubConnection {
    let builder = new HubConnectionBuilder().withUrl(url, options).configureLogging(LogLevel.None);
    if (reconnect) builder = builder.withAutomaticReconnect([0, 100, 200, 500]);
    const connection = builder.build();
    this.clients.add(connection);
    return connection;
  }

  async connect(url: string, token?: string, options: IHttpConnectionOptions = {}): Promise<HubConnection> {
    const connection = this.build(url, token === undefined ? options : { ...options, accessTokenFactory: () => token });
    await connection.start();
    return connection;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.clients].map((c) => c.stop().catch(() => undefined)));
    this.clients.clear();
  }
}

/** Records every invocation of `event` on a client. */
export function recordEvents(connection: HubConnection, event: string): unknown[][] {
  const received: unknown[][] = [];
  connection.on(event, (...args: unknown[]) => received.push(args));
  return received;
}

export async function negotiate(
  origin: string,
  query: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const res = await fetch(`${origin}${HUB_PATH}/negotiate${query}`, { method: 'POST', headers });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** A bare WebSocket speaking the hub protocol by hand, to observe exact frames. */
export class RawClient {
  readonly frames: string[] = [];
  closed = false;
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: RawData, isBinary: boolean) => {
      // Recorded rather than thrown: a throw here would escape the test as an uncaught error.
      this.frames.push(isBinary ? '<binary>' : Buffer.isBuffer(data) ? data.toString('utf8') : String(data));
    });
    socket.on('close', () => {
      this.closed = true;
    });
  }

  /** Resolves with the upgrade's HTTP status when the server refuses the WebSocket. */
  static open(url: string, headers: Record<string, string> = {}): Promise<RawClient | { rejected: number }> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers });
      socket.once('open', () => resolve(new RawClient(socket)));
      socket.once('unexpected-response', (_req, res) => {
        resolve({ rejected: res.statusCode ?? 0 });
        socket.terminate();
      });
      socket.once('error', reject);
    });
  }

  static async openOrFail(url: string, headers: Record<string, string> = {}): Promise<RawClient> {
    const result = await RawClient.open(url, headers);
    if (!(result instanceof RawClient)) throw new Error(`upgrade rejected with ${result.rejected}`);
    return result;
  }

  send(...messages: object[]): void {
    this.socket.send(messages.map((m) => JSON.stringify(m) + RECORD_SEPARATOR).join(''));
  }

  async handshake(): Promise<void> {
    this.send({ protocol: 'json', version: 1 });
    await waitFor('handshake reply', () => this.frames.length > 0, 3000);
    if (this.frames[0] !== '{}' + RECORD_SEPARATOR) throw new Error(`handshake failed: ${this.frames[0]}`);
  }

  /** All messages received so far, parsed, excluding the handshake reply when `afterHandshake`. */
  messages(afterHandshake = true): Array<Record<string, unknown>> {
    const frames = afterHandshake ? this.frames.slice(1) : this.frames;
    return frames.flatMap((frame) =>
      frame
        .split(RECORD_SEPARATOR)
        .filter((part) => part.length > 0)
        .map((part) => JSON.parse(part) as Record<string, unknown>),
    );
  }

  close(): void {
    this.socket.terminate();
  }
}

/** Negotiates as `token` and returns the raw WebSocket URL carrying the connection token. */
export async function negotiatedSocketUrl(server: TestHubApp, token: string): Promise<string> {
  const { status, body } = await negotiate(server.origin, '?negotiateVersion=1', { authorization: `Bearer ${token}` });
  if (status !== 200 || !body) throw new Error(`negotiate failed: ${status}`);
  return `${server.wsUrl}?id=${encodeURIComponent(String(body.connectionToken))}`;
}

/** Everything a test file starts, remembered so one `afterAll(closeAll)` stops it all. */
export function trackResources() {
  const pool = new ClientPool();
  const raws: RawClient[] = [];
  const apps: TestHubApp[] = [];
  return {
    pool,
    async app(options: Parameters<typeof startHubApp>[0] = {}): Promise<TestHubApp> {
      const started = await startHubApp(options);
      apps.push(started);
      return started;
    },
    async raw(url: string, headers: Record<string, string> = {}): Promise<RawClient> {
      const client = await RawClient.openOrFail(url, headers);
      raws.push(client);
      return client;
    },
    async closeAll(): Promise<void> {
      await pool.stopAll();
      for (const client of raws) client.close();
      await Promise.all(apps.map((a) => a.close()));
    },
  };
}
