import type { Resource } from '../../shared/resource-kit';
import { referenceDisplayKey } from '../../shared/resource-kit';
import { findResource, RESOURCES } from '../../shared/resources';
import type { Db } from '../db/database';
import { columnName } from '../db/schema';
import type { FieldValue } from './validation';
import { enterpriseCondition, type Scope } from './scope';
import { Params, queryPage, scopeCondition } from './sql';

/** Stored files of an attachments column, as every read shows them. */
const filesJson = (column: string) =>
  `coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'size', f.size, 'contentType', f.content_type)
      order by array_position(${column}, f.id)) from stored_files f where f.id = any(${column}) and not f.is_deleted), '[]'::json)`;

export type Row = Record<string, unknown> & { id: number };

interface ListQuery {
  /** Extra conditions on alias `t`, with their parameters already in `params`. */
  conditions: string[];
  params: Params;
  orderBy: string;
  limit: number;
  offset: number;
}

/**
 * SQL for one declared resource. Columns come back under their DTO names (`wastecategory_id as "wastecategoryId"`)
 * and each reference brings its display text (`"wastecategoryName"`) through one join, so lists need no second query.
 */
export class ResourceRepository {
  private readonly select: string;
  private readonly joins: string;

  constructor(readonly resource: Resource) {
    const columns = ['t.id', 't.creation_time as "creationTime"', 't.creator_user_id as "creatorUserId"',
      't.last_modification_time as "lastModificationTime"', 't.last_modifier_user_id as "lastModifierUserId"'];
    const joins: string[] = [];
    for (const [name, def] of Object.entries(resource.fields)) {
      const column = `t.${columnName(name)}`;
      if (def.kind === 'files') {
        columns.push(`${filesJson(column)} as "${name}"`);
        continue;
      }
      columns.push(`${column} as "${name}"`);
      if (def.kind !== 'reference') continue;
      const target = findResource(def.resource);
      if (!target) throw new Error(`${resource.name}.${name} references unknown resource ${def.resource}`);
      const display = columnName(target.displayField);
      if (def.multiple) {
        columns.push(`array(select x.${display} from ${target.table} x where x.id = any(${column})
            order by array_position(${column}, x.id)) as "${referenceDisplayKey(name)}"`);
      } else {
        const alias = `r_${columnName(name)}`;
        joins.push(`left join ${target.table} ${alias} on ${alias}.id = ${column}`);
        columns.push(`${alias}.${display} as "${referenceDisplayKey(name)}"`);
      }
    }
    this.select = columns.join(', ');
    this.joins = joins.join(' ');
  }

  /** Tenant, soft delete and, for users linked to enterprises, their enterprises. */
  private where(scope: Scope, params: Params): string[] {
    const owner = enterpriseCondition(this.resource, 't', scope, params);
    return [scopeCondition('t', scope.tenantId, params), ...(owner ? [owner] : [])];
  }

  list(db: Db, scope: Scope, query: ListQuery): Promise<{ totalCount: number; items: Row[] }> {
    const from = `from ${this.resource.table} t`;
    return queryPage<Row>(db, {
      // Page first, then join: page 1000 of 100,000 enterprises computed its display columns for 10,000 rows.
      select: `select ${this.select}`, from, pageFirst: { joins: this.joins },
      where: [...this.where(scope, query.params), ...query.conditions],
      params: query.params, orderBy: query.orderBy, limit: query.limit, offset: query.offset,
    });
  }

  /** Chosen columns of rows (lookup directories), no joins. */
  async listColumns(db: Db, scope: Scope, fieldNames: string[], query: ListQuery): Promise<Row[]> {
    const columns = ['t.id', ...fieldNames.map((n) => `t.${columnName(n)} as "${n}"`)].join(', ');
    const limit = query.params.add(query.limit);
    return db.query<Row>(
      `select ${columns} from ${this.resource.table} t where ${[...this.where(scope, query.params), ...query.conditions].join(' and ')}
        order by ${query.orderBy} limit ${limit}`, query.params.values);
  }

  async findById(db: Db, scope: Scope, id: number, extra: string[] = [], params = new Params()): Promise<Row | null> {
    const where = [`t.id = ${params.add(id)}`, ...this.where(scope, params), ...extra];
    const rows = await db.query<Row>(`select ${this.select} from ${this.resource.table} t ${this.joins} where ${where.join(' and ')}`, params.values);
    return rows[0] ?? null;
  }

