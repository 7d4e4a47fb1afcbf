import type { EventTopic, LiveEvent, LiveEventType } from '../../../shared/live/events';
import { hotStatement, type Db } from '../../db/database';
import { tenantKey } from '../../db/tenant-key';
import { sql, type Sql } from '../../crud/sql';
import { instantText, instantValue, onTenantClock, type InstantText } from '../../time';
import type { AddressedEvent } from '../../realtime';

export interface NewEvent {
  type: LiveEventType;
  topic: EventTopic;
  /** Enterprises concerned; null or omitted: the whole tenant. */
  enterpriseIds?: number[] | null;
  /** Only these users (chat); overrides topic and enterprises. */
  userIds?: number[] | null;
  payload: unknown;
}

/** An event as written, with its audience (the hub and the catch-up query need it; clients get `LiveEvent`). */
export type StoredEvent = AddressedEvent;

const idList = (ids: number[] | null | undefined) => (ids && ids.length > 0 ? [...new Set(ids.map(Number))] : null);

/**
 * Takes `$2` seqs from the tenant's counter and writes the events under them, in one round trip: `$3` holds the events
 * in order, the n-th getting the n-th seq of the range. Answers the range's last seq and the time the events carry,
 * to the millisecond as the column keeps it: the push and every later read of an event say the same instant.
 */
const APPEND_EVENTS = hotStatement('events.append',
  `with taken as (
     insert into live_event_counter (tenant_key, last_seq) values ($1, $2)
     on conflict (tenant_key) do update set last_seq = live_event_counter.last_seq + excluded.last_seq
     returning last_seq, now()::timestamptz(3) as at
   ), written as (
     insert into live_events (tenant_key, seq, type, topic, enterprise_ids, user_ids, payload, created_at)
     select $1, t.last_seq - $2 + e.n, e.v->>'type', e.v->>'topic',
            case when jsonb_typeof(e.v->'enterpriseIds') = 'array' then array(select jsonb_array_elements_text(e.v->'enterpriseIds')::bigint) end,
            case when jsonb_typeof(e.v->'userIds') = 'array' then array(select jsonb_array_elements_text(e.v->'userIds')::bigint) end,
            e.v->'payload', t.at
       from taken t, jsonb_array_elements($3::jsonb) with ordinality as e(v, n)
   )
   select last_seq, at from taken`);

/**
 * Appends events with the tenant's next sequence numbers. Call it last in the write transaction: the counter row
 * stays locked until commit, so transactions commit in seq order and a reader that sees seq N has seen all before it.
 */
export async function appendEvents(tx: Db, tenantId: number | null, events: readonly NewEvent[], zone: string): Promise<StoredEvent[]> {
  if (events.length === 0) return [];
  // Written as clients read them, on the tenant's clock: the log, the frames and every catch-up say the same.
  const addressed = events.map((e) => ({
    type: e.type, topic: e.topic, enterpriseIds: e.userIds ? null : idList(e.enterpriseIds), userIds: idList(e.userIds),
    payload: onTenantClock(e.payload, zone),
  }));
  const [{ last_seq: last, at }] = await tx.query<{ last_seq: number; at: string }>(
    APPEND_EVENTS, [tenantKey(tenantId), events.length, JSON.stringify(addressed)]);
  const first = Number(last) - events.length + 1;
  const stamped = onTenantClock(at, zone);
  return addressed.map(({ type, topic, ...audience }, i) => ({ seq: first + i, type, topic, at: stamped, ...audience }));
}

/** The tenant's latest seq (0 before its first event). */
export async function headOf(db: Db, tenantId: number | null): Promise<number> {
  const rows = await db.query<{ last_seq: number }>('select last_seq from live_event_counter where tenant_key = $1', [tenantKey(tenantId)]);
  return rows.length > 0 ? Number(rows[0].last_seq) : 0;
}

export interface Viewer {
  userId: number;
  topics: EventTopic[];
  /** null: not linked to any enterprise, sees the whole tenant. */
  enterpriseIds: readonly number[] | null;
}

