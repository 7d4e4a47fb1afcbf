import { translate } from '../../../shared/locales';
import { readNewPassword } from '../../auth/password-policy';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { pagedList } from '../../crud/paging';
import { raw, scopeCondition, sql } from '../../crud/sql';
import type { Db } from '../../db/database';
import { authorize, type AppServiceRegistry } from '../../http/app-services';
import type { RequestContext } from '../../http/context';
import { errors, type ValidationErrorInfo } from '../../http/errors';
import type { Input } from '../../http/input';
import { toLanguage } from '../../http/culture';
import type { ChatUserDto } from '../../../shared/chat';
import { onlineUserIds } from '../chat';
import { listRoles } from '../roles/roles';
import { reconnectAfterCommit, revokeTokens } from './sessions';
import { AREA_COLUMNS, AREA_MEMBERS, readAreaLinks, setAreaLinks } from './areas';
import type { AreaPath } from '../../../shared/resources/areas';

const ACCESS = { anyOf: ['Pages.Users' as const] };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USER_NAME = /^[\p{L}\p{N}\-._@+]+$/u;

const SELECT = sql`select u.id, u.user_name as "userName", u.name, u.surname, u.email_address as "emailAddress",
  u.is_active as "isActive", u.name || ' ' || u.surname as "fullName", u.last_login_time as "lastLoginTime",
  u.creation_time as "creationTime",
  array(select r.normalized_name from user_roles ur join roles r on r.id = ur.role_id and not r.is_deleted
         where ur.user_id = u.id order by r.normalized_name) as "roleNames",
  array(select ue.enterprise_id from user_enterprises ue where ue.user_id = u.id order by ue.enterprise_id) as "enterpriseIds",
  array(select e.name from user_enterprises ue join enterprise_information e on e.id = ue.enterprise_id
         where ue.user_id = u.id order by ue.enterprise_id) as "enterpriseNames",
  ${AREA_COLUMNS}
  from users u`;

const SORTABLE = {
  userName: 'u.user_name', name: 'u.name', surname: 'u.surname', emailAddress: 'u.email_address',
  isActive: 'u.is_active', creationTime: 'u.creation_time', lastLoginTime: 'u.last_login_time', id: 'u.id',
};

export interface UserDto {
  id: number;
  userName: string;
  roleNames: string[];
  [field: string]: unknown;
}

async function getUser(ctx: RequestContext, db: Db, id: number): Promise<UserDto> {
  const rows = await db.query<UserDto>(sql`${SELECT} where u.id = ${id} and ${scopeCondition('u', ctx.tenantId)}`);
  if (!rows[0]) throw errors.notFound(ctx.language, 'User', id);
  return rows[0];
}

interface UserInput {
  userName: string;
  name: string;
  surname: string;
  emailAddress: string;
  isActive: boolean;
  roleNames: string[] | undefined;
  /** The enterprises the user acts for; absent leaves them as they are. */
  enterpriseIds: number[] | undefined;
  /** The scheme areas the user works in; absent leaves them as they are. */
  areas: AreaPath[] | undefined;
}

