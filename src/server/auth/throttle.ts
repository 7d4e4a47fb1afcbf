import type { Db } from '../db/database';

export const MAX_FAILURES_PER_USER = 5;
/** Higher than the per-user limit: the clerks of one office share one public address. */
export const MAX_FAILURES_PER_ADDRESS = 30;
export const LOCKOUT_MINUTES = 5;
/** Failures older than this are forgotten, so typos spread over a day never add up to a lock-out. */
export const FAILURE_WINDOW_MINUTES = 15;

export const throttleKeys = (tenantId: number | null, login: string, address: string) => ({
  user: `user:${tenantId ?? 0}:${login.toUpperCase()}`,
  address: `ip:${address}`,
});

/**
 * Login throttling kept in the database so every instance sees the same counts. Keys are per user
 * (`user:<tenant>:<name>`) and per address (`ip:<address>`): either one locked refuses the attempt.
 */
export async function lockedMinutesLeft(db: Db, keys: string[]): Promise<number> {
  const rows = await db.query<{ seconds: number }>(
    `select extract(epoch from (max(locked_until) - now()))::float8 as seconds
       from login_attempts where key = any($1) and locked_until > now()`, [keys]);
  const seconds = rows[0]?.seconds;
  return seconds ? Math.ceil(seconds / 60) : 0;
}

export async function recordFailure(db: Db, keys: { user: string; address: string }): Promise<void> {
  for (const [key, limit] of [[keys.user, MAX_FAILURES_PER_USER], [keys.address, MAX_FAILURES_PER_ADDRESS]] as const) {
    await db.query(
      `insert into login_attempts (key, failures, last_failure_time) values ($1, 1, now())
       on conflict (key) do update set
         failures = case when (login_attempts.locked_until is not null and login_attempts.locked_until <= now())
                            or login_attempts.last_failure_time < now() - make_interval(mins => $4) then 1
                         else login_attempts.failures + 1 end,
         locked_until = case when login_attempts.locked_until is not null and login_attempts.locked_until <= now() then null
                             when login_attempts.last_failure_time < now() - make_interval(mins => $4) then null
                             when login_attempts.failures + 1 >= $2 then now() + make_interval(mins => $3)
                             else login_attempts.locked_until end,
         last_failure_time = now()`,
      [key, limit, LOCKOUT_MINUTES, FAILURE_WINDOW_MINUTES]);
  }
}

export async function clearFailures(db: Db, userKey: string): Promise<void> {
  await db.query('delete from login_attempts where key = $1', [userKey]);
}
