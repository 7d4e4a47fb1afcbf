import type { CalendarDate } from '../../../shared/time';
import type { Db } from '../../db/database';

/**
 * The next manifest number of the tenant for `day`, a day of the tenant's calendar (the day the order is declared):
 * `ZY` + the day + a five-digit count of that day (`ZY20261121-00042`). The counter row is locked by its upsert, so
 * concurrent orders get consecutive, distinct numbers.
 */
export async function nextManifestNo(tx: Db, tenantId: number | null, day: CalendarDate): Promise<string> {
  const rows = await tx.query<{ last: number }>(
    `insert into manifest_counter (tenant_key, day, last) values ($1, $2, 1)
     on conflict (tenant_key, day) do update set last = manifest_counter.last + 1 returning last`, [tenantId ?? 0, day]);
  return `ZY${day.replaceAll('-', '')}-${String(rows[0].last).padStart(5, '0')}`;
}
