import type { Db } from '../../db/database';
import type { RequestContext } from '../../http/context';

type HubScope = Pick<RequestContext, 'hub' | 'tenantId'>;

/**
 * Gives the users a new security stamp: every token issued to them before stops working at its next use, and once
 * the transaction commits their live connections close on every instance (a connection outliving its token would go
 * on receiving events). This is the only place a stamp is renewed, so ending tokens always ends connections too.
 */
export async function revokeTokens(ctx: HubScope, tx: Db, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.query('update users set security_stamp = gen_random_uuid()::text where id = any($1::bigint[])', [[...userIds]]);
  reconnectAfterCommit(ctx, tx, userIds);
}

/**
 * Once the transaction commits, closes the users' live connections on every instance. Their clients reconnect and
 * join the groups their roles and enterprises now give them, or are refused when their tokens were revoked.
 */
export function reconnectAfterCommit(ctx: HubScope, tx: Db, userIds: readonly number[]): void {
  if (userIds.length === 0 || !ctx.hub) return;
  const hub = ctx.hub;
  const tenantId = ctx.tenantId;
  tx.onCommit(async () => {
    await Promise.all(userIds.map((id) => hub.closeUserConnections(tenantId, id)));
  });
}
