// The hub proper: negotiate, WebSocket upgrade, handshake, keep-alive, invocation
// dispatch and the local connection registry. Framework-neutral (takes raw Node
// request pieces) so index.ts stays a thin Fastify adapter.
import { tenantKey } from '../db/tenant-key';
import { randomBytes } from 'node:crypto';
import { STATUS_CODES, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { FanoutEnvelope, FanoutScope } from './fanout';
import type { FeedAudience, FeedOutlet } from './feed/event';
import {
  HandshakeErrors,
  MessageType,
  ProtocolError,
  handshakeResponse,
  parseFrame,
  parseHandshake,
  serializeMessage,
  type CompletionMessage,
  type HubMessage,
  type InvocationMessage,
} from './protocol';

export interface HubUser {
  userId: number;
  tenantId: number | null;
  userName?: string;
  /** Groups the connection joins before the handshake reply, so no group message can slip past a new connection. */
  groups?: readonly string[];
  /** What of the tenant's live events it may see; without one, only those addressed to its user. */
  audience?: FeedAudience;
  /** The display token a wall signed in with: its revocation closes this connection, not the account's other walls'. */
  displayTokenId?: number;
}

export interface HubContext {
  connectionId: string;
  user: HubUser | null;
}

export type HubMethod = (ctx: HubContext, ...args: unknown[]) => unknown | Promise<unknown>;

/**
 * Thrown by a hub method to show its message to the caller; any other error is
 * reported only generically, so internals do not leak (ASP.NET Core HubException).
 */
export class HubError extends Error {
  override name = 'HubError';
}

interface HubLogger {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface HubSettings {
  /** The paths the hub answers at, normalized (leading slash, no trailing one); every one is the same hub. */
  paths: readonly string[];
  authenticate(token: string): Promise<HubUser | null>;
  decryptEncToken(enc: string): string | null;
  allowAnonymous: boolean;
  keepAliveMs: number;
  clientTimeoutMs: number;
  handshakeTimeoutMs: number;
  negotiateTokenTtlMs: number;
  maxMessageBytes: number;
  logger: HubLogger;
}

interface NegotiateResult {
  statusCode: number;
  headers?: Record<string, string>;
  body?: object;
}

const CLOSE_TO_RECONNECT = serializeMessage({ type: MessageType.Close, allowReconnect: true });
const CLOSE_WITH_ERROR = serializeMessage({ type: MessageType.Close, error: 'Connection closed with an error.' });
const PING_MESSAGE = serializeMessage({ type: MessageType.Ping });
/** How long close() waits for a client to answer the close handshake before cutting the socket. */
const GRACEFUL_CLOSE_MS = 2000;

function newId(): string {
  return randomBytes(16).toString('base64url');
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

function sameUser(a: HubUser | null, b: HubUser | null): boolean {
  if (a === null || b === null) return a === b;
  return a.userId === b.userId && a.tenantId === b.tenantId;
}

const userKey = (tenantId: number | null, userId: number): string => `${tenantKey(tenantId)}/${userId}`;

function addToIndex<K, T>(index: Map<K, Set<T>>, key: K, item: T): void {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(item);
}

function removeFromIndex<K, T>(index: Map<K, Set<T>>, key: K, item: T): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(item);
  if (set.size === 0) index.delete(key);
}

interface PendingConnection {
  connectionId: string;
  user: HubUser | null;
  expiry: NodeJS.Timeout;
}

class Connection implements FeedOutlet {
  readonly groups = new Set<string>();
  readonly context: HubContext;
  handshaken = false;
  closed = false;
  handshakeBuffer = '';
  lastSentAt = Date.now();
  lastReceivedAt = Date.now();
  handshakeTimer: NodeJS.Timeout | undefined;
  /** Invocations run one at a time per connection, in arrival order, as in ASP.NET Core. */
  invocations: Promise<void> = Promise.resolve();

  constructor(
    readonly id: string,
    readonly token: string,
    readonly user: HubUser | null,
    readonly socket: WebSocket,
  ) {
    this.context = { connectionId: id, user };
  }

  get bufferedAmount(): number {
    return this.socket.bufferedAmount;
  }

  /** A Buffer frame is sent as is: one message to a thousand connections is encoded once, not per socket. */
  send(frame: string | Buffer): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.socket.send(frame, { binary: false });
    this.lastSentAt = Date.now();
  }
}

export class Hub {
  private readonly methods = new Map<string, HubMethod>();
  private readonly connectHandlers: Array<(ctx: HubContext) => void> = [];
  private readonly disconnectHandlers: Array<(ctx: HubContext) => void> = [];

  private readonly pending = new Map<string, PendingConnection>();
  /** Tokens with a socket (or one being upgraded), to answer 409 to a second socket. */
  private readonly claimedTokens = new Set<string>();
  private readonly connections = new Map<string, Connection>();
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly byTenant = new Map<number, Set<Connection>>();
  private readonly byGroup = new Map<string, Set<Connection>>();

  private readonly wss: WebSocketServer;
  private readonly heartbeat: NodeJS.Timeout;
  private closing: Promise<void> | undefined;

  constructor(private readonly settings: HubSettings) {
    this.wss = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      perMessageDeflate: false,
      maxPayload: settings.maxMessageBytes,
    });
    // One timer for all connections; a quarter of the shortest interval keeps the
    // worst-case ping gap close to keepAliveMs without a timer per socket.
    const tickMs = Math.max(10, Math.min(1000, Math.floor(Math.min(settings.keepAliveMs, settings.clientTimeoutMs) / 4)));
    this.heartbeat = setInterval(() => this.onHeartbeat(), tickMs);
    this.heartbeat.unref();
  }

  // ------------------------------------------------------------ public API

  addMethod(name: string, handler: HubMethod): void {
    const key = name.toLowerCase();
    if (this.methods.has(key)) throw new Error(`Hub method '${name}' is already registered on ${this.settings.paths.join(', ')}.`);
    this.methods.set(key, handler);
  }

  onConnect(fn: (ctx: HubContext) => void): void {
    this.connectHandlers.push(fn);
  }

  onDisconnect(fn: (ctx: HubContext) => void): void {
    this.disconnectHandlers.push(fn);
  }

  addToGroup(connectionId: string, group: string): void {
    const conn = this.connections.get(connectionId);
    if (!conn || conn.closed) return;
    conn.groups.add(group);
    addToIndex(this.byGroup, group, conn);
  }

  removeFromGroup(connectionId: string, group: string): void {
    const conn = this.connections.get(connectionId);
    if (!conn) return;
    conn.groups.delete(group);
    removeFromIndex(this.byGroup, group, conn);
  }

  /** Where the live feed sends a connection's frames (undefined once it closed). */
  outletOf(connectionId: string): FeedOutlet | undefined {
    return this.connections.get(connectionId);
  }

  isUserOnline(tenantId: number | null, userId: number): boolean {
    return this.byUser.has(userKey(tenantId, userId));
  }

  /**
   * Closes this instance's connections of a user (or of one of its display tokens) with a Close that allows
   * reconnecting: the client reconnects at once and is authenticated afresh (new groups, or refused). Other scopes
   * have no use for it and are ignored.
   */
  closeLocal(scope: FanoutScope): void {
    if (scope.kind !== 'user' && scope.kind !== 'display') return;
    for (const conn of [...(this.audienceOf(scope) ?? [])]) {
      if (conn.closed) continue;
      conn.send(CLOSE_TO_RECONNECT);
      conn.socket.close(1000);
    }
  }

  private audienceOf(scope: FanoutScope): Iterable<Connection> | undefined {
    switch (scope.kind) {
      case 'user':
        return this.byUser.get(userKey(scope.tenantId, scope.userId));
      case 'display':
        return [...(this.byUser.get(userKey(scope.tenantId, scope.userId)) ?? [])]
          .filter((conn) => conn.user?.displayTokenId === scope.displayTokenId);
      case 'tenant':
        return this.byTenant.get(tenantKey(scope.tenantId));
      case 'group':
        return this.byGroup.get(scope.group);
      case 'groups':
        return new Set(scope.groups.flatMap((group) => [...(this.byGroup.get(group) ?? [])]));
      case 'all':
        return this.connections.values();
    }
  }

  /** Sends an event to the local sockets the envelope's scope names. */
  deliverLocal(envelope: FanoutEnvelope): void {
    const audience = this.audienceOf(envelope.scope);
    if (!audience) return;
    // No invocationId: with one the client would answer with a Completion.
    const frame = Buffer.from(serializeMessage({ type: MessageType.Invocation, target: envelope.target, arguments: envelope.arguments }));
    for (const conn of audience) {
      if (conn.handshaken && !conn.closed) conn.send(frame);
    }
  }

  /** Cuts every socket without a close message, as a crash or network loss would. */
  dropAll(): void {
    for (const conn of this.connections.values()) conn.socket.terminate();
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  // ------------------------------------------------------------ negotiate

  async negotiate(headers: IncomingHttpHeaders, rawUrl: string): Promise<NegotiateResult> {
    if (this.closing) return { statusCode: 503 };
    const query = new URL(rawUrl, 'http://localhost').searchParams;

    const requested = query.get('negotiateVersion');
    let version = 0;
    if (requested !== null) {
      if (!/^\d+$/.test(requested)) {
        return { statusCode: 400, body: { error: `The client requested an invalid protocol version '${requested}'` } };
      }
      version = Math.min(Number(requested), 1);
    }

    const user = await this.resolveUser(headers, query);
    if (!user && !this.settings.allowAnonymous) return unauthorized();
    if (this.closing) return { statusCode: 503 };

    const connectionId = newId();
    // Version 0 clients connect with the public id, so it doubles as the token.
    const connectionToken = version >= 1 ? newId() : connectionId;
    const expiry = setTimeout(() => this.pending.delete(connectionToken), this.settings.negotiateTokenTtlMs);
    expiry.unref();
    this.pending.set(connectionToken, { connectionId, user, expiry });

    const availableTransports = [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }];
    const body =
      version >= 1
        ? { connectionId, connectionToken, negotiateVersion: 1, availableTransports }
        : { connectionId, negotiateVersion: 0, availableTransports };
    return { statusCode: 200, body };
  }

  // ------------------------------------------------------------ upgrade

  /** Returns false when the request is for another path, leaving the socket to other listeners. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return false;
    }
    // A hub URL given with a trailing slash makes the client open '/chatmsg/?id=…'.
    const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    if (!this.settings.paths.includes(pathname)) return false;
    // The socket may fail while we await authentication; without a listener that would crash the process.
    const onEarlyError = (err: Error) => this.settings.logger.debug({ err }, 'hub upgrade socket error');
    socket.on('error', onEarlyError);
    this.acceptUpgrade(req, socket, head, url.searchParams, onEarlyError).catch((err: unknown) => {
      this.settings.logger.error({ err }, 'hub upgrade failed');
      rejectUpgrade(socket, 500);
    });
    return true;
  }

  private async acceptUpgrade(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    query: URLSearchParams,
    onEarlyError: (err: Error) => void,
  ): Promise<void> {
    if (this.closing) return rejectUpgrade(socket, 503);
    const token = query.get('id');
    if (token !== null) {
      if (this.claimedTokens.has(token)) return rejectUpgrade(socket, 409);
      if (!this.pending.has(token)) return rejectUpgrade(socket, 404);
    }

    // Checked again here because the token may come in a different place than at
    // negotiate (browsers: access_token query; Node: Authorization header).
    const user = await this.resolveUser(req.headers, query);
    if (!user && !this.settings.allowAnonymous) return rejectUpgrade(socket, 401);
    if (this.closing) return rejectUpgrade(socket, 503);

    let connectionId: string;
    let connectionToken: string;
    if (token !== null) {
      // Re-checked after the await: another socket or the expiry may have got there first.
      if (this.claimedTokens.has(token)) return rejectUpgrade(socket, 409);
      const pending = this.pending.get(token);
      if (!pending) return rejectUpgrade(socket, 404);
      if (!sameUser(pending.user, user)) return rejectUpgrade(socket, 403);
      clearTimeout(pending.expiry);
      this.pending.delete(token);
      connectionId = pending.connectionId;
      connectionToken = token;
    } else {
      // skipNegotiation: the socket is the whole connection.
      connectionId = newId();
      connectionToken = connectionId;
    }
    if (socket.destroyed) return;

    this.claimedTokens.add(connectionToken);
    let attached = false;
    socket.once('close', () => {
      if (!attached) this.claimedTokens.delete(connectionToken);
    });
    socket.off('error', onEarlyError);
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      attached = true;
      this.attach(ws, connectionId, connectionToken, user);
    });
  }

  private async resolveUser(headers: IncomingHttpHeaders, query: URLSearchParams): Promise<HubUser | null> {
    const token = this.findToken(headers, query);
    if (token === null) return null;
    try {
      return await this.settings.authenticate(token);
    } catch (err) {
      // A failing authenticator must not turn into a 500; the caller sees an anonymous request.
      this.settings.logger.warn({ err }, 'hub authenticate threw; treating request as anonymous');
      return null;
    }
  }

  /** Authorization header, then access_token, then ABP's enc_auth_token; the first one present wins. */
  private findToken(headers: IncomingHttpHeaders, query: URLSearchParams): string | null {
    const authorization = headers.authorization;
    if (authorization) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
      if (match) return match[1];
    }
    const accessToken = query.get('access_token');
    if (accessToken && accessToken !== 'null') return accessToken;
    const enc = query.get('enc_auth_token');
    // ABP's client writes the cookie value even when it is missing, hence the literal "null".
    if (enc && enc !== 'null') {
      try {
        return this.settings.decryptEncToken(enc);
      } catch (err) {
        this.settings.logger.warn({ err }, 'hub enc_auth_token could not be decrypted');
        return null;
      }
    }
    return null;
  }

  // ------------------------------------------------------------ connection lifecycle

  private attach(socket: WebSocket, connectionId: string, token: string, user: HubUser | null): void {
    const conn = new Connection(connectionId, token, user, socket);
    this.connections.set(connectionId, conn);
    conn.handshakeTimer = setTimeout(() => this.failHandshake(conn, HandshakeErrors.timedOut), this.settings.handshakeTimeoutMs);
    socket.on('message', (data) => this.onFrame(conn, rawToString(data)));
    socket.on('error', (err) => this.settings.logger.debug({ err, connectionId }, 'hub socket error'));
    socket.on('close', () => this.onSocketClosed(conn));
  }

  private onFrame(conn: Connection, text: string): void {
    if (conn.closed) return;
    conn.lastReceivedAt = Date.now();
    if (!conn.handshaken) {
      this.onHandshakeData(conn, text);
      return;
    }
    this.processMessages(conn, text);
  }

  private onHandshakeData(conn: Connection, text: string): void {
    conn.handshakeBuffer += text;
    const result = parseHandshake(conn.handshakeBuffer);
    if (result.status === 'incomplete') {
      if (conn.handshakeBuffer.length > this.settings.maxMessageBytes) this.failHandshake(conn, HandshakeErrors.malformed);
      return;
    }
    if (result.status === 'rejected') {
      this.failHandshake(conn, result.error);
      return;
    }

    clearTimeout(conn.handshakeTimer);
    conn.handshakeBuffer = '';
    conn.handshaken = true;
    conn.send(handshakeResponse());
    // Registered only now, so no event can reach the client before the handshake reply.
    if (conn.user) {
      addToIndex(this.byUser, userKey(conn.user.tenantId, conn.user.userId), conn);
      addToIndex(this.byTenant, tenantKey(conn.user.tenantId), conn);
      for (const group of conn.user.groups ?? []) {
        conn.groups.add(group);
        addToIndex(this.byGroup, group, conn);
      }
    }
    this.runHandlers(this.connectHandlers, conn, 'onConnect');
    if (result.rest.length > 0) this.processMessages(conn, result.rest);
  }

  private failHandshake(conn: Connection, error: string): void {
    if (conn.handshaken || conn.closed) return;
    clearTimeout(conn.handshakeTimer);
    conn.send(handshakeResponse(error));
    conn.socket.close(1000);
  }

  private processMessages(conn: Connection, text: string): void {
    let messages: HubMessage[];
    try {
      messages = parseFrame(text);
    } catch (err) {
      if (!(err instanceof ProtocolError)) throw err;
      this.settings.logger.warn({ err, connectionId: conn.id }, 'hub received a malformed frame; closing connection');
      conn.send(CLOSE_WITH_ERROR);
      conn.socket.close(1000);
      return;
    }
    for (const message of messages) this.dispatch(conn, message);
  }

  private dispatch(conn: Connection, message: HubMessage): void {
    switch (message.type) {
      case MessageType.Invocation:
        conn.invocations = conn.invocations.then(() => this.invoke(conn, message));
        return;
      case MessageType.StreamInvocation: {
        // No streaming hub methods exist here; answer so the client's stream fails instead of hanging.
        const known = this.methods.has(message.target.toLowerCase());
        const error = known
          ? `The client attempted to invoke the non-streaming '${message.target}' method with a streaming invocation.`
          : `Unknown hub method '${message.target}'`;
        conn.send(serializeMessage({ type: MessageType.Completion, invocationId: message.invocationId, error }));
        return;
      }
      default:
        // Ping only proves liveness (already recorded); Close is followed by the socket
        // closing; stream items, cancels and completions have nothing to act on.
        return;
    }
  }

  private async invoke(conn: Connection, message: InvocationMessage): Promise<void> {
    const { invocationId, target } = message;
    const handler = this.methods.get(target.toLowerCase());
    if (!handler) {
      if (invocationId !== undefined) this.complete(conn, { type: MessageType.Completion, invocationId, error: `Unknown hub method '${target}'` });
      else this.settings.logger.debug({ target, connectionId: conn.id }, 'hub send to unknown method ignored');
      return;
    }
    try {
      const result = await handler(conn.context, ...message.arguments);
      if (invocationId !== undefined) {
        const reply: CompletionMessage = result === undefined
          ? { type: MessageType.Completion, invocationId }
          : { type: MessageType.Completion, invocationId, result };
        // Serialised here so an unserialisable result is reported like a thrown error.
        conn.send(serializeMessage(reply));
      }
    } catch (err) {
      this.settings.logger.error({ err, target, connectionId: conn.id }, 'hub method failed');
      if (invocationId !== undefined) {
        let error = `An unexpected error occurred invoking '${target}' on the server.`;
        if (err instanceof HubError) error += ` HubException: ${err.message}`;
        this.complete(conn, { type: MessageType.Completion, invocationId, error });
      }
    }
  }

  private complete(conn: Connection, message: CompletionMessage): void {
    conn.send(serializeMessage(message));
  }

  private onSocketClosed(conn: Connection): void {
    if (conn.closed) return;
    conn.closed = true;
    clearTimeout(conn.handshakeTimer);
    this.connections.delete(conn.id);
    this.claimedTokens.delete(conn.token);
    if (conn.user) {
      removeFromIndex(this.byUser, userKey(conn.user.tenantId, conn.user.userId), conn);
      removeFromIndex(this.byTenant, tenantKey(conn.user.tenantId), conn);
    }
    for (const group of conn.groups) removeFromIndex(this.byGroup, group, conn);
    conn.groups.clear();
    if (conn.handshaken) this.runHandlers(this.disconnectHandlers, conn, 'onDisconnect');
  }

  private runHandlers(handlers: Array<(ctx: HubContext) => void>, conn: Connection, event: string): void {
    for (const handler of handlers) {
      try {
        handler(conn.context);
      } catch (err) {
        this.settings.logger.error({ err, connectionId: conn.id }, `hub ${event} handler failed`);
      }
    }
  }

  private onHeartbeat(): void {
    const now = Date.now();
    for (const conn of this.connections.values()) {
      if (!conn.handshaken || conn.closed) continue;
      if (now - conn.lastReceivedAt >= this.settings.clientTimeoutMs) {
        this.settings.logger.debug({ connectionId: conn.id }, 'hub client timed out');
        conn.socket.terminate();
        continue;
      }
      // The client gives up after 30 s of silence, so stay audible even when idle.
      if (now - conn.lastSentAt >= this.settings.keepAliveMs) conn.send(PING_MESSAGE);
    }
  }

  private async shutdown(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const pending of this.pending.values()) clearTimeout(pending.expiry);
    this.pending.clear();
    await Promise.all([...this.connections.values()].map((conn) => closeGracefully(conn)));
    this.wss.close();
  }
}

function closeGracefully(conn: Connection): Promise<void> {
  return new Promise((resolve) => {
    if (conn.socket.readyState === WebSocket.CLOSED) return resolve();
    const force = setTimeout(() => conn.socket.terminate(), GRACEFUL_CLOSE_MS);
    conn.socket.once('close', () => {
      clearTimeout(force);
      resolve();
    });
    // A hub closes when its server stops, usually to be restarted or replaced: the client is allowed to reconnect and
    // reaches the next instance through its own retry policy, which spaces its attempts out.
    if (conn.handshaken) conn.send(CLOSE_TO_RECONNECT);
    conn.socket.close(1000);
  });
}

function unauthorized(): NegotiateResult {
  return { statusCode: 401, headers: { 'www-authenticate': 'Bearer' } };
}

function rejectUpgrade(socket: Duplex, statusCode: number): void {
  if (socket.destroyed) return;
  const extra = statusCode === 401 ? 'WWW-Authenticate: Bearer\r\n' : '';
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode] ?? ''}\r\n` +
      'Connection: close\r\nContent-Length: 0\r\n' +
      extra +
      '\r\n',
  );
}
