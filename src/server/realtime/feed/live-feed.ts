import { STREAM_TOPIC, type EventTopic, type LiveStream } from '../../../shared/live/events';
import { Backlog } from './backlog';
import { conflate } from './conflation';
import { prepareEvent, type AddressedEvent, type FeedAudience, type FeedOutlet, type PreparedEvent } from './event';
import { frameMessage } from './frame';
import { ReorderBuffer, type ReorderSettings } from './reorder';

export interface FeedSettings extends ReorderSettings {
  /** A connection with more than this waiting in its socket gets no frame until it drains. */
  maxBufferedBytes: number;
  /** A backlog holding more events that cannot be conflated is dropped for a declared gap. */
  maxBacklogEvents: number;
  /**
   * A connection whose streams were quiet this long gets an empty frame bringing it to the tenant's latest seq: its
   * log's coverage stays close, so a catch-up after a gap reads little.
   */
  idleFrameMs: number;
}

export class StreamRefusedError extends Error {
  constructor(readonly stream: string) {
    super(`The live stream '${stream}' is not allowed for this user.`);
  }
}

interface Subscriber {
  userId: number;
  topics: ReadonlySet<EventTopic>;
  enterpriseIds: ReadonlySet<number> | null;
  streams: Set<LiveStream>;
  /** Identical for connections that see exactly the same events (bar those addressed to their user). */
  view: string;
  /** The end of the last frame it was sent (null: none yet, its first frame starts where the tenant's next does). */
  sentUpTo: number | null;
  lastSentAt: number;
  backlog: Backlog | null;
  outlet: FeedOutlet;
}

interface TenantFeed {
  buffer: ReorderBuffer<PreparedEvent>;
  subscribers: Set<Subscriber>;
}

const viewOf = (s: Pick<Subscriber, 'topics' | 'enterpriseIds' | 'streams'>) =>
  `${[...s.topics].sort().join(',')}|${s.enterpriseIds ? [...s.enterpriseIds].sort((a, b) => a - b).join(',') : '*'}|${[...s.streams].sort().join(',')}`;

function mayView(s: Subscriber, { event, stream }: PreparedEvent): boolean {
  if (event.userIds) return event.userIds.includes(s.userId);
  if (!s.topics.has(event.topic)) return false;
  if (stream !== null && !s.streams.has(stream)) return false;
  return event.enterpriseIds === null || s.enterpriseIds === null || event.enterpriseIds.some((id) => s.enterpriseIds!.has(id));
}

/**
 * Live events to this instance's connections, as frames (shared/live/events `LiveFrame`). Every instance gets every
 * event of a tenant, orders them (ReorderBuffer), and on one timer for all sockets builds, per tenant, one conflated
 * frame per distinct view and range, sent as the same Buffer to every connection that has it. Only connections with
 * events addressed to their user, or a backlog, get frames of their own.
 */
export class LiveFeed {
  private readonly tenants = new Map<number, TenantFeed>();
  private readonly subscribers = new Map<string, { tenant: TenantFeed; subscriber: Subscriber }>();

  constructor(private readonly settings: FeedSettings, private readonly now: () => number = Date.now) {}

  /** A connection joins, subscribed to nothing but the events addressed to its user. */
  add(connectionId: string, tenantKey: number, userId: number, audience: FeedAudience, outlet: FeedOutlet): void {
    const tenant = this.tenantOf(tenantKey);
    const subscriber: Subscriber = {
      userId, topics: new Set(audience.topics),
      enterpriseIds: audience.enterpriseIds === null ? null : new Set(audience.enterpriseIds),
      streams: new Set(), view: '', sentUpTo: tenant.buffer.releasedUpTo, lastSentAt: this.now(), backlog: null, outlet,
    };
    subscriber.view = viewOf(subscriber);
    tenant.subscribers.add(subscriber);
    this.subscribers.set(connectionId, { tenant, subscriber });
  }

  remove(connectionId: string): void {
    const entry = this.subscribers.get(connectionId);
    if (!entry) return;
    entry.tenant.subscribers.delete(entry.subscriber);
    this.subscribers.delete(connectionId);
  }

  /** Adds streams (all or none: one the audience does not allow throws StreamRefusedError); returns those now held. */
  subscribe(connectionId: string, streams: readonly LiveStream[]): LiveStream[] {
    const subscriber = this.subscriberOf(connectionId);
    const refused = streams.find((stream) => !subscriber.topics.has(STREAM_TOPIC[stream]));
    if (refused !== undefined) throw new StreamRefusedError(refused);
    for (const stream of streams) subscriber.streams.add(stream);
    subscriber.view = viewOf(subscriber);
    return [...subscriber.streams].sort();
  }

