// Cross-instance delivery of hub events. Each envelope carries its audience
// (scope) rather than a socket list, because only the instance that holds a socket
// knows it; every instance resolves the scope against its own local connections.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { isRecord } from '../../shared/json';
import type { AddressedEvent } from './feed/event';

export type FanoutScope =
  | { kind: 'user'; tenantId: number | null; userId: number }
  /** The user's connections opened with access tokens exchanged for one display token. */
  | { kind: 'display'; tenantId: number | null; userId: number; displayTokenId: number }
  | { kind: 'tenant'; tenantId: number | null }
  | { kind: 'group'; group: string }
  /** Every connection in any of the groups, once each however many of them it is in. */
  | { kind: 'groups'; groups: string[] }
  | { kind: 'all' };

export interface FanoutEnvelope {
  scope: FanoutScope;
  target: string;
  arguments: unknown[];
}

/**
 * An order to the instances rather than a message to clients: close the scope's connections (with a SignalR Close
 * that allows reconnecting), so they come back with what their user may now see, or are refused.
 */
interface FanoutControl {
  scope: FanoutScope;
  control: 'close';
}

/**
 * Committed live events of a tenant with their audience: every instance gets all of them, orders them and resolves
 * who may see each against its own connections (the frames need the tenant's whole sequence).
 */
export interface FanoutEvents {
  tenantKey: number;
  events: AddressedEvent[];
}

type FanoutMessage = FanoutEnvelope | FanoutControl | FanoutEvents;

export const isControl = (message: FanoutMessage): message is FanoutControl => 'control' in message;
export const isEvents = (message: FanoutMessage): message is FanoutEvents => 'events' in message;

type LocalDelivery = (message: FanoutMessage) => void;

export interface Fanout {
  /** Delivers to this instance's sockets and to every other instance's, each once. */
  publish(message: FanoutMessage): Promise<void>;
  close(): Promise<void>;
}

interface FanoutLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface FanoutOptions {
  redisUrl?: string;
  channelPrefix: string;
  deliverLocal: LocalDelivery;
  logger: FanoutLogger;
}

/** Single-instance deployments and tests: nothing to cross. */
class InProcessFanout implements Fanout {
  constructor(private readonly deliverLocal: LocalDelivery) {}

  async publish(message: FanoutMessage): Promise<void> {
    this.deliverLocal(message);
  }

  async close(): Promise<void> {}
}

/** `origin` lets the publisher skip its own echo: it already delivered locally. */
type WireEnvelope = FanoutMessage & { origin: string };

function isScope(value: unknown): value is FanoutScope {
  if (!isRecord(value)) return false;
  const scope = value;
  const tenantOk = scope.tenantId === null || typeof scope.tenantId === 'number';
  switch (scope.kind) {
    case 'user':
      return tenantOk && typeof scope.userId === 'number';
    case 'display':
      return tenantOk && typeof scope.userId === 'number' && typeof scope.displayTokenId === 'number';
    case 'tenant':
      return tenantOk;
    case 'group':
      return typeof scope.group === 'string';
    case 'groups':
      return Array.isArray(scope.groups) && scope.groups.every((g) => typeof g === 'string');
    case 'all':
      return true;
    default:
      return false;
  }
}

function isAddressedEvent(value: unknown): value is AddressedEvent {
  return isRecord(value) && typeof value.seq === 'number' && typeof value.type === 'string' && typeof value.topic === 'string'
    && (value.userIds === null || Array.isArray(value.userIds)) && (value.enterpriseIds === null || Array.isArray(value.enterpriseIds));
}

function parseWireEnvelope(text: string): WireEnvelope | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(raw)) return null;
  const obj = raw;
  if (typeof obj.origin !== 'string') return null;
  if (Array.isArray(obj.events)) {
    if (typeof obj.tenantKey !== 'number' || !obj.events.every(isAddressedEvent)) return null;
    return { origin: obj.origin, tenantKey: obj.tenantKey, events: obj.events };
  }
  if (!isScope(obj.scope)) return null;
  if (obj.control === 'close') return { origin: obj.origin, scope: obj.scope, control: 'close' };
  if (typeof obj.target !== 'string' || !Array.isArray(obj.arguments)) return null;
  return { origin: obj.origin, scope: obj.scope, target: obj.target, arguments: obj.arguments };
}

