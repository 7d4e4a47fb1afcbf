import type { Resource } from '../../shared/resource-kit';
import { referenceDisplayKey } from '../../shared/resource-kit';
import { findResource, RESOURCES } from '../../shared/resources';
import type { Db } from '../db/database';
import { columnName } from '../db/schema';
import type { FieldValue } from './validation';
import { areaCondition, enterpriseCondition, type Scope } from './scope';
import { and, column, join, or, queryPage, raw, scopeCondition, sql, type Sql } from './sql';

/** Stored files of an attachments column, as every read shows them. */
const filesJson = (column: string) =>
  `coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'size', f.size, 'contentType', f.content_type)
      order by array_position(${column}, f.id)) from stored_files f where f.id = any(${column}) and not f.is_deleted), '[]'::json)`;

export type Row = Record<string, unknown> & { id: number };

interface ListQuery {
  /** Extra conditions on alias `t`. */
  conditions: readonly Sql[];
  orderBy: Sql;
  limit: number;
  offset: number;
  /** The exact total from elsewhere (a rollup), instead of counting the rows. */
  count?: Sql | null;
}

/**
 * SQL for one declared resource. Columns come back under their DTO names (`wastecategory_id as "wastecategoryId"`)
 * and each reference brings its display text (`"wastecategoryName"`) through one join, so lists need no second query.
 */
export class ResourceRepository {
  private readonly select: Sql;
  private readonly joins: Sql;
  private readonly table: Sql;

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
    // Column lists and joins are built from declared names only, so they are trusted SQL text.
    this.select = raw(columns.join(', '));
    this.joins = raw(joins.join(' '));
    this.table = raw(resource.table);
  }

  /** Tenant, soft delete and, for users linked to enterprises or areas, their enterprises and areas. */
  private where(scope: Scope): Sql[] {
    const limits = [enterpriseCondition(this.resource, 't', scope), areaCondition(this.resource, 't', scope, 'read')];
    return [scopeCondition('t', scope.tenantId), ...limits.filter((c) => c !== null)];
  }

  list(db: Db, scope: Scope, query: ListQuery): Promise<{ totalCount: number; items: Row[] }> {
    return queryPage<Row>(db, {
      // Page first, then join: page 1000 of 100,000 enterprises computed its display columns for 10,000 rows.
      select: sql`select ${this.select}`, from: sql`from ${this.table} t`, pageFirst: { joins: this.joins },
      where: [...this.where(scope), ...query.conditions], orderBy: query.orderBy, limit: query.limit, offset: query.offset,
      count: query.count,
    });
  }

  /** Chosen columns of rows (lookup directories), no joins. */
  async listColumns(db: Db, scope: Scope, fieldNames: string[], query: ListQuery): Promise<Row[]> {
    const columns = raw(['t.id', ...fieldNames.map((n) => `t.${columnName(n)} as "${n}"`)].join(', '));
    return db.query<Row>(sql`select ${columns} from ${this.table} t where ${and([...this.where(scope), ...query.conditions])}
      order by ${query.orderBy} limit ${query.limit}`);
  }

  async findById(db: Db, scope: Scope, id: number, extra: readonly Sql[] = []): Promise<Row | null> {
    const where = and([sql`t.id = ${id}`, ...this.where(scope), ...extra]);
    const rows = await db.query<Row>(sql`select ${this.select} from ${this.table} t ${this.joins} where ${where}`);
    return rows[0] ?? null;
  }

  async insert(db: Db, tenantId: number | null, userId: number | null, values: Record<string, FieldValue>): Promise<number> {
    const names = Object.keys(values);
    const columns = raw(['tenant_id', 'creator_user_id', ...names.map(columnName)].join(', '));
    const rows = await db.query<{ id: number }>(
      sql`insert into ${this.table} (${columns}) values (${join([tenantId, userId, ...names.map((n) => values[n])])}) returning id`);
    return rows[0].id;
  }

  async update(db: Db, tenantId: number | null, userId: number | null, id: number, values: Record<string, FieldValue>): Promise<void> {
    const sets = [...Object.keys(values).map((n) => sql`${raw(columnName(n))} = ${values[n]}`),
      sql`last_modification_time = now()`, sql`last_modifier_user_id = ${userId}`];
    await db.query(sql`update ${this.table} t set ${join(sets)} where t.id = ${id} and ${scopeCondition('t', tenantId)}`);
  }

  async softDelete(db: Db, tenantId: number | null, userId: number | null, id: number): Promise<void> {
    await db.query(sql`update ${this.table} t set is_deleted = true, deletion_time = now(), deleter_user_id = ${userId}
        where t.id = ${id} and ${scopeCondition('t', tenantId)}`);
  }

  /** Is `value` already used by another live row of the tenant? */
  async isTaken(db: Db, tenantId: number | null, fieldName: string, value: FieldValue, exceptId: number | null): Promise<boolean> {
    const rows = await db.query(sql`select 1 from ${this.table} t where ${scopeCondition('t', tenantId)}
          and ${column('t', fieldName)} = ${value} and t.id <> ${exceptId ?? 0} limit 1`);
    return rows.length > 0;
  }

  /** Which of `ids` are live rows within the scope that also meet `conditions`. */
  async existing(db: Db, scope: Scope, ids: number[], conditions: readonly Sql[] = []): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const where = and([sql`t.id = any(${ids}::bigint[])`, ...this.where(scope), ...conditions]);
    const rows = await db.query<{ id: number | string }>(sql`select t.id from ${this.table} t where ${where}`);
    return new Set(rows.map((r) => Number(r.id)));
  }

  /** Is some live row within the scope holding file `fileId` in one of `fieldNames` (files columns)? */
  async holdsFile(db: Db, scope: Scope, fileId: number, fieldNames: readonly string[], conditions: readonly Sql[] = []): Promise<boolean> {
    if (fieldNames.length === 0) return false;
    const held = or(fieldNames.map((name) => sql`${fileId}::bigint = any(${raw(`t.${columnName(name)}`)})`));
    const rows = await db.query(sql`select 1 from ${this.table} t where ${and([held, ...this.where(scope), ...conditions])} limit 1`);
    return rows.length > 0;
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
        const target = column('t', name);
        const match = def.multiple ? sql`${id} = any(${target})` : sql`${target} = ${id}`;
        const rows = await db.query<{ count: number }>(
          sql`select count(*)::int as count from ${raw(other.table)} t where ${scopeCondition('t', tenantId)} and ${match}`);
        if (rows[0].count > 0) found.push({ resource: other, count: rows[0].count });
      }
    }
    return found;
  }
}
