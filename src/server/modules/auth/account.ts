import { translate } from '../../../shared/locales';
import { readNewPassword } from '../../auth/password-policy';
import { hashPassword } from '../../auth/passwords';
import { hashSecret } from '../../auth/secrets';
import type { AppServiceRegistry } from '../../http/app-services';
import type { RequestContext } from '../../http/context';
import { errors } from '../../http/errors';
import type { Input } from '../../http/input';
import { instantText } from '../../time';
import { insertUser } from '../users/users';
import { revokeTokens } from '../users/sessions';
import { logIn, type AuthenticateResult } from './authenticate';

/**
 * Sets the password of a user who was answered a reset code at login, and logs them in. The code is good once, for its
 * user in the request's tenant, until it expires; the user must still be active. Anything else is one answer, so a
 * caller learns nothing about which part was wrong.
 */
async function resetPassword(ctx: RequestContext, input: Input): Promise<AuthenticateResult> {
  const userId = input.requiredInt('userId', { min: 1 });
  const resetCode = input.requiredString('resetCode', 128);
  const password = readNewPassword(ctx, input, 'password');
  const passwordHash = await hashPassword(password);
  const user = await ctx.db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number; user_name: string }>(
      `update users set password_hash = $4, should_change_password_on_next_login = false, password_reset_code_hash = null,
         password_reset_code_expiry = null, last_modification_time = now(), last_modifier_user_id = id
        where id = $1 and tenant_id is not distinct from $2 and password_reset_code_hash = $3 and password_reset_code_expiry > $5
          and not is_deleted and is_active
          and (tenant_id is null or exists (select 1 from tenants t where t.id = tenant_id and t.is_active and not t.is_deleted))
        returning id, user_name`,
      [userId, ctx.tenantId, hashSecret(resetCode), passwordHash, instantText(ctx.clock.now())]);
    if (!rows[0]) throw errors.invalid(ctx.language, 'resetCode', translate(ctx.language, 'errors.invalidResetCode'));
    // A new password ends every earlier token and connection, as any password change does.
    await revokeTokens(ctx, tx, [userId]);
    const [{ security_stamp }] = await tx.query<{ security_stamp: string }>('select security_stamp from users where id = $1', [userId]);
    return { ...rows[0], security_stamp };
  });
  return logIn(ctx, user);
}

/** ABP's TenantAvailabilityState. */
const STATE = { available: 1, inactive: 2, notFound: 3 } as const;

export function registerAccount(registry: AppServiceRegistry): void {
  registry.add({
    service: 'Account', method: 'ResetPassword', verb: 'POST', access: 'anonymous',
    summary: 'Set a new password with the reset code a login answered, and log in (a first login, or one an administrator asked for)',
    parameters: ['userId', 'resetCode', 'password'],
    handler: resetPassword,
  });
  registry.add({
    service: 'Account', method: 'IsTenantAvailable', verb: 'POST', access: 'anonymous',
    summary: 'Is a tenancy name known and active', parameters: ['tenancyName'],
    async handler(ctx, input) {
      const name = input.requiredString('tenancyName', 64);
      const rows = await ctx.db.query<{ id: number; is_active: boolean }>(
        'select id, is_active from tenants where lower(tenancy_name) = lower($1) and not is_deleted', [name]);
      const tenant = rows[0];
      if (!tenant) return { state: STATE.notFound, tenantId: null };
      return { state: tenant.is_active ? STATE.available : STATE.inactive, tenantId: tenant.id };
    },
  });
  registry.add({
    service: 'Account', method: 'Register', verb: 'POST', access: 'anonymous',
    summary: 'Self-registration into the tenant\'s default roles, when the server allows it',
    parameters: ['name', 'surname', 'userName', 'emailAddress', 'password', 'captchaResponse'],
    async handler(ctx, input) {
      // Off unless configured: in a regulated back office accounts are handed out, not taken.
      if (!ctx.config.selfRegistration) throw errors.userFriendly(translate(ctx.language, 'errors.registrationDisabled'));
      if (ctx.tenantId === null) throw errors.userFriendly(translate(ctx.language, 'errors.registrationNeedsTenant'));
      const [tenant] = await ctx.db.query<{ is_active: boolean }>('select is_active from tenants where id = $1 and not is_deleted', [ctx.tenantId]);
      if (!tenant?.is_active) throw errors.userFriendly(translate(ctx.language, 'errors.tenantInactive'));
      await ctx.db.transaction((tx) => insertUser(ctx, tx, input, true));
      return { canLogin: true };
    },
  });
}