/**
 * Redis pub/sub backplane. Delivery to local sockets happens synchronously on
 * publish (no round trip, and it still works while Redis is briefly unreachable);
 * other instances get it through the channel.
 */
class RedisFanout implements Fanout {
  private readonly instanceId = randomUUID();
  private readonly channel: string;
  private closed = false;

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    channelPrefix: string,
    private readonly deliverLocal: LocalDelivery,
    private readonly logger: FanoutLogger,
  ) {
    this.channel = `${channelPrefix}:fanout`;
  }

  static async create(options: Required<Omit<FanoutOptions, 'redisUrl'>> & { redisUrl: string }): Promise<RedisFanout> {
    // A subscribed ioredis connection cannot issue PUBLISH, hence two connections.
    // No offline queue for publishing: a realtime event held until Redis returns is
    // stale, and sendTo* callers should fail fast instead of waiting on retries.
    let started = false;
    // Startup fails fast (registerHub rejects); once running, ioredis's usual back-off
    // rides out Redis restarts.
    const retryStrategy = (attempt: number): number | null => (started ? Math.min(attempt * 50, 2000) : null);
    // Named so operators (and tests) can tell the hub's connections apart in CLIENT LIST.
    const publisher = new Redis(options.redisUrl, {
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy,
      connectionName: `${options.channelPrefix}:pub`,
    });
    const subscriber = new Redis(options.redisUrl, {
      lazyConnect: true,
      retryStrategy,
      connectionName: `${options.channelPrefix}:sub`,
    });
    const fanout = new RedisFanout(publisher, subscriber, options.channelPrefix, options.deliverLocal, options.logger);
    let lastError: Error | undefined;
    for (const client of [publisher, subscriber]) {
      // Without a listener ioredis errors would be unhandled and crash the process;
      // ioredis reconnects on its own.
      client.on('error', (err: Error) => {
        lastError = err;
        options.logger.warn({ err }, 'hub fan-out redis error');
      });
    }
    try {
      await Promise.all([publisher.connect(), subscriber.connect()]);
      subscriber.on('message', (channel: string, text: string) => fanout.onMessage(channel, text));
      // Resolve only once subscribed, so nothing published right after startup is missed.
      await subscriber.subscribe(fanout.channel);
      started = true;
    } catch (err) {
      // A client that already failed has ended on its own; disconnecting it again
      // would leave an ioredis timer running for no socket.
      for (const client of [publisher, subscriber]) {
        if (client.status !== 'end') client.disconnect();
      }
      // ioredis rejects with a bare "Connection is closed."; the socket error says why.
      const reason = lastError ?? (err instanceof Error ? err : new Error(String(err)));
      throw new Error(`Hub fan-out could not connect to Redis: ${reason.message}`, { cause: err });
    }
    return fanout;
  }

  async publish(message: FanoutMessage): Promise<void> {
    this.deliverLocal(message);
    if (this.closed) return;
    const wire: WireEnvelope = { origin: this.instanceId, ...message };
    await this.publisher.publish(this.channel, JSON.stringify(wire));
  }

  private onMessage(channel: string, text: string): void {
    if (channel !== this.channel || this.closed) return;
    const envelope = parseWireEnvelope(text);
    if (!envelope) {
      this.logger.warn({ channel }, 'hub fan-out: ignoring malformed message');
      return;
    }
    if (envelope.origin === this.instanceId) return;
    const { origin: _origin, ...message } = envelope;
    try {
      this.deliverLocal(message);
    } catch (err) {
      this.logger.error({ err }, 'hub fan-out: local delivery failed');
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(
      [this.publisher, this.subscriber].map(async (client) => {
        try {
          await client.quit();
        } catch {
          // Already disconnected (e.g. Redis went away): nothing left to release gracefully.
          client.disconnect();
        }
      }),
    );
  }
}

export async function createFanout(options: FanoutOptions): Promise<Fanout> {
  if (options.redisUrl) {
    return RedisFanout.create({ ...options, redisUrl: options.redisUrl });
  }
  return new InProcessFanout(options.deliverLocal);
}
