// Fastify adapter for the SignalR hub: the negotiate route, the `upgrade` listener,
// fan-out wiring and shutdown hooks. Everything protocol-related lives in hub.ts.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { createFanout, isControl, type Fanout, type FanoutScope } from './fanout';
import { Hub, type HubContext, type HubMethod, type HubUser } from './hub';

export { HubError } from './hub';
export type { HubContext, HubMethod, HubUser } from './hub';

export interface HubOptions {
  /** Hub URL path, e.g. '/chatmsg'; negotiate is served at `${path}/negotiate`. */
  path: string;
  /** Validates a bearer JWT. */
  authenticate(token: string): Promise<HubUser | null>;
  /** ABP enc_auth_token -> bearer JWT; null when undecryptable (the request is then anonymous). */
  decryptEncToken(enc: string): string | null;
  /** Default false: anonymous negotiate and upgrade get 401. */
  allowAnonymous?: boolean;
  /** When set, events fan out to every instance through Redis pub/sub. */
  redisUrl?: string;
  /** Redis channel prefix, default 'hub'. */
  channelPrefix?: string;
  /** Server ping interval when otherwise idle, default 15000. */
  keepAliveMs?: number;
  /** Drop a client silent for this long, default 30000. */
  clientTimeoutMs?: number;
  /** Time allowed for the handshake after the socket opens, default 15000. */
  handshakeTimeoutMs?: number;
  /** Largest accepted WebSocket message, default 32 KB (ASP.NET Core's MaximumReceiveMessageSize). */
  maxMessageBytes?: number;
}

export interface HubServer {
  addMethod(name: string, handler: HubMethod): void;
  sendToUser(tenantId: number | null, userId: number, target: string, ...args: unknown[]): Promise<void>;
  sendToTenant(tenantId: number | null, target: string, ...args: unknown[]): Promise<void>;
  sendToGroup(group: string, target: string, ...args: unknown[]): Promise<void>;
  /** To every connection in any of the groups, once each (a connection may be in several). */
  sendToGroups(groups: readonly string[], target: string, ...args: unknown[]): Promise<void>;
  sendToAll(target: string, ...args: unknown[]): Promise<void>;
  addToGroup(connectionId: string, group: string): void;
  removeFromGroup(connectionId: string, group: string): void;
  /** This instance's view only. */
  isUserOnline(tenantId: number | null, userId: number): boolean;
  /**
   * Closes every connection of the user on every instance, telling the clients to reconnect: they come back with
   * their current groups, or are refused when the user may no longer connect.
   */
  closeUserConnections(tenantId: number | null, userId: number): Promise<void>;
  onConnect(fn: (ctx: HubContext) => void): void;
  onDisconnect(fn: (ctx: HubContext) => void): void;
  /** Kills every socket without a close message, so clients auto-reconnect. */
  dropAll(): void;
  /** Sends a Close message to every client, closes the sockets and quits Redis. */
  close(): Promise<void>;
}

/** ASP.NET Core drops negotiated but unused connection tokens after this long. */
const NEGOTIATE_TOKEN_TTL_MS = 15_000;

function normalizePath(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

/** Must be called before the app starts listening (it adds a route and hooks). */
export async function registerHub(app: FastifyInstance, options: HubOptions): Promise<HubServer> {
  const path = normalizePath(options.path);
  const hub = new Hub({
    path,
    authenticate: options.authenticate,
    decryptEncToken: options.decryptEncToken,
    allowAnonymous: options.allowAnonymous ?? false,
    keepAliveMs: options.keepAliveMs ?? 15_000,
    clientTimeoutMs: options.clientTimeoutMs ?? 30_000,
    handshakeTimeoutMs: options.handshakeTimeoutMs ?? 15_000,
    negotiateTokenTtlMs: NEGOTIATE_TOKEN_TTL_MS,
    maxMessageBytes: options.maxMessageBytes ?? 32 * 1024,
    logger: app.log,
  });

  let fanout: Fanout;
  try {
    fanout = await createFanout({
      redisUrl: options.redisUrl,
      channelPrefix: options.channelPrefix ?? 'hub',
      deliverLocal: (message) => (isControl(message) ? hub.closeLocal(message.scope) : hub.deliverLocal(message)),
      logger: app.log,
    });
  } catch (err) {
    await hub.close();
    throw err;
  }
  const publish = (scope: FanoutScope, target: string, args: unknown[]) =>
    fanout.publish({ scope, target, arguments: args });

  app.post(`${path}/negotiate`, async (request, reply) => {
    const result = await hub.negotiate(request.headers, request.url);
    reply.code(result.statusCode);
    if (result.headers) reply.headers(result.headers);
    return reply.send(result.body);
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    hub.handleUpgrade(req, socket, head);
  };
  app.server.on('upgrade', onUpgrade);

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      app.server.off('upgrade', onUpgrade);
      await hub.close();
      await fanout.close();
    })();
    return closing;
  };
  // preClose, not onClose: Node's server.close() waits for upgraded sockets, so
  // they must be gone before Fastify closes the server.
  app.addHook('preClose', close);

  return {
    addMethod: (name, handler) => hub.addMethod(name, handler),
    sendToUser: (tenantId, userId, target, ...args) => publish({ kind: 'user', tenantId, userId }, target, args),
    sendToTenant: (tenantId, target, ...args) => publish({ kind: 'tenant', tenantId }, target, args),
    sendToGroup: (group, target, ...args) => publish({ kind: 'group', group }, target, args),
    sendToGroups: (groups, target, ...args) => publish({ kind: 'groups', groups: [...groups] }, target, args),
    sendToAll: (target, ...args) => publish({ kind: 'all' }, target, args),
    addToGroup: (connectionId, group) => hub.addToGroup(connectionId, group),
    removeFromGroup: (connectionId, group) => hub.removeFromGroup(connectionId, group),
    isUserOnline: (tenantId, userId) => hub.isUserOnline(tenantId, userId),
    closeUserConnections: (tenantId, userId) => fanout.publish({ scope: { kind: 'user', tenantId, userId }, control: 'close' }),
    onConnect: (fn) => hub.onConnect(fn),
    onDisconnect: (fn) => hub.onDisconnect(fn),
    dropAll: () => hub.dropAll(),
    close,
  };
}
