import type { Resource } from '../../shared/resource-kit';
import { referenceDisplayKey } from '../../shared/resource-kit';
import { findResource, RESOURCES } from '../../shared/resources';
import type { Db } from '../db/database';
import { columnName } from '../db/schema';
import type { FieldValue } from './validation';
import { Params, queryPage, scopeCondition } from './sql';

export type Row = Record<string, unknown> & { id: number };

export interface ListQuery {
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
      columns.push(`t.${columnName(name)} as "${name}"`);
      if (def.kind === 'reference') {
        const target = findResource(def.resource);
        if (!target) throw new Error(`${resource.name}.${name} references unknown resource ${def.resource}`);
        const alias = `r_${columnName(name)}`;
        joins.push(`left join ${target.table} ${alias} on ${alias}.id = t.${columnName(name)}`);
        columns.push(`${alias}.${columnName(target.displayField)} as "${referenceDisplayKey(name)}"`);
      }
    }
    this.select = columns.join(', ');
    this.joins = joins.join(' ');
  }

  list(db: Db, tenantId: number | null, query: ListQuery): Promise<{ totalCount: number; items: Row[] }> {
    const from = `from ${this.resource.table} t`;
    return queryPage<Row>(db, {
      select: `select ${this.select} ${from} ${this.joins}`, from,
      where: [scopeCondition('t', tenantId, query.params), ...query.conditions],
      params: query.params, orderBy: query.orderBy, limit: query.limit, offset: query.offset,
    });
  }

  async findById(db: Db, tenantId: number | null, id: number): Promise<Row | null> {
    const params = new Params();
    const rows = await db.query<Row>(
      `select ${this.select} from ${this.resource.table} t ${this.joins} where t.id = ${params.add(id)} and ${scopeCondition('t', tenantId, params)}`,
      params.values);
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

  async exists(db: Db, tenantId: number | null, id: number): Promise<boolean> {
    const params = new Params();
    const rows = await db.query(
      `select 1 from ${this.resource.table} t where t.id = ${params.add(id)} and ${scopeCondition('t', tenantId, params)}`, params.values);
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
        const params = new Params();
        const rows = await db.query<{ count: number }>(
          `select count(*)::int as count from ${other.table} t where ${scopeCondition('t', tenantId, params)}
              and t.${columnName(name)} = ${params.add(id)}`, params.values);
        if (rows[0].count > 0) found.push({ resource: other, count: rows[0].count });
      }
    }
    return found;
  }
}
