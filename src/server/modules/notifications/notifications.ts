import type { NoticePayload } from '../../../shared/live/events';
import type { Db } from '../../db/database';
import type { HubServer } from '../../realtime';
import { recordEvents, tenantWriter } from '../events';
import type { AppServiceRegistry } from '../../http/app-services';
import type { ServiceContext } from '../../crud/engine';

/** `category`: what produced it, for the client to single out (contract-expiry reminders); null for plain notices. */
export type NoticeItem = NoticePayload;

/** Files notices that follow from data (a contract nearing expiry) just before the caller reads theirs. */
type NoticeSource = (ctx: ServiceContext) => Promise<void>;

const COLUMNS = `id, type, category, title, description, is_read as "isRead", creation_time as "creationTime"`;

/**
 * Stores a notice for one user with its `notice.created` live event, addressed to that user alone, in one
 * transaction (`db` may already be one). Other modules call this.
 */
export async function notifyUser(
  db: Db, hub: HubServer | null, tenantId: number | null, userId: number,
  notice: { type: NoticeItem['type']; title: string; description: string },
): Promise<NoticeItem> {
  return db.transaction(async (tx) => {
    const [item] = await tx.query<NoticeItem>(
      `insert into notifications (tenant_id, user_id, type, title, description) values ($1, $2, $3, $4, $5) returning ${COLUMNS}`,
      [tenantId, userId, notice.type, notice.title, notice.description]);
    await recordEvents(await tenantWriter(hub, tx, tenantId), tx, [{ type: 'notice.created', topic: 'notice', userIds: [userId], payload: item }]);
    return item;
  });
}

export function registerNotifications(registry: AppServiceRegistry, sources: readonly NoticeSource[] = []): void {
  const service = 'Notification';
  registry.add({
    service, method: 'GetUserNotifications', verb: 'GET', access: 'user', parameters: ['MaxResultCount', 'Type'],
    summary: 'The caller\'s notices, newest first, with the unread count',
    async handler(ctx, input) {
      const limit = input.optionalInt('MaxResultCount', { min: 1, max: 200 }) ?? 50;
      const userId = ctx.session!.userId;
      for (const source of sources) await source(ctx);
      const items = await ctx.db.query<NoticeItem>(
        `select ${COLUMNS} from notifications where user_id = $1 order by creation_time desc, id desc limit $2`, [userId, limit]);
      const [counts] = await ctx.db.query<{ total: number; unread: number }>(
        `select count(*)::int as total, count(*) filter (where not is_read)::int as unread from notifications where user_id = $1`, [userId]);
      return { totalCount: counts.total, unreadCount: counts.unread, items };
    },
  });
  registry.add({
    service, method: 'MarkAsRead', verb: 'POST', access: 'user', parameters: ['id'],
    async handler(ctx, input) {
      await ctx.db.query('update notifications set is_read = true, read_time = now() where id = $1 and user_id = $2',
        [input.requiredInt('id', { min: 1 }), ctx.session!.userId]);
      return null;
    },
  });
  registry.add({
    service, method: 'MarkAllAsRead', verb: 'POST', access: 'user', parameters: ['type'],
    async handler(ctx, input) {
      const type = input.optionalInt('type', { min: 0, max: 2 });
      await ctx.db.query(`update notifications set is_read = true, read_time = now()
          where user_id = $1 and not is_read and ($2::int is null or type = $2)`, [ctx.session!.userId, type ?? null]);
      return null;
    },
  });
}
