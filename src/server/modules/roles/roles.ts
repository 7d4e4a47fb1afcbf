import { permissionLabel } from '../../../shared/navigation';
import { translate } from '../../../shared/locales';
import { permissionsForSide } from '../../../shared/permissions';
import { pick } from '../../../shared/resource-kit';
import { pagedList } from '../../crud/paging';
import { scopeCondition, sql } from '../../crud/sql';
import type { Db } from '../../db/database';
import type { AppServiceRegistry } from '../../http/app-services';
import type { RequestContext } from '../../http/context';
import { errors, type ValidationErrorInfo } from '../../http/errors';
import type { Input } from '../../http/input';
import { reconnectAfterCommit } from '../users/sessions';

const ACCESS = { anyOf: ['Pages.Roles' as const] };

const DTO_COLUMNS = sql`r.id, r.name, r.display_name as "displayName", r.normalized_name as "normalizedName", r.description,
  r.is_static as "isStatic", r.is_default as "isDefault", r.creation_time as "creationTime",
  array(select p.name from role_permissions p where p.role_id = r.id order by p.name) as "grantedPermissions"`;

interface RoleDto {
  id: number;
  name: string;
  displayName: string;
  normalizedName: string;
  description: string;
  isStatic: boolean;
  /** New self-registered users get the tenant's default roles. */
  isDefault: boolean;
  grantedPermissions: string[];
}

export async function listRoles(db: Db, tenantId: number | null): Promise<{ id: number; normalized_name: string; dto: RoleDto }[]> {
  const rows = await db.query<RoleDto>(sql`select ${DTO_COLUMNS} from roles r where ${scopeCondition('r', tenantId)} order by r.name`);
  return rows.map((dto) => ({ id: dto.id, normalized_name: dto.normalizedName, dto }));
}

async function getRole(ctx: RequestContext, db: Db, id: number): Promise<RoleDto> {
  const rows = await db.query<RoleDto>(sql`select ${DTO_COLUMNS} from roles r where r.id = ${id} and ${scopeCondition('r', ctx.tenantId)}`);
  if (!rows[0]) throw errors.notFound(ctx.language, 'Role', id);
  return rows[0];
}

function allPermissions(ctx: RequestContext) {
  return permissionsForSide(ctx.tenantId === null)
    .map((p) => ({ name: p.name, displayName: pick(permissionLabel(p.name), ctx.language), description: null, id: 0 }))
    .sort((a, b) => a.displayName.localeCompare(b.displayName, 'zh-CN'));
}

async function readRole(ctx: RequestContext, tx: Db, input: Input, id: number | null) {
  const problems: ValidationErrorInfo[] = [];
  const name = input.optionalString('name', 32)?.trim() ?? '';
  const displayName = input.optionalString('displayName', 64)?.trim() ?? '';
  if (!name) problems.push({ message: translate(ctx.language, 'validation.required', { field: 'name' }), members: ['name'] });
  if (!displayName) problems.push({ message: translate(ctx.language, 'validation.required', { field: 'displayName' }), members: ['displayName'] });
  const granted = input.stringArray('grantedPermissions') ?? [];
  const known = new Set<string>(permissionsForSide(ctx.tenantId === null).map((p) => p.name));
  const unknown = granted.filter((p) => !known.has(p));
  if (unknown.length > 0) {
    problems.push({ message: translate(ctx.language, 'validation.enum', { field: unknown.join(', ') }), members: ['grantedPermissions'] });
  }
  if (name) {
    const taken = await tx.query(sql`select 1 from roles r where ${scopeCondition('r', ctx.tenantId)}
        and r.normalized_name = upper(${name}) and r.id <> ${id ?? 0}`);
    if (taken.length > 0) problems.push({ message: translate(ctx.language, 'validation.unique', { field: 'name', value: name }), members: ['name'] });
  }
  if (problems.length > 0) throw errors.validation(ctx.language, problems);
  return { name, displayName, description: input.optionalString('description', 5000) ?? '', granted: [...new Set(granted)] };
}

async function setPermissions(tx: Db, tenantId: number | null, roleId: number, names: string[]) {
  await tx.query('delete from role_permissions where role_id = $1', [roleId]);
  await tx.query('insert into role_permissions (tenant_id, role_id, name) select $1, $2, unnest($3::text[])', [tenantId, roleId, names]);
}

/** The users holding a role: their live connections' groups depend on its permissions. */
async function holders(tx: Db, roleId: number): Promise<number[]> {
  return (await tx.query<{ user_id: number }>('select user_id from user_roles where role_id = $1', [roleId])).map((r) => r.user_id);
}

