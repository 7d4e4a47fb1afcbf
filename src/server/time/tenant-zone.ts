import { DEFAULT_TIME_ZONE } from '../../shared/time';
import type { Db } from '../db/database';

/** The zone of a tenant's calendar; the host keeps China's. */
export async function zoneOfTenant(db: Db, tenantId: number | null): Promise<string> {
  if (tenantId === null) return DEFAULT_TIME_ZONE;
  const rows = await db.query<{ time_zone: string }>('select time_zone from tenants where id = $1', [tenantId]);
  return rows[0]?.time_zone ?? DEFAULT_TIME_ZONE;
}
