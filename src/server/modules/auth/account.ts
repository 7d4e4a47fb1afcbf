import type { AppServiceRegistry } from '../../http/app-services';

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
}