interface EventRow {
  seq: number;
  type: LiveEventType;
  at: string;
  enterprise_ids: number[] | null;
  payload: unknown;
}

/**
 * The one rule of who sees an event: an addressed event its users; any other event whoever holds its topic, when it
 * concerns the whole tenant or one of the viewer's enterprises (a viewer linked to none sees them all).
 */
function visibleTo(viewer: Viewer): Sql {
  const enterprises = viewer.enterpriseIds ? [...viewer.enterpriseIds] : null;
  return sql`case when user_ids is not null then ${viewer.userId}::bigint = any(user_ids)
    else topic = any(${viewer.topics}::text[]) and (enterprise_ids is null or ${enterprises}::bigint[] is null or enterprise_ids && ${enterprises}::bigint[]) end`;
}

const toLiveEvent = (r: EventRow): LiveEvent => ({ seq: Number(r.seq), type: r.type, at: r.at, enterpriseIds: r.enterprise_ids, payload: r.payload });

/** The viewer's events after `after`, oldest first, at most `limit` (one more is read to tell whether more remain). */
export async function eventsAfter(db: Db, tenantId: number | null, viewer: Viewer, after: number, limit: number): Promise<{ items: LiveEvent[]; hasMore: boolean }> {
  const rows = await db.query<EventRow>(
    sql`select seq, type, created_at as at, enterprise_ids, payload from live_events
      where tenant_key = ${tenantKey(tenantId)} and seq > ${after} and ${visibleTo(viewer)}
      order by seq limit ${limit + 1}`);
  return { items: rows.slice(0, limit).map(toLiveEvent), hasMore: rows.length > limit };
}

/** The viewer's latest events of `types` up to seq `upTo`, newest first, at most `limit`. */
export async function latestEvents(db: Db, tenantId: number | null, viewer: Viewer, types: readonly LiveEventType[], upTo: number, limit: number): Promise<LiveEvent[]> {
  const rows = await db.query<EventRow>(
    sql`select seq, type, created_at as at, enterprise_ids, payload from live_events
      where tenant_key = ${tenantKey(tenantId)} and seq <= ${upTo} and type = any(${[...types]}::text[]) and ${visibleTo(viewer)}
      order by seq desc limit ${limit}`);
  return rows.map(toLiveEvent);
}

/** A replay's window: the last `minutes` before `now` (the server's clock), up to seq `upTo`, of these types. */
export interface ReplayWindow {
  minutes: number;
  now: number;
  upTo: number;
  types: readonly LiveEventType[];
}

/**
 * The viewer's events of `types` written in the window's minutes up to seq `upTo`, oldest first, after seq `after`, at
 * most `limit`; with the window's end. Seqs grow with time, so the window's first seq is found by time once (a BRIN
 * index on the write time) and the pages then walk the primary key.
 */
export async function eventsWithin(
  db: Db, tenantId: number | null, viewer: Viewer, window: ReplayWindow, after: number, limit: number,
): Promise<{ items: LiveEvent[]; hasMore: boolean; now: InstantText }> {
  const tk = tenantKey(tenantId);
  const now = instantText(window.now);
  const since = instantValue(window.now - window.minutes * 60_000);
  const [start] = await db.query<{ seq: number | null }>(
    sql`select min(seq) as seq from live_events where tenant_key = ${tk} and created_at >= ${since}`);
  if (start.seq === null) return { items: [], hasMore: false, now };
  const rows = await db.query<EventRow>(
    sql`select seq, type, created_at as at, enterprise_ids, payload from live_events
      where tenant_key = ${tk} and seq >= ${Number(start.seq)} and seq > ${after} and seq <= ${window.upTo} and created_at >= ${since}
        and type = any(${[...window.types]}::text[]) and ${visibleTo(viewer)}
      order by seq limit ${limit + 1}`);
  return { items: rows.slice(0, limit).map(toLiveEvent), hasMore: rows.length > limit, now };
}
