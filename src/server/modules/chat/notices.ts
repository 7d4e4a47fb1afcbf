import { CHAT_CONTENT_MAX, NOTICE_TITLE_MAX, type MsgInfoDto } from '../../../shared/chat';
import type { ChatNoticePayload } from '../../../shared/live/events';
import { translate } from '../../../shared/locales';
import { readPaging } from '../../crud/paging';
import { queryPage, sql, tenantCondition } from '../../crud/sql';
import { authorize, type AppServiceRegistry } from '../../http/app-services';
import type { RequestContext } from '../../http/context';
import { errors, type ValidationErrorInfo } from '../../http/errors';
import type { Input } from '../../http/input';
import { recordEvents } from '../events';
import { CHAT_ACCESS } from './messages';

const SERVICE = 'MsgInfo';
const SELECT = sql`select m.id, m.title, m.content, m.admin_id as "adminId", coalesce(nullif(a.name, ''), a.user_name) as "adminName",
  m.creation_time as "creationTime" from msg_info m join users a on a.id = m.admin_id`;

function readNotice(ctx: RequestContext, input: Input): { title: string; content: string } {
  const problems: ValidationErrorInfo[] = [];
  const text = (name: string, max: number) => {
    const value = input.get(name);
    const trimmed = typeof value === 'string' ? value.trim() : '';
    if (!trimmed || trimmed.includes('\u0000')) problems.push({ message: translate(ctx.language, 'validation.required', { field: name }), members: [name] });
    else if (trimmed.length > max) problems.push({ message: translate(ctx.language, 'validation.maxLength', { field: name, max }), members: [name] });
    return trimmed;
  };
  const notice = { title: text('title', NOTICE_TITLE_MAX), content: text('content', CHAT_CONTENT_MAX) };
  if (problems.length > 0) throw errors.validation(ctx.language, problems);
  return notice;
}

/** Administrators' notices to the whole tenant: a paged list, and `Create` (Pages.Users) that pushes `chat.notice`. */
export function registerNoticeMethods(registry: AppServiceRegistry): void {
  registry.add({
    service: SERVICE, method: 'GetMsgListByAdminid', verb: 'GET', access: CHAT_ACCESS, parameters: ['adminid', 'skipCount', 'maxResultCount'],
    summary: 'The tenant\'s notices, newest first; adminid keeps one administrator\'s',
    handler(ctx, input) {
      const paging = readPaging(input);
      const where = [tenantCondition('m', ctx.tenantId)];
      const admin = input.optionalInt('adminid', { min: 1 });
      if (admin !== undefined) where.push(sql`m.admin_id = ${admin}`);
      return queryPage<MsgInfoDto>(ctx.db, {
        select: SELECT, from: sql`from msg_info m`, where, orderBy: sql`m.id desc`, limit: paging.maxResultCount, offset: paging.skipCount,
      });
    },
  });
  registry.add({
    service: SERVICE, method: 'Create', verb: 'POST', access: CHAT_ACCESS, parameters: ['title', 'content'],
    summary: 'Publishes a notice to every chat user of the tenant (needs Pages.Users too)',
    async handler(ctx, input): Promise<MsgInfoDto> {
      authorize(ctx, { anyOf: ['Pages.Users'] });
      const notice = readNotice(ctx, input);
      return ctx.db.transaction(async (tx) => {
        const [{ id }] = await tx.query<{ id: number }>(
          'insert into msg_info (tenant_id, admin_id, title, content) values ($1, $2, $3, $4) returning id',
          [ctx.tenantId, ctx.session!.userId, notice.title, notice.content]);
        const [stored] = await tx.query<MsgInfoDto>(sql`${SELECT} where m.id = ${id}`);
        const payload: ChatNoticePayload = stored;
        await recordEvents(ctx, tx, [{ type: 'chat.notice', topic: 'chat', userIds: null, enterpriseIds: null, payload }]);
        return stored;
      });
    },
  });
}
