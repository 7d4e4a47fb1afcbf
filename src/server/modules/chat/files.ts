import { Params, scopeCondition } from '../../crud/sql';
import type { Db } from '../../db/database';

/**
 * Chat attachments are private to a conversation: readable by who uploaded them and by both parties of a message
 * carrying them, not by every holder of Pages.ChatLog.
 */
export async function chatFileReadable(db: Db, tenantId: number | null, userId: number, fileId: number): Promise<boolean> {
  const params = new Params();
  const file = params.add(fileId);
  const user = params.add(userId);
  const rows = await db.query(
    `select 1 from stored_files f where f.id = ${file} and f.creator_user_id = ${user}
     union all
     select 1 from chat_log c where c.file_id = ${file} and ${scopeCondition('c', tenantId, params)}
        and (c.from_user_id = ${user} or c.to_user_id = ${user})
     limit 1`, params.values);
  return rows.length > 0;
}