export function registerRoles(registry: AppServiceRegistry): void {
  const service = 'Role';
  const sortable = { name: 'r.name', displayName: 'r.display_name', creationTime: 'r.creation_time', id: 'r.id' };
  registry.add({
    service, method: 'GetAll', verb: 'GET', access: ACCESS, parameters: ['Keyword', 'SkipCount', 'MaxResultCount', 'Sorting'],
    async handler(ctx, input) {
      return pagedList<RoleDto>(ctx.db, input, ctx.language, {
        select: sql`select ${DTO_COLUMNS} from roles r`, from: sql`from roles r`, where: [scopeCondition('r', ctx.tenantId)],
        searchable: ['r.name', 'r.display_name', 'r.description'], sortable, defaultSorting: 'name', idColumn: 'r.id',
      });
    },
  });
  registry.add({ service, method: 'Get', verb: 'GET', access: ACCESS, parameters: ['Id'], handler: (ctx, input) => getRole(ctx, ctx.db, input.requiredInt('Id', { min: 1 })) });
  registry.add({
    service, method: 'Create', verb: 'POST', access: ACCESS, parameters: ['name', 'displayName', 'description', 'grantedPermissions'],
    handler: (ctx, input) => ctx.db.transaction(async (tx) => {
      const role = await readRole(ctx, tx, input, null);
      const [{ id }] = await tx.query<{ id: number }>(
        `insert into roles (tenant_id, name, normalized_name, display_name, description, creator_user_id)
         values ($1, $2::text, upper($2::text), $3, $4, $5) returning id`, [ctx.tenantId, role.name, role.displayName, role.description, ctx.session!.userId]);
      await setPermissions(tx, ctx.tenantId, id, role.granted);
      return getRole(ctx, tx, id);
    }),
  });
  registry.add({
    service, method: 'Update', verb: 'PUT', access: ACCESS, parameters: ['id', 'name', 'displayName', 'description', 'grantedPermissions'],
    handler: (ctx, input) => ctx.db.transaction(async (tx) => {
      const id = input.requiredInt('Id', { min: 1 });
      const existing = await getRole(ctx, tx, id);
      const role = await readRole(ctx, tx, input, id);
      // A static role keeps its name: code and seeds refer to it.
      const name = existing.isStatic ? existing.name : role.name;
      await tx.query(`update roles set name = $2::text, normalized_name = upper($2::text), display_name = $3, description = $4,
          last_modification_time = now(), last_modifier_user_id = $5 where id = $1`, [id, name, role.displayName, role.description, ctx.session!.userId]);
      await setPermissions(tx, ctx.tenantId, id, role.granted);
      const updated = await getRole(ctx, tx, id);
      if (updated.grantedPermissions.join() !== existing.grantedPermissions.join()) reconnectAfterCommit(ctx, tx, await holders(tx, id));
      return updated;
    }),
  });
  registry.add({
    service, method: 'Delete', verb: 'DELETE', access: ACCESS, parameters: ['Id'],
    handler: (ctx, input) => ctx.db.transaction(async (tx) => {
      const id = input.requiredInt('Id', { min: 1 });
      const role = await getRole(ctx, tx, id);
      // A person's mistake, not a malformed request: ABP answers it as a user-friendly error.
      if (role.isStatic) throw errors.userFriendly(translate(ctx.language, 'errors.staticRole'));
      reconnectAfterCommit(ctx, tx, await holders(tx, id));
      await tx.query('delete from user_roles where role_id = $1', [id]);
      await tx.query('update roles set is_deleted = true, deletion_time = now(), deleter_user_id = $2 where id = $1', [id, ctx.session!.userId]);
      return null;
    }),
  });
  // ABP's clients list roles for pickers by this name (and its Async twin), optionally only those granted a permission.
  for (const method of ['GetRoles', 'GetRolesAsync']) {
    registry.add({
      service, method, verb: 'GET', access: ACCESS, parameters: ['Permission'],
      summary: 'Every role of the tenant, or those granted a permission',
      async handler(ctx, input) {
        const permission = input.optionalString('Permission', 128)?.trim();
        const roles = (await listRoles(ctx.db, ctx.tenantId)).map((r) => r.dto);
        return { items: permission ? roles.filter((r) => r.grantedPermissions.includes(permission)) : roles };
      },
    });
  }
  registry.add({ service, method: 'GetAllPermissions', verb: 'GET', access: ACCESS, summary: 'Every permission of the caller\'s side', handler: async (ctx) => ({ items: allPermissions(ctx) }) });
  registry.add({
    service, method: 'GetRoleForEdit', verb: 'GET', access: ACCESS, parameters: ['Id'],
    async handler(ctx, input) {
      const role = await getRole(ctx, ctx.db, input.requiredInt('Id', { min: 1 }));
      return {
        role: { id: role.id, name: role.name, displayName: role.displayName, description: role.description, isStatic: role.isStatic },
        permissions: allPermissions(ctx).map(({ name, displayName, description }) => ({ name, displayName, description })),
        grantedPermissionNames: role.grantedPermissions,
      };
    },
  });
}
