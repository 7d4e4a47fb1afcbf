// Failed device keys, counted per client address like failed logins. Device keys have 256 bits, so the lock is not
// what keeps them safe; it stops an address from having keys checked at machine speed. A right key is never slowed:
// while an address is locked, the keys that already worked from it are still looked at (the stations and machines
// behind the same address go on), any other key is refused unchecked until the lock ends.
import type { Db } from '../db/database';
import { instantText } from '../time';
import { FAILURE_WINDOW_MINUTES, LOCKOUT_MINUTES, MAX_FAILURES_PER_ADDRESS } from './throttle';

/** How often a key's last success from an address is written again: often enough to date it, not on every request. */
const SUCCESS_REFRESH_MINUTES = 1;

/** Minutes left of the address's lock when the key may not be looked at now; null when it may. */
export async function deviceKeyRefusal(db: Db, address: string, keyHash: string, now: number): Promise<number | null> {
  const rows = await db.query<{ seconds: number; known: boolean }>(
    `select extract(epoch from (f.locked_until - $2::timestamptz))::float8 as seconds,
            exists (select 1 from device_key_successes s where s.address = f.address and s.key_hash = $3) as known
       from device_key_failures f where f.address = $1 and f.locked_until > $2::timestamptz`, [address, instantText(now), keyHash]);
  const row = rows[0];
  if (!row || row.known) return null;
  return Math.max(1, Math.ceil(row.seconds / 60));
}

/**
 * Counts a wrong key from the address: failures older than the window, or from before an ended lock, start the count
 * again; the one that reaches the limit locks the address. A locked address's count stands still.
 */
export async function recordDeviceKeyFailure(db: Db, address: string, now: number): Promise<void> {
  const fresh = `(f.locked_until <= $2::timestamptz or f.last_failure_time < $2::timestamptz - make_interval(mins => $5))`;
  await db.query(
    `insert into device_key_failures as f (address, failures, last_failure_time, locked_until)
     values ($1, 1, $2::timestamptz, case when 1 >= $3 then $2::timestamptz + make_interval(mins => $4) end)
     on conflict (address) do update set
       failures = case when ${fresh} then 1 else f.failures + 1 end,
       locked_until = case when (case when ${fresh} then 1 else f.failures + 1 end) >= $3
                           then $2::timestamptz + make_interval(mins => $4) end,
       last_failure_time = $2::timestamptz
     where f.locked_until is null or f.locked_until <= $2::timestamptz`,
    [address, instantText(now), MAX_FAILURES_PER_ADDRESS, LOCKOUT_MINUTES, FAILURE_WINDOW_MINUTES]);
}

/** Remembers that the key worked from the address, so a lock of the address never stops it. */
export async function recordDeviceKeySuccess(db: Db, address: string, keyHash: string, now: number): Promise<void> {
  await db.query(
    `insert into device_key_successes as s (address, key_hash, last_success_time) values ($1, $2, $3::timestamptz)
     on conflict (address, key_hash) do update set last_success_time = excluded.last_success_time
     where s.last_success_time < excluded.last_success_time - make_interval(mins => $4)`,
    [address, keyHash, instantText(now), SUCCESS_REFRESH_MINUTES]);
}