/** Reads and checks a user body, collecting every problem (including names already taken in the tenant). */
async function readUser(ctx: RequestContext, tx: Db, input: Input, id: number | null): Promise<UserInput> {
  const problems: ValidationErrorInfo[] = [];
  const text = (name: string, max: number, pattern?: RegExp) => {
    const value = input.get(name);
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push({ message: translate(ctx.language, 'validation.required', { field: name }), members: [name] });
      return '';
    }
    if (value.length > max) problems.push({ message: translate(ctx.language, 'validation.maxLength', { field: name, max }), members: [name] });
    else if (pattern && !pattern.test(value)) problems.push({ message: translate(ctx.language, 'validation.pattern', { field: name }), members: [name] });
    return value.trim();
  };
  const user: UserInput = {
    userName: text('userName', 256, USER_NAME),
    name: text('name', 64),
    surname: text('surname', 64),
    emailAddress: text('emailAddress', 256, EMAIL),
    isActive: input.optionalBool('isActive') ?? true,
    roleNames: input.stringArray('roleNames'),
    enterpriseIds: undefined,
    areas: await readAreaLinks(ctx, tx, input, problems),
  };
  // A user working in areas cannot make a user who sees every area.
  const linkedAreas = ctx.session?.areas;
  if (linkedAreas && user.areas?.length === 0) {
    problems.push({ message: translate(ctx.language, 'validation.outOfAreas', { field: AREA_MEMBERS[0] }), members: AREA_MEMBERS });
  } else if (linkedAreas && id === null && !user.areas) {
    user.areas = [...linkedAreas];
  }
  const rawEnterprises = input.get('enterpriseIds');
  if (rawEnterprises !== undefined && rawEnterprises !== null) {
    const ids = Array.isArray(rawEnterprises) ? [...new Set(rawEnterprises.map(Number))] : [NaN];
    const linked = ctx.session?.enterpriseIds;
    const found = ids.every((n) => Number.isSafeInteger(n) && n > 0) ? await tx.query(
      sql`select e.id from enterprise_information e where e.id = any(${ids}::bigint[]) and ${scopeCondition('e', ctx.tenantId)}`) : [];
    // A user acting for enterprises can hand out only their own, and cannot make a user who sees the whole tenant.
    const outside = linked && (ids.length === 0 || ids.some((n) => !linked.includes(n)));
    if (found.length !== ids.length || outside) {
      problems.push({ message: translate(ctx.language, outside ? 'validation.outOfScope' : 'validation.reference', { field: 'enterpriseIds' }), members: ['enterpriseIds'] });
    }
    user.enterpriseIds = ids;
  } else if (id === null && ctx.session?.enterpriseIds) {
    user.enterpriseIds = [...ctx.session.enterpriseIds];
  }
  for (const [field, column, value] of [['userName', 'normalized_user_name', user.userName], ['emailAddress', 'normalized_email_address', user.emailAddress]] as const) {
    if (!value) continue;
    const taken = await tx.query(
      sql`select 1 from users u where ${scopeCondition('u', ctx.tenantId)} and u.${raw(column)} = upper(${value})
          and u.id <> ${id ?? 0}`);
    if (taken.length > 0) problems.push({ message: translate(ctx.language, 'validation.unique', { field, value }), members: [field] });
  }
  if (problems.length > 0) throw errors.validation(ctx.language, problems);
  return user;
}

async function setEnterprises(ctx: RequestContext, tx: Db, userId: number, ids: number[]): Promise<void> {
  await tx.query('delete from user_enterprises where user_id = $1', [userId]);
  if (ids.length > 0) {
    await tx.query('insert into user_enterprises (tenant_id, user_id, enterprise_id) select $1, $2, unnest($3::bigint[])', [ctx.tenantId, userId, ids]);
  }
}

/** Replaces a user's roles; names may be given as name or normalized name, unknown ones are a 400. */
async function setRoles(ctx: RequestContext, tx: Db, userId: number, roleNames: string[]): Promise<void> {
  const roles = await listRoles(tx, ctx.tenantId);
  const ids: number[] = [];
  for (const name of roleNames) {
    const role = roles.find((r) => r.normalized_name === name.toUpperCase());
    if (!role) throw errors.invalid(ctx.language, 'roleNames', translate(ctx.language, 'validation.reference', { field: name }));
    if (!ids.includes(role.id)) ids.push(role.id);
  }
  await tx.query('delete from user_roles where user_id = $1', [userId]);
  if (ids.length > 0) {
    await tx.query('insert into user_roles (tenant_id, user_id, role_id) select $1, $2, unnest($3::bigint[])', [ctx.tenantId, userId, ids]);
  }
}

/** The caller proves who they are before a password changes (argon2 runs outside any transaction). */
async function confirmCallerPassword(ctx: RequestContext, password: string): Promise<void> {
  const [row] = await ctx.db.query<{ password_hash: string }>('select password_hash from users where id = $1', [ctx.session!.userId]);
  if (!(await verifyPassword(row.password_hash, password))) throw errors.userFriendly(translate(ctx.language, 'errors.incorrectPassword'));
}

/** The same roles and enterprises: what decides a live connection's groups. */
const sameAccess = (a: UserDto, b: UserDto) =>
  JSON.stringify([a.roleNames, a.enterpriseIds, ...AREA_MEMBERS.map((m) => a[m])]) === JSON.stringify([b.roleNames, b.enterpriseIds, ...AREA_MEMBERS.map((m) => b[m])]);

/**
 * Sets a password chosen by the user or reset by an administrator: the change-at-next-login request is met, and
 * every earlier token and live connection of the user ends.
 */
async function setPassword(ctx: RequestContext, tx: Db, userId: number, passwordHash: string): Promise<void> {
  await tx.query(
    `update users set password_hash = $2, should_change_password_on_next_login = false, last_modification_time = now(),
       last_modifier_user_id = $3 where id = $1`, [userId, passwordHash, ctx.session!.userId]);
  await revokeTokens(ctx, tx, [userId]);
}

/**
 * Creates a user from a request body: by an administrator (with the roles named), or by self-registration, which
 * gets the tenant's default roles whatever the body names and is active at once.
 */
