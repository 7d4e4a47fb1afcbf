import sql, { empty, join, raw, Sql } from 'sql-template-tag';
import type { Db } from '../db/database';
import { columnName } from '../db/schema';

/**
 * SQL is assembled from immutable fragments: every `${value}` in a `sql` template travels as a `$n` parameter, a nested
 * fragment keeps its own values, and only names the server declares (tables, columns, sort orders) enter as `raw`.
 */
export { sql, empty, join, raw, Sql };

/** A declared field's column under a table alias: `t.wastecategory_id`. */
export const column = (alias: string, field: string): Sql => raw(`${alias}.${columnName(field)}`);

/** All conditions together; no conditions is no restriction. */
export const and = (conditions: readonly Sql[]): Sql => (conditions.length > 0 ? join(conditions, ' and ') : sql`true`);

/** Any of the conditions; none is no match. */
export const or = (conditions: readonly Sql[]): Sql => (conditions.length > 0 ? join(conditions, ' or ', '(', ')') : sql`false`);

/** The one tenant filter of the server: tenant rows match their tenant, host rows have none. */
export function tenantCondition(alias: string, tenantId: number | null): Sql {
  const tenant = raw(`${alias}.tenant_id`);
  return tenantId === null ? sql`${tenant} is null` : sql`${tenant} = ${tenantId}`;
}

/** Live rows of the request's tenant: the filter every read of tenant-owned data starts from. */
export const scopeCondition = (alias: string, tenantId: number | null): Sql =>
  sql`${tenantCondition(alias, tenantId)} and not ${raw(alias)}.is_deleted`;

interface PageQuery {
  /** `select …` for the items, with its joins unless `pageFirst` names them. */
  select: Sql;
  /** `from …` without joins, for the count. */
  from: Sql;
  /**
   * With this, `select` is the output list alone (over alias `t`), and these joins follow a derived table of the page's
   * rows: joins and subqueries of the output then run for the rows shown, not for every row OFFSET skips.
   */
  pageFirst?: { joins: Sql };
  where: readonly Sql[];
  orderBy: Sql;
  limit: number;
  offset: number;
  /** A query answering the same exact total as `count`, when something cheaper than counting the rows knows it. */
  count?: Sql | null;
}

/** One page of rows plus the exact total, the shape of every ABP `GetAll`. */
export async function queryPage<T>(db: Db, query: PageQuery): Promise<{ totalCount: number; items: T[] }> {
  const where = and(query.where);
  const page = sql`where ${where} order by ${query.orderBy} limit ${query.limit} offset ${query.offset}`;
  const items = query.pageFirst
    ? sql`${query.select} from (select t.* ${query.from} ${page}) t ${query.pageFirst.joins} order by ${query.orderBy}`
    : sql`${query.select} ${page}`;
  const [rows, count] = await Promise.all([
    db.query<T>(items),
    db.query<{ count: number }>(query.count ?? sql`select count(*)::int as count ${query.from} where ${where}`),
  ]);
  return { totalCount: count[0].count, items: rows };
}
