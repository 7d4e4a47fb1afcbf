import { translate } from '../../../shared/locales';
import { pagedList } from '../../crud/paging';
import { sql } from '../../crud/sql';
import type { Db } from '../../db/database';
import { seedTenant } from '../../db/seed';
import { readNewPassword } from '../../auth/password-policy';
import type { AppServiceRegistry, AppMethod } from '../../http/app-services';
import type { RequestContext } from '../../http/context';
import { errors, type ValidationErrorInfo } from '../../http/errors';
import type { Input } from '../../http/input';

const ACCESS = { anyOf: ['Pages.Tenants' as const] };
const TENANCY_NAME = /^[A-Za-z][A-Za-z0-9_-]{1,63}$/;
const COLUMNS = sql`select t.id, t.tenancy_name as "tenancyName", t.name, t.is_active as "isActive", t.creation_time as "creationTime"`;
const FROM = sql`from tenants t`;

/** Tenants are managed from the host side only, whatever a tenant role might claim. */
function hostOnly(handler: AppMethod['handler']): AppMethod['handler'] {
  return (ctx, input, files) => {
    if (ctx.tenantId !== null) throw errors.forbidden(ctx.language, ['Pages.Tenants']);
    return handler(ctx, input, files);
  };
}

async function getTenant(ctx: RequestContext, db: Db, id: number) {
  const rows = await db.query(sql`${COLUMNS} ${FROM} where t.id = ${id} and not t.is_deleted`);
  if (!rows[0]) throw errors.notFound(ctx.language, 'Tenant', id);
  return rows[0];
}

async function readTenant(ctx: RequestContext, tx: Db, input: Input, id: number | null) {
  const problems: ValidationErrorInfo[] = [];
  const tenancyName = input.optionalString('tenancyName', 64)?.trim() ?? '';
  const name = input.optionalString('name', 128)?.trim() ?? '';
  if (!TENANCY_NAME.test(tenancyName)) problems.push({ message: translate(ctx.language, 'validation.pattern', { field: 'tenancyName' }), members: ['tenancyName'] });
  if (!name) problems.push({ message: translate(ctx.language, 'validation.required', { field: 'name' }), members: ['name'] });
  if (tenancyName) {
    const taken = await tx.query('select 1 from tenants where lower(tenancy_name) = lower($1) and not is_deleted and id <> $2', [tenancyName, id ?? 0]);
    if (taken.length > 0) problems.push({ message: translate(ctx.language, 'validation.unique', { field: 'tenancyName', value: tenancyName }), members: ['tenancyName'] });
  }
  if (problems.length > 0) throw errors.validation(ctx.language, problems);
  return { tenancyName, name, isActive: input.optionalBool('isActive') ?? true };
}

export function registerTenants(registry: AppServiceRegistry): void {
  const service = 'Tenant';
  const sortable = { tenancyName: 't.tenancy_name', name: 't.name', creationTime: 't.creation_time', id: 't.id' };
  registry.add({
    service, method: 'GetAll', verb: 'GET', access: ACCESS, parameters: ['Keyword', 'IsActive', 'SkipCount', 'MaxResultCount', 'Sorting'],
    handler: hostOnly(async (ctx, input) => {
      const where = [sql`not t.is_deleted`];
      const isActive = input.optionalBool('IsActive');
      if (isActive !== undefined) where.push(sql`t.is_active = ${isActive}`);
      return pagedList(ctx.db, input, ctx.language, {
        select: sql`${COLUMNS} ${FROM}`, from: FROM, where, searchable: ['t.tenancy_name', 't.name'],
        sortable, defaultSorting: 'tenancyName', idColumn: 't.id',
      });
    }),
  });
  registry.add({ service, method: 'Get', verb: 'GET', access: ACCESS, parameters: ['Id'], handler: hostOnly((ctx, input) => getTenant(ctx, ctx.db, input.requiredInt('Id', { min: 1 }))) });
  registry.add({
    service, method: 'Create', verb: 'POST', access: ACCESS,
    parameters: ['tenancyName', 'name', 'isActive', 'adminPassword', 'shouldChangePasswordOnNextLogin'],
    summary: 'Create a tenant with its admin (the given password, else 123qwe to be changed at first login), Admin role and the official reference lists',
    handler: hostOnly((ctx, input) => ctx.db.transaction(async (tx) => {
      const tenant = await readTenant(ctx, tx, input, null);
      const given = input.get('adminPassword');
      const adminPassword = given === undefined || given === null || given === '' ? undefined : readNewPassword(ctx, input, 'adminPassword');
      const [{ id }] = await tx.query<{ id: number }>(
        'insert into tenants (tenancy_name, name, is_active, creator_user_id) values ($1, $2, $3, $4) returning id',
        [tenant.tenancyName, tenant.name, tenant.isActive, ctx.session!.userId]);
      await seedTenant(tx, id, { password: adminPassword, shouldChangePassword: input.optionalBool('shouldChangePasswordOnNextLogin') ?? false });
      return getTenant(ctx, tx, id);
    })),
  });
  registry.add({
    service, method: 'Update', verb: 'PUT', access: ACCESS, parameters: ['id', 'tenancyName', 'name', 'isActive'],
    handler: hostOnly((ctx, input) => ctx.db.transaction(async (tx) => {
      const id = input.requiredInt('Id', { min: 1 });
      await getTenant(ctx, tx, id);
      const tenant = await readTenant(ctx, tx, input, id);
      await tx.query('update tenants set tenancy_name = $2, name = $3, is_active = $4, last_modification_time = now(), last_modifier_user_id = $5 where id = $1',
        [id, tenant.tenancyName, tenant.name, tenant.isActive, ctx.session!.userId]);
      return getTenant(ctx, tx, id);
    })),
  });
  registry.add({
    service, method: 'Delete', verb: 'DELETE', access: ACCESS, parameters: ['Id'],
    handler: hostOnly((ctx, input) => ctx.db.transaction(async (tx) => {
      const id = input.requiredInt('Id', { min: 1 });
      await getTenant(ctx, tx, id);
      await tx.query('update tenants set is_deleted = true, deletion_time = now(), deleter_user_id = $2 where id = $1', [id, ctx.session!.userId]);
      return null;
    })),
  });
}