export async function insertUser(ctx: RequestContext, tx: Db, input: Input, selfRegistered = false): Promise<number> {
  const user = await readUser(ctx, tx, input, null);
  const password = readNewPassword(ctx, input, 'password');
  const [{ id }] = await tx.query<{ id: number }>(
    `insert into users (tenant_id, user_name, normalized_user_name, name, surname, email_address, normalized_email_address, password_hash, is_active, creator_user_id)
     values ($1, $2::text, upper($2::text), $3, $4, $5::text, upper($5::text), $6, $7, $8) returning id`,
    [ctx.tenantId, user.userName, user.name, user.surname, user.emailAddress, await hashPassword(password),
      selfRegistered || user.isActive, ctx.session?.userId ?? null]);
  const roleNames = selfRegistered
    ? (await listRoles(tx, ctx.tenantId)).filter((r) => r.dto.isDefault).map((r) => r.normalized_name)
    : user.roleNames ?? [];
  await setRoles(ctx, tx, id, roleNames);
  if (!selfRegistered && user.enterpriseIds) await setEnterprises(ctx, tx, id, user.enterpriseIds);
  if (!selfRegistered && user.areas) await setAreaLinks(ctx, tx, id, user.areas);
  return id;
}

export function registerUsers(registry: AppServiceRegistry): void {
  registerUserRecords(registry, 'User');
  registerPasswordsAndLists(registry, 'User');
}

/** The users of the tenant: list, read, create, update, delete, activate and deactivate. */
function registerUserRecords(registry: AppServiceRegistry, service: string): void {
  registry.add({
    service, method: 'GetAll', verb: 'GET', access: ACCESS, parameters: ['Keyword', 'IsActive', 'SkipCount', 'MaxResultCount', 'Sorting'],
    async handler(ctx, input) {
      const where = [scopeCondition('u', ctx.tenantId)];
      const isActive = input.optionalBool('IsActive');
      if (isActive !== undefined) where.push(sql`u.is_active = ${isActive}`);
      return pagedList<UserDto>(ctx.db, input, ctx.language, {
        select: SELECT, from: sql`from users u`, where, searchable: ['u.user_name', 'u.name', 'u.surname', 'u.email_address'],
        sortable: SORTABLE, defaultSorting: 'userName', idColumn: 'u.id',
      });
    },
  });
  registry.add({
    service, method: 'Get', verb: 'GET', access: 'user', parameters: ['Id'],
    summary: 'One user; anyone may read themselves (the transfer form shows its declarant), others need Pages.Users',
    handler(ctx, input) {
      const id = input.requiredInt('Id', { min: 1 });
      if (id !== ctx.session?.userId) authorize(ctx, ACCESS);
      return getUser(ctx, ctx.db, id);
    },
  });
  registry.add({
    service, method: 'Create', verb: 'POST', access: ACCESS, parameters: ['userName', 'name', 'surname', 'emailAddress', 'isActive', 'roleNames', 'enterpriseIds', ...AREA_MEMBERS, 'password'],
    handler: (ctx, input) => ctx.db.transaction(async (tx) => getUser(ctx, tx, await insertUser(ctx, tx, input))),
  });
  registry.add({
    service, method: 'Update', verb: 'PUT', access: ACCESS, parameters: ['id', 'userName', 'name', 'surname', 'emailAddress', 'isActive', 'roleNames', 'enterpriseIds', ...AREA_MEMBERS],
    handler: (ctx, input) => ctx.db.transaction(async (tx) => {
      const id = input.requiredInt('Id', { min: 1 });
      const before = await getUser(ctx, tx, id);
      const user = await readUser(ctx, tx, input, id);
      await tx.query(
        `update users set user_name = $2::text, normalized_user_name = upper($2::text), name = $3, surname = $4, email_address = $5::text,
           normalized_email_address = upper($5::text), is_active = $6, last_modification_time = now(), last_modifier_user_id = $7 where id = $1`,
        [id, user.userName, user.name, user.surname, user.emailAddress, user.isActive, ctx.session!.userId]);
      if (user.roleNames) await setRoles(ctx, tx, id, user.roleNames);
      if (user.enterpriseIds) await setEnterprises(ctx, tx, id, user.enterpriseIds);
      if (user.areas) await setAreaLinks(ctx, tx, id, user.areas);
      const after = await getUser(ctx, tx, id);
      if (before.isActive && !after.isActive) await revokeTokens(ctx, tx, [id]);
      else if (!sameAccess(before, after)) reconnectAfterCommit(ctx, tx, [id]);
      return after;
    }),
  });
  registry.add({
    service, method: 'Delete', verb: 'DELETE', access: ACCESS, parameters: ['Id'],
    handler: (ctx, input) => ctx.db.transaction(async (tx) => {
      const id = input.requiredInt('Id', { min: 1 });
      await getUser(ctx, tx, id);
      if (id === ctx.session!.userId) throw errors.invalid(ctx.language, 'id', translate(ctx.language, 'errors.selfDelete'));
      await tx.query('update users set is_deleted = true, deletion_time = now(), deleter_user_id = $2 where id = $1', [id, ctx.session!.userId]);
      await tx.query('delete from user_roles where user_id = $1', [id]);
      await tx.query('delete from user_enterprises where user_id = $1', [id]);
      await tx.query('delete from user_areas where user_id = $1', [id]);
      await revokeTokens(ctx, tx, [id]);
      return null;
    }),
  });
  for (const [method, isActive] of [['Activate', true], ['DeActivate', false]] as const) {
    registry.add({
      service, method, verb: 'POST', access: ACCESS, parameters: ['id'],
      summary: isActive ? 'Let a user log in again' : 'Stop a user from logging in; their tokens and live connections end at once',
      handler: (ctx, input) => ctx.db.transaction(async (tx) => {
        const id = input.requiredInt('Id', { min: 1 });
        const before = await getUser(ctx, tx, id);
        if (before.isActive === isActive) return null;
        await tx.query('update users set is_active = $2, last_modification_time = now(), last_modifier_user_id = $3 where id = $1',
          [id, isActive, ctx.session!.userId]);
        if (!isActive) await revokeTokens(ctx, tx, [id]);
        else reconnectAfterCommit(ctx, tx, [id]);
        return null;
      }),
    });
  }
}

