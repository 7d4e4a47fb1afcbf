import type { Db } from '../../db/database';

/** China Standard Time has no daylight saving: the manifest's day is the clerk's day wherever the server runs. */
const CHINA_OFFSET_MS = 8 * 3600_000;

/** China time now, ISO without offset (`2026-11-21T09:30:00`). */
export const chinaNow = (now = new Date()) => new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19);

export const chinaToday = (now = new Date()) => chinaNow(now).slice(0, 10);

/**
 * The next manifest number of the tenant: `ZY` + the day + a five-digit count of that day (`ZY20261121-00042`).
 * The counter row is locked by its upsert, so concurrent orders get consecutive, distinct numbers.
 */
export async function nextManifestNo(tx: Db, tenantId: number | null, day = chinaToday()): Promise<string> {
  const rows = await tx.query<{ last: number }>(
    `insert into manifest_counter (tenant_key, day, last) values ($1, $2, 1)
     on conflict (tenant_key, day) do update set last = manifest_counter.last + 1 returning last`, [tenantId ?? 0, day]);
  return `ZY${day.replaceAll('-', '')}-${String(rows[0].last).padStart(5, '0')}`;
}
