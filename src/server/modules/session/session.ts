import type { AppServiceRegistry } from '../../http/app-services';
import type { RequestContext } from '../../http/context';

const FEATURES: Record<string, boolean> = {};
export const APPLICATION = { version: '1.0.0', releaseDate: '2026-11-21T00:00:00', features: FEATURES };

async function currentLoginInformations(ctx: RequestContext) {
  const user = ctx.session
    ? (await ctx.db.query<{ id: number; name: string; surname: string; userName: string; emailAddress: string; shouldChangePasswordOnNextLogin: boolean }>(
        // The change-password request as at login, so a client that reloads keeps asking.
        `select id, name, surname, user_name as "userName", email_address as "emailAddress",
                should_change_password_on_next_login as "shouldChangePasswordOnNextLogin" from users where id = $1`,
        [ctx.session.userId]))[0] ?? null
    : null;
  const tenant = ctx.tenantId === null
    ? null
    : (await ctx.db.query<{ id: number; tenancyName: string; name: string }>(
        `select id, tenancy_name as "tenancyName", name from tenants where id = $1 and not is_deleted`, [ctx.tenantId]))[0] ?? null;
  return { application: APPLICATION, user, tenant };
}

export function registerSession(registry: AppServiceRegistry): void {
  registry.add({
    service: 'Session', method: 'GetCurrentLoginInformations', verb: 'GET', access: 'anonymous',
    summary: 'Application, user and tenant of the caller', handler: currentLoginInformations,
  });
}
