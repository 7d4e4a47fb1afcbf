import type { DisplayAccountDto, DisplayTokenDto } from '../../../shared/bigdata';
import { translate } from '../../../shared/locales';
import { permissionLabel } from '../../../shared/navigation';
import type { PermissionName } from '../../../shared/permissions';
import { pick } from '../../../shared/resource-kit';
import { hashSecret, newSecret } from '../../auth/secrets';
import { scopeCondition, sql, tenantCondition } from '../../crud/sql';
import type { Db } from '../../db/database';
import { loadSession, type RequestContext, type Session } from '../../http/context';
import { errors } from '../../http/errors';
import type { Input } from '../../http/input';
import type { TextKey } from '../../../shared/locales';

/** The one permission of a display account: a token that signs in without a person must open nothing but the wall. */
export const DISPLAY_PERMISSION: PermissionName = 'Pages.BigData';

/** A display account holds exactly the wall's permission; anything more would make its token a standing key to it. */
export const isDisplayAccount = (session: Session): boolean =>
  session.permissions.size === 1 && session.permissions.has(DISPLAY_PERMISSION);

/** The tenant's display tokens, newest first (a handful per tenant: one per wall). */
export function listDisplayTokens(ctx: RequestContext): Promise<DisplayTokenDto[]> {
  return ctx.db.query<DisplayTokenDto>(sql`
    select dt.id, dt.name, dt.user_id as "userId", u.user_name as "userName", dt.creation_time as "creationTime",
           dt.last_used_time as "lastUsedTime", dt.revoked_time as "revokedTime"
      from display_tokens dt join users u on u.id = dt.user_id
     where ${tenantCondition('dt', ctx.tenantId)}
     order by dt.creation_time desc, dt.id desc`);
}

/** The accounts a display token can be issued for: active users of the tenant holding the wall's permission alone. */
export function listDisplayAccounts(ctx: RequestContext): Promise<DisplayAccountDto[]> {
  return ctx.db.query<DisplayAccountDto>(sql`
    select u.id, u.user_name as "userName" from users u
     where ${scopeCondition('u', ctx.tenantId)} and u.is_active
       and array(select distinct rp.name::text from user_roles ur
                   join roles r on r.id = ur.role_id and not r.is_deleted
                   join role_permissions rp on rp.role_id = r.id
                  where ur.user_id = u.id) = array[${DISPLAY_PERMISSION}::text]
     order by u.user_name`);
}

/** Checks that `userId` may hold a display token: a live, active user of the caller's tenant with only the wall's permission. */
async function checkDisplayUser(ctx: RequestContext, db: Db, userId: number): Promise<void> {
  const rows = await db.query<{ security_stamp: string }>(
    sql`select u.security_stamp from users u where u.id = ${userId} and ${tenantCondition('u', ctx.tenantId)} and not u.is_deleted`);
  const refuse = (key: TextKey) => errors.invalid(ctx.language, 'userId', translate(ctx.language, key, {
    permission: pick(permissionLabel(DISPLAY_PERMISSION), ctx.language),
  }));
  if (!rows[0]) throw refuse('bigdata.displayUserUnknown');
  // The session a token of the user would open: null when the user is inactive.
  const session = await loadSession(db, { userId, tenantId: ctx.tenantId, securityStamp: rows[0].security_stamp });
  if (!session) throw refuse('bigdata.displayUserInactive');
  if (!isDisplayAccount(session)) throw refuse('bigdata.displayUserPermissions');
}

/** Issues a display token for a display account; the secret is returned this once and only its hash is kept. */
export async function createDisplayToken(ctx: RequestContext, input: Input): Promise<{ id: number; token: string }> {
  const userId = input.requiredInt('userId', { min: 1 });
  const name = input.requiredString('name', 64).trim();
  return ctx.db.transaction(async (tx) => {
    await checkDisplayUser(ctx, tx, userId);
    const token = newSecret();
    const rows = await tx.query<{ id: number }>(
      `insert into display_tokens (tenant_id, user_id, name, secret_hash, creator_user_id) values ($1, $2, $3, $4, $5) returning id`,
      [ctx.tenantId, userId, name, hashSecret(token), ctx.session?.userId ?? null]);
    return { id: rows[0].id, token };
  });
}

/**
 * Revokes a display token: it signs in no more, the access tokens exchanged for it stop at their next use (they name
 * it, and a session is refused once it is revoked), and the live connections they opened close. The account's other
 * walls hold access tokens of other display tokens and go on without a pause: the account's stamp stays.
 */
export async function revokeDisplayToken(ctx: RequestContext, input: Input): Promise<void> {
  const id = input.requiredInt('id', { min: 1 });
  await ctx.db.transaction(async (tx) => {
    const rows = await tx.query<{ user_id: number }>(sql`
      update display_tokens dt set revoked_time = coalesce(dt.revoked_time, now())
       where dt.id = ${id} and ${tenantCondition('dt', ctx.tenantId)} returning dt.user_id`);
    if (!rows[0]) throw errors.notFound(ctx.language, 'DisplayToken', id);
    const userId = rows[0].user_id;
    const { hub, tenantId } = ctx;
    if (hub) tx.onCommit(() => hub.closeDisplayConnections(tenantId, userId, id));
  });
}
