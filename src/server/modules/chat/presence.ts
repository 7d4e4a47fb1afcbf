import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { raw, sql, tenantCondition } from '../../crud/sql';
import type { HubServer } from '../../realtime';

/** Each instance rewrites its rows this often … */
const PRESENCE_REFRESH_MS = 30_000;
/** … and a row older than this belongs to an instance that is gone: its user counts as offline. */
const PRESENCE_STALE_SECONDS = 90;
/** Rows of instances gone this long are removed by whichever instance refreshes next. */
const PRESENCE_FORGET_SECONDS = 3600;

// Rows are stamped and judged by the database's clock, the one clock every instance shares.
const FRESH = raw(`seen_at > now() - interval '${PRESENCE_STALE_SECONDS} seconds'`);

interface PresenceLogger {
  warn(obj: object, msg: string): void;
}

interface LiveConnection {
  tenantId: number | null;
  userId: number;
}

interface Presence {
  readonly instanceId: string;
  /** Stops refreshing and removes this instance's rows (the hub is closed by then). */
  stop(): Promise<void>;
}

/**
 * Writes this instance's open hub connections to `hub_presence`, so every instance can tell who is online. Writes run
 * one after another: a connection's delete can never overtake its insert. The refresh re-inserts every connection this
 * instance holds, so rows lost to a database hiccup come back by themselves.
 */
export function trackPresence(db: Db, hub: HubServer, logger: PresenceLogger, refreshMs = PRESENCE_REFRESH_MS): Presence {
  const instanceId = randomUUID();
  const live = new Map<string, LiveConnection>();
  let writes: Promise<void> = Promise.resolve();
  let stopped = false;

  const enqueue = (what: string, work: () => Promise<unknown>) => {
    writes = writes.then(work).then(() => undefined, (err: unknown) => logger.warn({ err }, `hub presence: ${what} failed`));
  };

  const upsert = (rows: { c: string; t: number | null; u: number }[]) => db.query(
    `insert into hub_presence (instance_id, connection_id, tenant_id, user_id, seen_at)
     select $1, x.c, x.t, x.u, now() from jsonb_to_recordset($2::jsonb) as x(c text, t integer, u bigint)
     on conflict (instance_id, connection_id) do update set seen_at = excluded.seen_at, tenant_id = excluded.tenant_id, user_id = excluded.user_id`,
    [instanceId, JSON.stringify(rows)]);

  hub.onConnect(({ connectionId, user }) => {
    if (!user || stopped) return;
    live.set(connectionId, { tenantId: user.tenantId, userId: user.userId });
    enqueue('insert', () => upsert([{ c: connectionId, t: user.tenantId, u: user.userId }]));
  });
  hub.onDisconnect(({ connectionId, user }) => {
    if (!user) return;
    live.delete(connectionId);
    enqueue('delete', () => db.query('delete from hub_presence where instance_id = $1 and connection_id = $2', [instanceId, connectionId]));
  });

  const timer = setInterval(() => {
    enqueue('refresh', async () => {
      const rows = [...live].map(([c, { tenantId, userId }]) => ({ c, t: tenantId, u: userId }));
      if (rows.length > 0) await upsert(rows);
      await db.query(`delete from hub_presence where seen_at < now() - interval '${PRESENCE_FORGET_SECONDS} seconds'`);
    });
  }, refreshMs);
  timer.unref();

  return {
    instanceId,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      live.clear();
      enqueue('cleanup', () => db.query('delete from hub_presence where instance_id = $1', [instanceId]));
      await writes;
    },
  };
}

/** Users of the tenant with a fresh connection on any instance. */
export async function onlineUserIds(db: Db, tenantId: number | null): Promise<Set<number>> {
  const rows = await db.query<{ user_id: number }>(
    sql`select distinct p.user_id from hub_presence p where ${tenantCondition('p', tenantId)} and p.${FRESH}`);
  return new Set(rows.map((r) => Number(r.user_id)));
}

/**
 * Is the user connected anywhere? This instance's own registry answers at once (its presence row may still be on its
 * way to the database); other instances are known through their rows.
 */
export async function isUserOnline(db: Db, hub: HubServer | null, tenantId: number | null, userId: number): Promise<boolean> {
  if (hub?.isUserOnline(tenantId, userId)) return true;
  const rows = await db.query(
    sql`select 1 from hub_presence p where ${tenantCondition('p', tenantId)} and p.user_id = ${userId} and p.${FRESH} limit 1`);
  return rows.length > 0;
}
