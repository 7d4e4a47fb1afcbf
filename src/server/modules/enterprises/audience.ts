import type { Db } from '../../db/database';
import type { RequestContext } from '../../http/context';

/** Active users of the tenant linked to any of the enterprises. */
async function usersOf(db: Db, tenantId: number | null, enterpriseIds: number[]): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select distinct ue.user_id as id from user_enterprises ue join users u on u.id = ue.user_id
      where ue.enterprise_id = any($1::bigint[]) and u.tenant_id is not distinct from $2 and not u.is_deleted and u.is_active`,
    [enterpriseIds, tenantId]);
  return rows.map((r) => Number(r.id));
}

/** Pushes one hub event to the users who work for the enterprises, and to no one else. */
export async function pushToEnterprises(ctx: RequestContext, enterpriseIds: number[], target: string, payload: unknown): Promise<void> {
  const hub = ctx.hub;
  if (!hub || enterpriseIds.length === 0) return;
  const users = await usersOf(ctx.db, ctx.tenantId, [...new Set(enterpriseIds)]);
  await Promise.all(users.map((userId) => hub.sendToUser(ctx.tenantId, userId, target, payload)));
}

/** After a committed stock move: the users of the enterprises whose stock changed. */
export const pushInventoryChanged = (ctx: RequestContext, enterpriseIds: number[]) =>
  pushToEnterprises(ctx, enterpriseIds, 'InventoryChanged', { enterpriseIds: [...new Set(enterpriseIds)] });
