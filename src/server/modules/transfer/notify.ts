import type { Row } from '../../crud/repository';
import type { Db } from '../../db/database';
import type { RequestContext } from '../../http/context';

/** Users linked to any of the enterprises, in the tenant: the audience of a transfer's pushes. */
async function usersOf(db: Db, tenantId: number | null, enterpriseIds: number[]): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select distinct ue.user_id as id from user_enterprises ue join users u on u.id = ue.user_id
      where ue.enterprise_id = any($1::bigint[]) and u.tenant_id is not distinct from $2 and not u.is_deleted and u.is_active`,
    [enterpriseIds, tenantId]);
  return rows.map((r) => Number(r.id));
}

async function push(ctx: RequestContext, enterpriseIds: number[], target: string, payload: unknown): Promise<void> {
  const hub = ctx.hub;
  if (!hub) return;
  const users = await usersOf(ctx.db, ctx.tenantId, [...new Set(enterpriseIds)]);
  await Promise.all(users.map((userId) => hub.sendToUser(ctx.tenantId, userId, target, payload)));
}

const partiesOfOrder = (order: Row) => [order.producerId, order.transporterId, order.receiverId].map(Number);

/** After a committed move: the users of the order's three enterprises hear of it (and no one else). */
export async function pushOrderChanged(ctx: RequestContext, order: Row, action: string, party: string | null): Promise<void> {
  await push(ctx, partiesOfOrder(order), 'TransferOrderChanged', {
    id: order.id, manifestNo: order.manifestNo, action, party,
    declareStatus: order.declareStatus, dispatchStatus: order.dispatchStatus, signStatus: order.signStatus, version: order.version,
    producerId: order.producerId, transporterId: order.transporterId, receiverId: order.receiverId,
    userName: ctx.session?.userName ?? null,
  });
}

/** After a committed stock move: the users of the enterprises whose stock changed. */
export async function pushInventoryChanged(ctx: RequestContext, enterpriseIds: number[]): Promise<void> {
  if (enterpriseIds.length > 0) await push(ctx, enterpriseIds, 'InventoryChanged', { enterpriseIds: [...new Set(enterpriseIds)] });
}
