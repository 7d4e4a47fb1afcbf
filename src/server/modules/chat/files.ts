import { scopeCondition, sql } from '../../crud/sql';
import type { Db } from '../../db/database';

/**
 * Chat attachments are private to a conversation: readable by who uploaded them and by both parties of a message
 * carrying them, not by every holder of Pages.ChatLog.
 */
export async function chatFileReadable(db: Db, tenantId: number | null, userId: number, fileId: number): Promise<boolean> {
  const rows = await db.query(
    sql`select 1 from stored_files f where f.id = ${fileId} and f.creator_user_id = ${userId}
     union all
     select 1 from chat_log c where c.file_id = ${fileId} and ${scopeCondition('c', tenantId)}
        and (c.from_user_id = ${userId} or c.to_user_id = ${userId})
     limit 1`);
  return rows.length > 0;
}