/** Passwords, the user's own settings, and the lists other screens pick users and roles from. */
function registerPasswordsAndLists(registry: AppServiceRegistry, service: string): void {
  registry.add({
    service, method: 'ResetPassword', verb: 'POST', access: ACCESS, parameters: ['adminPassword', 'userId', 'newPassword'],
    summary: 'Set another user\'s password; the administrator confirms with their own password',
    async handler(ctx, input) {
      const adminPassword = input.requiredString('adminPassword', 32);
      const id = input.requiredInt('userId', { min: 1 });
      const next = readNewPassword(ctx, input, 'newPassword');
      await confirmCallerPassword(ctx, adminPassword);
      const passwordHash = await hashPassword(next);
      await ctx.db.transaction(async (tx) => {
        await getUser(ctx, tx, id);
        await setPassword(ctx, tx, id, passwordHash);
      });
      return true;
    },
  });
  registry.add({
    service, method: 'GetRoles', verb: 'GET', access: ACCESS, summary: 'Roles a user can be given',
    handler: async (ctx) => ({ items: (await listRoles(ctx.db, ctx.tenantId)).map((r) => r.dto) }),
  });
  registry.add({
    service, method: 'GetAllList', verb: 'GET', access: { anyOf: ['Pages.ChatLog', 'Pages.Users'] },
    summary: 'Every active user of the tenant with whether they are online (chat contacts)',
    async handler(ctx): Promise<ChatUserDto[]> {
      const [users, online] = await Promise.all([
        ctx.db.query<Omit<ChatUserDto, 'online'>>(
          sql`select u.id, u.user_name as "userName", u.name, u.surname from users u
            where ${scopeCondition('u', ctx.tenantId)} and u.is_active order by u.user_name`),
        onlineUserIds(ctx.db, ctx.tenantId),
      ]);
      return users.map((u) => ({ ...u, online: online.has(u.id) || (ctx.hub?.isUserOnline(ctx.tenantId, u.id) ?? false) }));
    },
  });
  registry.add({
    service, method: 'ChangePwd', verb: 'POST', access: 'user', parameters: ['currentPassword', 'newPassword'],
    summary: 'Change the caller\'s own password',
    async handler(ctx, input) {
      const current = input.requiredString('currentPassword', 32);
      const next = readNewPassword(ctx, input, 'newPassword');
      await confirmCallerPassword(ctx, current);
      const passwordHash = await hashPassword(next);
      await ctx.db.transaction((tx) => setPassword(ctx, tx, ctx.session!.userId, passwordHash));
      return true;
    },
  });
  registry.alias(service, 'ChangePwd', 'ChangePassword');
  registry.add({
    service, method: 'ChangeLanguage', verb: 'POST', access: 'user', parameters: ['languageName'],
    async handler(ctx, input) {
      const language = toLanguage(input.requiredString('languageName', 10));
      if (!language) throw errors.invalid(ctx.language, 'languageName', translate(ctx.language, 'validation.enum', { field: 'languageName' }));
      await ctx.db.query('update users set language = $2 where id = $1', [ctx.session!.userId, language]);
      return null;
    },
  });
}
