import type { Db } from '../db/database';

const MAX_FAILURES_PER_USER = 5;
/** Higher than the per-user limit: the clerks of one office share one public address. */
export const MAX_FAILURES_PER_ADDRESS = 30;
export const LOCKOUT_MINUTES = 5;
/** Failures older than this are forgotten, so typos spread over a day never add up to a lock-out. */
export const FAILURE_WINDOW_MINUTES = 15;

interface ThrottleKeys {
  user: string;
  address: string;
}

/**
 * The counters an attempt is checked against. A known user is counted by id, so guesses by user name and by e-mail
 * address add up; an unknown login by its normalized spelling, so it locks like a real one and cannot be told apart.
 */
export const throttleKeys = (tenantId: number | null, userId: number | null, login: string, address: string): ThrottleKeys => ({
  user: userId === null ? `login:${tenantId ?? 0}:${login.toUpperCase()}` : `user:${tenantId ?? 0}:${userId}`,
  address: `ip:${address}`,
});

// Takes one attempt from a counter, only while it is not locked: the row's lock serialises concurrent attempts, so
// whatever their number, at most `limit` get through before the counter locks. Stale failures and an expired lock
// start the count again. An attempt counts as a failure from here on, until a success settles it.
const RESERVE = `
  insert into login_attempts as a (key, failures, last_failure_time, locked_until)
  values ($1, 1, now(), case when 1 >= $2 then now() + make_interval(mins => $3) end)
  on conflict (key) do update set
    failures = case when a.locked_until <= now() or a.last_failure_time < now() - make_interval(mins => $4) then 1
                    else a.failures + 1 end,
    locked_until = case when (case when a.locked_until <= now() or a.last_failure_time < now() - make_interval(mins => $4) then 1
                                   else a.failures + 1 end) >= $2
                        then now() + make_interval(mins => $3) end,
    last_failure_time = now()
  where a.locked_until is null or a.locked_until <= now() or a.last_failure_time < now() - make_interval(mins => $4)
  returning a.failures`;

class Refused extends Error {}

/**
 * Reserves an attempt on both counters, all or nothing, before the password is checked; false when either is locked.
 * The user's counter is always taken first, so concurrent reservations never wait on each other in a cycle.
 */
export async function reserveAttempt(db: Db, keys: ThrottleKeys): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      for (const [key, limit] of [[keys.user, MAX_FAILURES_PER_USER], [keys.address, MAX_FAILURES_PER_ADDRESS]] as const) {
        const rows = await tx.query(RESERVE, [key, limit, LOCKOUT_MINUTES, FAILURE_WINDOW_MINUTES]);
        if (rows.length === 0) throw new Refused();
      }
    });
    return true;
  } catch (error) {
    if (error instanceof Refused) return false;
    throw error;
  }
}

/** Minutes until the later of the keys' locks ends (at least 1 while one holds). */
export async function lockedMinutesLeft(db: Db, keys: ThrottleKeys): Promise<number> {
  const rows = await db.query<{ seconds: number }>(
    `select extract(epoch from (max(locked_until) - now()))::float8 as seconds
       from login_attempts where key = any($1) and locked_until > now()`, [[keys.user, keys.address]]);
  const seconds = rows[0]?.seconds;
  return seconds ? Math.ceil(seconds / 60) : 0;
}

/**
 * Settles a reserved attempt whose password was right: the user's failures are forgotten, and the address gets back
 * the attempt it lent (unlocking it when that attempt was the one that locked it).
 */
export async function settleSuccess(db: Db, keys: ThrottleKeys): Promise<void> {
  await db.query('delete from login_attempts where key = $1', [keys.user]);
  await db.query(
    `update login_attempts set failures = greatest(failures - 1, 0),
       locked_until = case when failures - 1 < $2 then null else locked_until end
     where key = $1`, [keys.address, MAX_FAILURES_PER_ADDRESS]);
}
