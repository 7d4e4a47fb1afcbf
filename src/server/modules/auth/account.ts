import { translate } from '../../../shared/locales';
import type { AppServiceRegistry } from '../../http/app-services';
import { errors } from '../../http/errors';
import { insertUser } from '../users/users';

/** ABP's TenantAvailabilityState. */
const STATE = { available: 1, inactive: 2, notFound: 3 } as const;

export function registerAccount(registry: AppServiceRegistry): void {
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
