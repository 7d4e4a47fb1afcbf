import {
  CHAT_CONTENT_MAX, CHAT_FILE_OWNER, CHAT_MESSAGE_TYPES, CHAT_PAGE_DEFAULT, CHAT_PAGE_MAX,
  type ChatHistoryPage, type ChatMessageDto, type UnreadCounts,
} from '../../../shared/chat';
import type { ChatMessagePayload, ChatReadPayload } from '../../../shared/live/events';
import { translate } from '../../../shared/locales';
import { and, scopeCondition, sql, tenantCondition } from '../../crud/sql';
import { tenantKey } from '../../db/tenant-key';
import type { Db } from '../../db/database';
import { authorize, type AppServiceRegistry } from '../../http/app-services';
import type { RequestContext } from '../../http/context';
import { errors, type ValidationErrorInfo } from '../../http/errors';
import type { Input } from '../../http/input';
import { recordEvents } from '../events';
import { isUserOnline } from './presence';
import type { TextKey } from '../../../shared/locales';

export const CHAT_ACCESS = { anyOf: ['Pages.ChatLog' as const] };
const SERVICE = 'ChatLog';

/** A message row as every chat read shows it (alias `c` for chat_log, `fu` for the sender). */
export const MESSAGE_SELECT = sql`select c.id, c.from_user_id as "fromUserId", coalesce(nullif(fu.name, ''), fu.user_name) as "fromUserName",
  c.to_user_id as "toUserId", c.content, c.message_type as "messageType", c.file_id as "fileId", c.file_name as "fileName",
  c.is_read as "isRead", c.creation_time as "creationTime", c.read_time as "readTime", c.event_seq as "seq"
  from chat_log c join users fu on fu.id = c.from_user_id`;

/** What a `chat.message` event carries: the message without the API's extras. */
export function messagePayload(message: ChatMessageDto): ChatMessagePayload {
  const { readTime: _readTime, seq: _seq, ...payload } = message;
  return payload;
}

const me = (ctx: RequestContext) => ctx.session!.userId;

/**
 * A user of the caller's tenant, else a 400 naming `member`: another tenant's user is as unknown as no user at all.
 * `usable` also requires the user to be live and active (a recipient); history may concern a user since removed.
 */
async function checkUser(ctx: RequestContext, db: Db, id: number, member: string, usable: boolean): Promise<void> {
  const live = usable ? sql`${scopeCondition('u', ctx.tenantId)} and u.is_active` : tenantCondition('u', ctx.tenantId);
  const rows = await db.query(sql`select 1 from users u where u.id = ${id} and ${live}`);
  if (rows.length === 0) {
    throw errors.invalid(ctx.language, member, translate(ctx.language, usable ? 'chat.recipientInvalid' : 'chat.userInvalid'));
  }
}

interface NewMessage {
  toUserId: number;
  content: string;
  messageType: number;
  fileId: number | null;
}

/** The body of `Create`, every problem of it at once (the recipient and file are checked against the database next). */
function readNewMessage(ctx: RequestContext, input: Input): NewMessage {
  const problems: ValidationErrorInfo[] = [];
  const fail = (member: string, key: TextKey, params: Record<string, string | number> = {}) =>
    problems.push({ message: translate(ctx.language, key, params), members: [member] });
  const toUserId = Number(input.get('toUserId'));
  if (!Number.isSafeInteger(toUserId) || toUserId < 1) fail('toUserId', 'chat.recipientInvalid');
  else if (toUserId === me(ctx)) fail('toUserId', 'chat.recipientSelf');
  const rawType = input.get('messageType') ?? CHAT_MESSAGE_TYPES.text;
  const messageType = Number(rawType);
  if (!Object.values(CHAT_MESSAGE_TYPES).includes(messageType as never)) fail('messageType', 'chat.messageTypeInvalid');
  const rawContent = input.get('content') ?? '';
  const content = typeof rawContent === 'string' ? rawContent : '';
  if (typeof rawContent !== 'string' || content.includes('\u0000')) fail('content', 'validation.pattern', { field: 'content' });
  else if (content.length > CHAT_CONTENT_MAX) fail('content', 'validation.maxLength', { field: 'content', max: CHAT_CONTENT_MAX });
  else if (messageType === CHAT_MESSAGE_TYPES.text && content.trim() === '') fail('content', 'chat.contentRequired');
  let fileId: number | null = null;
  if (messageType === CHAT_MESSAGE_TYPES.image || messageType === CHAT_MESSAGE_TYPES.file) {
    fileId = Number(input.get('fileId'));
    if (!Number.isSafeInteger(fileId) || fileId < 1) fail('fileId', 'chat.fileRequired');
  }
  if (problems.length > 0) throw errors.validation(ctx.language, problems);
  return { toUserId, content: content.trim(), messageType, fileId };
}