  async insert(db: Db, tenantId: number | null, userId: number | null, values: Record<string, FieldValue>): Promise<number> {
    const params = new Params();
    const names = Object.keys(values);
    const columns = ['tenant_id', 'creator_user_id', ...names.map(columnName)];
    const placeholders = [params.add(tenantId), params.add(userId), ...names.map((n) => params.add(values[n]))];
    const rows = await db.query<{ id: number }>(
      `insert into ${this.resource.table} (${columns.join(', ')}) values (${placeholders.join(', ')}) returning id`, params.values);
    return rows[0].id;
  }

  async update(db: Db, tenantId: number | null, userId: number | null, id: number, values: Record<string, FieldValue>): Promise<void> {
    const params = new Params();
    const sets = Object.keys(values).map((n) => `${columnName(n)} = ${params.add(values[n])}`);
    sets.push('last_modification_time = now()', `last_modifier_user_id = ${params.add(userId)}`);
    await db.query(
      `update ${this.resource.table} t set ${sets.join(', ')} where t.id = ${params.add(id)} and ${scopeCondition('t', tenantId, params)}`,
      params.values);
  }

  async softDelete(db: Db, tenantId: number | null, userId: number | null, id: number): Promise<void> {
    const params = new Params();
    await db.query(
      `update ${this.resource.table} t set is_deleted = true, deletion_time = now(), deleter_user_id = ${params.add(userId)}
        where t.id = ${params.add(id)} and ${scopeCondition('t', tenantId, params)}`, params.values);
  }

  /** Is `value` already used by another live row of the tenant? */
  async isTaken(db: Db, tenantId: number | null, fieldName: string, value: FieldValue, exceptId: number | null): Promise<boolean> {
    const params = new Params();
    const rows = await db.query(
      `select 1 from ${this.resource.table} t where ${scopeCondition('t', tenantId, params)}
          and t.${columnName(fieldName)} = ${params.add(value)} and t.id <> ${params.add(exceptId ?? 0)} limit 1`, params.values);
    return rows.length > 0;
  }

  /** Which of `ids` are live rows within the scope that also meet `conditions` (built on the same `params`). */
  async existing(db: Db, scope: Scope, ids: number[], conditions: string[] = [], params = new Params()): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const where = [`t.id = any(${params.add(ids)}::bigint[])`, ...this.where(scope, params), ...conditions];
    const rows = await db.query<{ id: number | string }>(`select t.id from ${this.resource.table} t where ${where.join(' and ')}`, params.values);
    return new Set(rows.map((r) => Number(r.id)));
  }

  /** Does following `fieldName` upwards from `startId` reach `targetId`? (A tree must not get a loop.) */
  async leadsTo(db: Db, fieldName: string, startId: number, targetId: number): Promise<boolean> {
    const column = columnName(fieldName);
    const rows = await db.query(
      `with recursive chain(id, parent, depth) as (
         select id, ${column}, 0 from ${this.resource.table} where id = $1
         union all
         select t.id, t.${column}, c.depth + 1 from ${this.resource.table} t join chain c on t.id = c.parent where c.depth < 100)
       select 1 from chain where id = $2 limit 1`, [startId, targetId]);
    return rows.length > 0;
  }

  /** Live rows of other resources that point at this row (a category still used by codes cannot be deleted). */
  async referencedBy(db: Db, tenantId: number | null, id: number): Promise<{ resource: Resource; count: number }[]> {
    const found: { resource: Resource; count: number }[] = [];
    for (const other of RESOURCES) {
      for (const [name, def] of Object.entries(other.fields)) {
        if (def.kind !== 'reference' || def.resource !== this.resource.name) continue;
        const params = new Params();
        const match = def.multiple ? `${params.add(id)} = any(t.${columnName(name)})` : `t.${columnName(name)} = ${params.add(id)}`;
        const rows = await db.query<{ count: number }>(
          `select count(*)::int as count from ${other.table} t where ${scopeCondition('t', tenantId, params)} and ${match}`, params.values);
        if (rows[0].count > 0) found.push({ resource: other, count: rows[0].count });
      }
    }
    return found;
  }
}
