import type { Db, SqlParam } from '../db/database';

/** Collects parameters while SQL is assembled, so every value travels as $n and never as text. */
export class Params {
  readonly values: SqlParam[] = [];

  add(value: SqlParam): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The one tenant filter of the server: tenant rows match their tenant, host rows have none. */
export function tenantCondition(alias: string, tenantId: number | null, params: Params): string {
  return tenantId === null ? `${alias}.tenant_id is null` : `${alias}.tenant_id = ${params.add(tenantId)}`;
}

/** Live rows of the request's tenant: the filter every read of tenant-owned data starts from. */
export function scopeCondition(alias: string, tenantId: number | null, params: Params): string {
  return `${tenantCondition(alias, tenantId, params)} and not ${alias}.is_deleted`;
}

interface PageQuery {
  /** `select … from … [joins]` for the items. */
  select: string;
  /** `from …` without joins, for the count. */
  from: string;
  /**
   * With this, `select` is the output list alone (over alias `t`), and these joins follow a derived table of the page's
   * rows: joins and subqueries of the output then run for the rows shown, not for every row OFFSET skips.
   */
  pageFirst?: { joins: string };
  where: string[];
  params: Params;
  orderBy: string;
  limit: number;
  offset: number;
}

/** One page of rows plus the exact total, the shape of every ABP `GetAll`. */
export async function queryPage<T>(db: Db, query: PageQuery): Promise<{ totalCount: number; items: T[] }> {
  const where = query.where.join(' and ');
  const countValues = [...query.params.values];
  const limit = query.params.add(query.limit);
  const offset = query.params.add(query.offset);
  const page = `where ${where} order by ${query.orderBy} limit ${limit} offset ${offset}`;
  const itemsSql = query.pageFirst
    ? `${query.select} from (select t.* ${query.from} ${page}) t ${query.pageFirst.joins} order by ${query.orderBy}`
    : `${query.select} ${page}`;
  const [items, count] = await Promise.all([
    db.query<T>(itemsSql, query.params.values),
    db.query<{ count: number }>(`select count(*)::int as count ${query.from} where ${where}`, countValues),
  ]);
  return { totalCount: count[0].count, items };
}