/** A chat file the caller uploaded (no one sends a file they could not read themselves); images for image messages. */
async function checkFile(ctx: RequestContext, tx: Db, fileId: number, messageType: number): Promise<{ name: string }> {
  const [file] = await tx.query<{ name: string; content_type: string }>(
    sql`select f.name, f.content_type from stored_files f
      where f.id = ${fileId} and ${scopeCondition('f', ctx.tenantId)}
        and f.resource = ${CHAT_FILE_OWNER} and f.creator_user_id = ${me(ctx)}`);
  if (!file) throw errors.invalid(ctx.language, 'fileId', translate(ctx.language, 'chat.fileInvalid'));
  if (messageType === CHAT_MESSAGE_TYPES.image && !file.content_type.startsWith('image/')) {
    throw errors.invalid(ctx.language, 'fileId', translate(ctx.language, 'chat.notImage', { name: file.name }));
  }
  return { name: file.name };
}

async function readMessage(db: Db, id: number): Promise<ChatMessageDto> {
  const [row] = await db.query<ChatMessageDto>(sql`${MESSAGE_SELECT} where c.id = ${id}`);
  return row;
}

/**
 * Stores a message and its `chat.message` event (to sender and recipient) in one transaction, pushed on commit. A
 * recipient with no connection anywhere gets it when they next connect (delivered_time stays null until then).
 */
async function sendMessage(ctx: RequestContext, input: Input): Promise<ChatMessageDto> {
  const message = readNewMessage(ctx, input);
  return ctx.db.transaction(async (tx) => {
    await checkUser(ctx, tx, message.toUserId, 'toUserId', true);
    const file = message.fileId !== null ? await checkFile(ctx, tx, message.fileId, message.messageType) : null;
    const online = await isUserOnline(tx, ctx.hub, ctx.tenantId, message.toUserId);
    const [{ id }] = await tx.query<{ id: number }>(
      `insert into chat_log (tenant_id, creator_user_id, from_user_id, to_user_id, content, message_type, file_id, file_name, delivered_time)
       values ($1, $2, $2, $3, $4, $5, $6, $7, case when $8::boolean then now() end) returning id`,
      [ctx.tenantId, me(ctx), message.toUserId, message.content, message.messageType, message.fileId, file?.name ?? null, online]);
    const stored = await readMessage(tx, id);
    const [event] = await recordEvents(ctx, tx, [
      { type: 'chat.message', topic: 'chat', userIds: [me(ctx), message.toUserId], payload: messagePayload(stored) },
    ]);
    // After the append, against its "last statement" rule, because the seq exists only now: one update by primary
    // key, while the counter row stays locked until commit anyway.
    await tx.query('update chat_log set event_seq = $1 where id = $2', [event.seq, id]);
    return { ...stored, seq: event.seq };
  });
}

/** One page of the conversation between the caller and `userid`, newest page first, paged backwards by `beforeId`. */
async function history(ctx: RequestContext, input: Input): Promise<ChatHistoryPage> {
  const other = input.requiredInt('userid', { min: 1 });
  const beforeId = input.optionalInt('beforeId', { min: 1 });
  const limit = input.optionalInt('maxResultCount', { min: 1, max: CHAT_PAGE_MAX }) ?? CHAT_PAGE_DEFAULT;
  await checkUser(ctx, ctx.db, other, 'userid', false);
  const [low, high] = [Math.min(me(ctx), other), Math.max(me(ctx), other)];
  const where = [
    scopeCondition('c', ctx.tenantId),
    sql`least(c.from_user_id, c.to_user_id) = ${low}`,
    sql`greatest(c.from_user_id, c.to_user_id) = ${high}`,
  ];
  if (beforeId !== undefined) where.push(sql`c.id < ${beforeId}`);
  const rows = await ctx.db.query<ChatMessageDto>(sql`${MESSAGE_SELECT} where ${and(where)} order by c.id desc limit ${limit + 1}`);
  return { items: rows.slice(0, limit).reverse(), hasMore: rows.length > limit };
}

