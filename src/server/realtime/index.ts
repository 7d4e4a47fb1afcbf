// Fastify adapter for the SignalR hub: the negotiate route, the `upgrade` listener,
// fan-out wiring and shutdown hooks. Everything protocol-related lives in hub.ts.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { isLiveStream, SUBSCRIBE_METHOD, UNSUBSCRIBE_METHOD, type LiveStream } from '../../shared/live/events';
import { tenantKey } from '../db/tenant-key';
import { createFanout, isControl, isEvents, type Fanout, type FanoutScope } from './fanout';
import type { AddressedEvent } from './feed/event';
import { startFrameTimer, type FrameTimerBounds } from './feed/frame-timer';
import { LiveFeed, StreamRefusedError, type FeedSettings } from './feed/live-feed';
import { Hub, HubError, type HubContext, type HubMethod, type HubUser } from './hub';

export { HubError } from './hub';
export type { HubContext, HubMethod, HubUser } from './hub';
export type { AddressedEvent, FeedAudience } from './feed/event';

export interface HubOptions {
  /** Hub URL path, e.g. '/chatmsg'; negotiate is served at `${path}/negotiate`. */
  path: string;
  /** Further paths of the same hub (one set of connections, groups and methods), e.g. ABP's '/signalr'. */
  alsoAt?: readonly string[];
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
  /** Live frame bounds (tests shrink them); defaults in LIVE_FEED_DEFAULTS. */
  feed?: Partial<FeedSettings>;
}

export interface HubServer {
  addMethod(name: string, handler: HubMethod): void;
  /** Committed live events of a tenant, to every instance's subscribed connections as frames; never rejects. */
  publishEvents(tenantId: number | null, events: readonly AddressedEvent[]): Promise<void>;
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
  /** Likewise for the connections a wall opened with access tokens exchanged for one display token, on every instance. */
  closeDisplayConnections(tenantId: number | null, userId: number, displayTokenId: number): Promise<void>;
  onConnect(fn: (ctx: HubContext) => void): void;
  onDisconnect(fn: (ctx: HubContext) => void): void;
  /** Kills every socket without a close message, so clients auto-reconnect. */
  dropAll(): void;
  /** Sends a Close message to every client, closes the sockets and quits Redis. */
  close(): Promise<void>;
}

/**
 * Frames leave every 50 ms, up to every 100 ms when flushing them is costly or a thousand connections share the
 * budget of writes (startFrameTimer): short enough for a reading to reach a screen within a tenth of a second, long
 * enough that a busy tenant's events go out as a few frames a second, not one each.
 */
const FRAME_INTERVAL: FrameTimerBounds = { minMs: 50, maxMs: 100, writesPerSecond: 10_000 };

export const LIVE_FEED_DEFAULTS: FeedSettings = {
  // A missing seq is a writer that died between commit and push once the events after it waited this long.
  holeMs: 1000,
  // After-commit callbacks race by milliseconds: a tenant's first events wait this long for earlier ones.
  settleMs: 100,
  // About a second of frames for a busy screen, beyond what the kernel buffers: past it the client is not keeping up.
  maxBufferedBytes: 64 * 1024,
  maxBacklogEvents: 1000,
  idleFrameMs: 1000,
};

/** The streams named by a Subscribe/Unsubscribe argument; an unknown name is the caller's error. */
function streamsOf(value: unknown): LiveStream[] {
  if (!Array.isArray(value)) throw new HubError('Expected a list of live streams.');
  return value.map((stream) => {
    if (!isLiveStream(stream)) throw new HubError(`Unknown live stream '${String(stream)}'.`);
    return stream;
  });
}

/** ASP.NET Core drops negotiated but unused connection tokens after this long. */
const NEGOTIATE_TOKEN_TTL_MS = 15_000;

