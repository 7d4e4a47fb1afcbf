import type { ChatMessageDto } from '../../../shared/chat';
import { CHAT_TARGET, type ChatMessagePayload, type LiveEvent } from '../../../shared/live/events';
import { scopeCondition, sql } from '../../crud/sql';
import type { Db } from '../../db/database';
import type { HubContext, HubServer } from '../../realtime';
import { onTenantClock, zoneOfTenant } from '../../time';
import { MESSAGE_SELECT, messagePayload } from './messages';

/** Messages per pushed batch when a long-offline user connects. */
const DELIVERY_BATCH = 200;

/** A group holding one connection only: the hub has no "send to this connection", but a group of one is that. */
const connectionGroup = (connectionId: string) => `chat:conn:${connectionId}`;

/**
 * Claims the messages waiting for the user (marks them delivered, so a second connection opening at the same moment
 * does not get them again) and pushes them to this connection as `chat.message` events under their original seq,
 * their times on the tenant's clock as every event reaches clients.
 */
export async function deliverWaiting(db: Db, hub: HubServer, { connectionId, user }: HubContext): Promise<number> {
  if (!user) return 0;
  const claimed = await db.query<{ id: number }>(
    sql`update chat_log c set delivered_time = now()
      where c.to_user_id = ${user.userId} and ${scopeCondition('c', user.tenantId)}
        and c.delivered_time is null and c.event_seq is not null
      returning c.id`);
  if (claimed.length === 0) return 0;
  const rows = await db.query<ChatMessageDto>(sql`${MESSAGE_SELECT} where c.id = any(${claimed.map((r) => Number(r.id))}::bigint[]) order by c.event_seq`);
  const stored: LiveEvent<ChatMessagePayload>[] = rows.map((row) => ({
    seq: Number(row.seq), type: 'chat.message', at: row.creationTime, enterpriseIds: null, payload: messagePayload(row),
  }));
  const events = onTenantClock(stored, await zoneOfTenant(db, user.tenantId));
  const group = connectionGroup(connectionId);
  hub.addToGroup(connectionId, group);
  for (let i = 0; i < events.length; i += DELIVERY_BATCH) await hub.sendToGroup(group, CHAT_TARGET, events.slice(i, i + DELIVERY_BATCH));
  return events.length;
}