  unsubscribe(connectionId: string, streams: readonly LiveStream[]): LiveStream[] {
    const subscriber = this.subscriberOf(connectionId);
    for (const stream of streams) subscriber.streams.delete(stream);
    subscriber.view = viewOf(subscriber);
    return [...subscriber.streams].sort();
  }

  /** Committed events of a tenant, from this instance or another, in any order. */
  accept(tenantKey: number, events: readonly AddressedEvent[]): void {
    const tenant = this.tenantOf(tenantKey);
    const now = this.now();
    for (const event of events) tenant.buffer.add(prepareEvent(event), now);
  }

  /** Sends what is due: called by one timer for all connections. Answers the number of frames sent. */
  flush(): number {
    const now = this.now();
    let sent = 0;
    for (const tenant of this.tenants.values()) {
      const release = tenant.buffer.release(now);
      sent += release ? this.sendRelease(tenant, release.events, release.upTo, release.holeUpTo, now) : this.drainBacklogs(tenant, now);
    }
    return sent;
  }

  private sendRelease(tenant: TenantFeed, events: PreparedEvent[], upTo: number, holeUpTo: number, now: number): number {
    let sent = 0;
    const addressed = new Set(events.flatMap((e) => e.event.userIds ?? []));
    const shared = new Map<string, Buffer | null>();
    const empty = new Map<number, Buffer>();
    for (const s of tenant.subscribers) {
      // A connection that joined before the tenant's first release here starts where that release does.
      s.sentUpTo ??= events[0].seq - 1;
      // Never claim a seq given up: the client learns of the gap from `after`.
      const after = Math.max(s.sentUpTo, holeUpTo);
      const own = (e: PreparedEvent) => e.seq > after && mayView(s, e);
      if (s.backlog || addressed.has(s.userId) || this.isSlow(s)) {
        s.backlog ??= new Backlog(after, after, this.settings.maxBacklogEvents);
        s.backlog.declareGap(holeUpTo);
        s.backlog.add(conflate(events.filter(own)), upTo);
        sent += this.sendBacklog(s, now);
        continue;
      }
      const key = `${after}|${s.view}`;
      let frame = shared.get(key);
      if (frame === undefined) {
        const visible = conflate(events.filter(own));
        frame = visible.length > 0 ? frameMessage(after, upTo, visible) : null;
        shared.set(key, frame);
      }
      // Nothing for it: no frame (its next one starts where this one would have, the range held nothing it sees),
      // unless it has had none for a while.
      if (frame === null) {
        if (now - s.lastSentAt < this.settings.idleFrameMs) continue;
        frame = empty.get(after) ?? frameMessage(after, upTo, []);
        empty.set(after, frame);
      }
      s.outlet.send(frame);
      s.sentUpTo = upTo;
      s.lastSentAt = now;
      sent += 1;
    }
    return sent;
  }

  private drainBacklogs(tenant: TenantFeed, now: number): number {
    let sent = 0;
    for (const s of tenant.subscribers) if (s.backlog) sent += this.sendBacklog(s, now);
    return sent;
  }

  private sendBacklog(s: Subscriber, now: number): number {
    if (!s.backlog || this.isSlow(s)) return 0;
    const { after, upTo, events } = s.backlog.frame();
    s.backlog = null;
    if (events.length === 0 && after === s.sentUpTo && now - s.lastSentAt < this.settings.idleFrameMs) return 0;
    s.outlet.send(frameMessage(after, upTo, events));
    s.sentUpTo = upTo;
    s.lastSentAt = now;
    return 1;
  }

  private isSlow(s: Subscriber): boolean {
    return s.outlet.bufferedAmount > this.settings.maxBufferedBytes;
  }

  private tenantOf(tenantKey: number): TenantFeed {
    let tenant = this.tenants.get(tenantKey);
    if (!tenant) {
      tenant = { buffer: new ReorderBuffer<PreparedEvent>(this.settings), subscribers: new Set() };
      this.tenants.set(tenantKey, tenant);
    }
    return tenant;
  }

  private subscriberOf(connectionId: string): Subscriber {
    const entry = this.subscribers.get(connectionId);
    if (!entry) throw new Error(`connection ${connectionId} is not on the live feed`);
    return entry.subscriber;
  }
}