function normalizePath(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

/** Must be called before the app starts listening (it adds a route and hooks). */
export async function registerHub(app: FastifyInstance, options: HubOptions): Promise<HubServer> {
  const paths = [options.path, ...(options.alsoAt ?? [])].map(normalizePath);
  const hub = new Hub({
    paths,
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

  const feed = new LiveFeed({ ...LIVE_FEED_DEFAULTS, ...options.feed });
  const frames = startFrameTimer(() => feed.flush(), FRAME_INTERVAL);
  hub.onConnect(({ connectionId, user }) => {
    const outlet = hub.outletOf(connectionId);
    if (!user || !outlet) return;
    feed.add(connectionId, tenantKey(user.tenantId), user.userId, user.audience ?? { topics: [], enterpriseIds: null }, outlet);
  });
  hub.onDisconnect(({ connectionId }) => feed.remove(connectionId));
  const onStreams = (change: (connectionId: string, streams: LiveStream[]) => LiveStream[]): HubMethod => (ctx, streams) => {
    try {
      return change(ctx.connectionId, streamsOf(streams));
    } catch (err) {
      if (err instanceof StreamRefusedError) throw new HubError(err.message);
      throw err;
    }
  };
  hub.addMethod(SUBSCRIBE_METHOD, onStreams((id, streams) => feed.subscribe(id, streams)));
  hub.addMethod(UNSUBSCRIBE_METHOD, onStreams((id, streams) => feed.unsubscribe(id, streams)));

  let fanout: Fanout;
  try {
    fanout = await createFanout({
      redisUrl: options.redisUrl,
      channelPrefix: options.channelPrefix ?? 'hub',
      deliverLocal: (message) => {
        if (isControl(message)) hub.closeLocal(message.scope);
        else if (isEvents(message)) feed.accept(message.tenantKey, message.events);
        else hub.deliverLocal(message);
      },
      logger: app.log,
    });
  } catch (err) {
    frames.stop();
    await hub.close();
    throw err;
  }
  const publish = (scope: FanoutScope, target: string, args: unknown[]) =>
    fanout.publish({ scope, target, arguments: args });

  for (const path of paths) {
    app.post(`${path}/negotiate`, async (request, reply) => {
      const result = await hub.negotiate(request.headers, request.url);
      reply.code(result.statusCode);
      if (result.headers) reply.headers(result.headers);
      return reply.send(result.body);
    });
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    hub.handleUpgrade(req, socket, head);
  };
  app.server.on('upgrade', onUpgrade);

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      frames.stop();
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
    // Delivered here before Redis is asked: should Redis fail, the other instances give these seqs up after a second
    // and their clients catch up from the log, so the writer need not hear of it.
    publishEvents: (tenantId, events) => fanout.publish({ tenantKey: tenantKey(tenantId), events: [...events] })
      .catch((err: unknown) => app.log.warn({ err }, 'live events not fanned out to the other instances')),
    sendToUser: (tenantId, userId, target, ...args) => publish({ kind: 'user', tenantId, userId }, target, args),
    sendToTenant: (tenantId, target, ...args) => publish({ kind: 'tenant', tenantId }, target, args),
    sendToGroup: (group, target, ...args) => publish({ kind: 'group', group }, target, args),
    sendToGroups: (groups, target, ...args) => publish({ kind: 'groups', groups: [...groups] }, target, args),
    sendToAll: (target, ...args) => publish({ kind: 'all' }, target, args),
    addToGroup: (connectionId, group) => hub.addToGroup(connectionId, group),
    removeFromGroup: (connectionId, group) => hub.removeFromGroup(connectionId, group),
    isUserOnline: (tenantId, userId) => hub.isUserOnline(tenantId, userId),
    closeUserConnections: (tenantId, userId) => fanout.publish({ scope: { kind: 'user', tenantId, userId }, control: 'close' }),
    closeDisplayConnections: (tenantId, userId, displayTokenId) =>
      fanout.publish({ scope: { kind: 'display', tenantId, userId, displayTokenId }, control: 'close' }),
    onConnect: (fn) => hub.onConnect(fn),
    onDisconnect: (fn) => hub.onDisconnect(fn),
    dropAll: () => hub.dropAll(),
    close,
  };
}