/**
 * Unread messages addressed to `touserid` by sender, and the event head they were counted at: one statement, one
 * snapshot, so every chat event after `seq` is one the counts do not include yet.
 */
async function unreadCounts(ctx: RequestContext, input: Input): Promise<UnreadCounts> {
  const recipient = input.optionalInt('touserid', { min: 1 }) ?? me(ctx);
  if (recipient !== me(ctx)) {
    authorize(ctx, { anyOf: ['Pages.Users'] });
    await checkUser(ctx, ctx.db, recipient, 'touserid', false);
  }
  const rows = await ctx.db.query<{ head: number; from_user_id: number | null; count: number | null }>(
    sql`select h.head, u.from_user_id, u.count
       from (select coalesce(max(last_seq), 0) as head from live_event_counter where tenant_key = ${tenantKey(ctx.tenantId)}) h
       left join (select c.from_user_id, count(*)::int as count from chat_log c
                   where ${scopeCondition('c', ctx.tenantId)} and c.to_user_id = ${recipient} and not c.is_read
                   group by c.from_user_id) u on true
      order by u.from_user_id`);
  const items = rows.filter((r) => r.from_user_id !== null).map((r) => ({ fromUserId: Number(r.from_user_id), count: Number(r.count) }));
  return { total: items.reduce((sum, i) => sum + i.count, 0), items, seq: Number(rows[0]?.head ?? 0) };
}

/**
 * Marks the messages from `fromUserId` to the caller read (up to `upToId` when given: what the screen has shown) and
 * tells both of them with one `chat.read` event. Nothing unread: no event.
 */
async function markRead(ctx: RequestContext, input: Input): Promise<{ count: number; upToId: number | null; readTime: string | null }> {
  const from = input.requiredInt('fromUserId', { min: 1 });
  const upTo = input.optionalInt('upToId', { min: 1 });
  return ctx.db.transaction(async (tx) => {
    await checkUser(ctx, tx, from, 'fromUserId', false);
    const where = [scopeCondition('c', ctx.tenantId), sql`c.from_user_id = ${from}`, sql`c.to_user_id = ${me(ctx)}`, sql`not c.is_read`];
    if (upTo !== undefined) where.push(sql`c.id <= ${upTo}`);
    const rows = await tx.query<{ id: number; read_time: string }>(
      sql`update chat_log c set is_read = true, read_time = now(), delivered_time = coalesce(c.delivered_time, now())
        where ${and(where)} returning c.id, c.read_time`);
    if (rows.length === 0) return { count: 0, upToId: null, readTime: null };
    const payload: ChatReadPayload = {
      toUserId: me(ctx), fromUserId: from, upToId: Math.max(...rows.map((r) => Number(r.id))), readTime: rows[0].read_time,
    };
    await recordEvents(ctx, tx, [{ type: 'chat.read', topic: 'chat', userIds: [me(ctx), from], payload }]);
    return { count: rows.length, upToId: payload.upToId, readTime: payload.readTime };
  });
}

export function registerMessageMethods(registry: AppServiceRegistry): void {
  registry.add({
    service: SERVICE, method: 'Create', verb: 'POST', access: CHAT_ACCESS, parameters: ['toUserId', 'content', 'messageType', 'fileId'],
    summary: 'Sends a message (0 text, 1 image, 2 file with an uploaded chat file) to a user of the tenant',
    handler: sendMessage,
  });
  registry.add({
    service: SERVICE, method: 'GetChatLogAllByUserid', verb: 'GET', access: CHAT_ACCESS, parameters: ['userid', 'beforeId', 'maxResultCount'],
    summary: 'Conversation with a user: the newest page, or the page before beforeId; items oldest first',
    handler: history,
  });
  registry.add({
    service: SERVICE, method: 'getReadNumByToUserid', verb: 'GET', access: CHAT_ACCESS, parameters: ['touserid'],
    summary: 'Unread messages of a recipient (the caller; anyone of the tenant with Pages.Users) by sender, with the event head',
    handler: unreadCounts,
  });
  registry.add({
    service: SERVICE, method: 'UpdateSatus', verb: 'PUT', access: CHAT_ACCESS, parameters: ['fromUserId', 'upToId'],
    summary: 'Marks the messages a user sent to the caller read',
    handler: markRead,
  });
}
