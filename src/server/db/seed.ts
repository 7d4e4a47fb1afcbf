import { permissionsForSide } from '../../shared/permissions';
import { hashPassword } from '../auth/passwords';
import type { Db } from './database';
import { seedReferenceData } from './reference-data';
import { seedMonitoringDemo } from './seed-monitoring';

export const DEFAULT_PASSWORD = '123qwe';
const ADMIN_ROLE = 'Admin';

interface AdminAccount {
  /** The initial password; the published default unless the tenant's creator chose one. */
  password?: string;
  /** Whether the admin must choose a new password at the first login; always so for the published default. */
  shouldChangePassword?: boolean;
}

/** A side's `Admin` role with every permission of that side and its `admin` user; returns the user id. */
async function seedAdmin(tx: Db, tenantId: number | null, email: string, account: AdminAccount = {}): Promise<number> {
  const password = account.password ?? DEFAULT_PASSWORD;
  const shouldChangePassword = password === DEFAULT_PASSWORD || (account.shouldChangePassword ?? true);
  const [role] = await tx.query<{ id: number }>(
    `insert into roles (tenant_id, name, normalized_name, display_name, description, is_static, is_default)
     values ($1, $2::text, upper($2::text), $2::text, '', true, false) returning id`, [tenantId, ADMIN_ROLE]);
  const names = permissionsForSide(tenantId === null).map((p) => p.name);
  await tx.query(`insert into role_permissions (tenant_id, role_id, name) select $1, $2, unnest($3::text[])`, [tenantId, role.id, names]);
  const [user] = await tx.query<{ id: number }>(
    `insert into users (tenant_id, user_name, normalized_user_name, name, surname, email_address, normalized_email_address, password_hash,
       should_change_password_on_next_login)
     values ($1, 'admin', 'ADMIN', 'admin', 'admin', $2::text, upper($2::text), $3, $4) returning id`,
    [tenantId, email, await hashPassword(password), shouldChangePassword]);
  await tx.query('insert into user_roles (tenant_id, user_id, role_id) values ($1, $2, $3)', [tenantId, user.id, role.id]);
  return user.id;
}

async function welcome(tx: Db, tenantId: number | null, userId: number): Promise<void> {
  await tx.query(
    `insert into notifications (tenant_id, user_id, type, title, description) values
       ($1, $2, 0, '欢迎使用固废危废智慧监管平台', '系统已完成初始化，已导入《国家危险废物名录（2021年版）》与国民经济行业分类。'),
       ($1, $2, 1, '定期修改密码', '首次登录时已设置新密码；之后可随时在右上角用户菜单中修改。'),
       ($1, $2, 2, '完善企业信息', '请录入产废、运输和接收单位的基本信息。')`, [tenantId, userId]);
}

/** Everything a new tenant starts with: its admin, its Admin role and the official reference lists. */
export async function seedTenant(tx: Db, tenantId: number, admin: AdminAccount = {}): Promise<void> {
  const adminId = await seedAdmin(tx, tenantId, 'admin@defaulttenant.com', admin);
  await seedReferenceData(tx, tenantId);
  await welcome(tx, tenantId, adminId);
}

/** First start: the host admin and the `Default` tenant (id 1) with its monitoring demo. Does nothing on a seeded database. */
export async function seed(db: Db): Promise<boolean> {
  const [{ count }] = await db.query<{ count: number }>('select count(*)::int as count from users');
  if (count > 0) return false;
  await db.transaction(async (tx) => {
    const hostAdmin = await seedAdmin(tx, null, 'admin@aspnetboilerplate.com');
    await seedReferenceData(tx, null);
    await welcome(tx, null, hostAdmin);
    await tx.query(`insert into tenants (id, tenancy_name, name) values (1, 'Default', 'Default')`);
    await tx.query(`select setval(pg_get_serial_sequence('tenants', 'id'), 1)`);
    await seedTenant(tx, 1);
    await seedMonitoringDemo(tx, 1);
  });
  return true;
}
