import type { Resource } from '../../shared/resource-kit';
import { findResource } from '../../shared/resources';
import type { Db } from '../db/database';
import type { RequestContext } from '../http/context';
import { columnName } from '../db/schema';
import { column, or, raw, sql, type Sql } from './sql';

/** Whose rows a request may touch: the tenant, and for users linked to enterprises, those enterprises. */
export interface Scope {
  tenantId: number | null;
  enterpriseIds: readonly number[] | null;
}

export const scopeOf = (ctx: RequestContext): Scope => ({ tenantId: ctx.tenantId, enterpriseIds: ctx.session?.enterpriseIds ?? null });

/** The whole tenant: for checks that must see rows the caller cannot (uniqueness, counterparties). */
export const tenantScope = (scope: Scope): Scope => ({ tenantId: scope.tenantId, enterpriseIds: null });

/** The resource a `parent` scope points at (plan rows → their plan). */
function parentOf(resource: Resource): { field: string; resource: Resource } | null {
  const scope = resource.enterpriseScope;
  if (!scope || scope === 'self' || !('parent' in scope)) return null;
  const def = resource.fields[scope.parent];
  const target = def?.kind === 'reference' ? findResource(def.resource) : undefined;
  if (!target?.enterpriseScope) throw new Error(`${resource.name}: parent scope ${scope.parent} must reference a scoped resource`);
  return { field: scope.parent, resource: target };
}

function ownerCondition(resource: Resource, alias: string, ids: Sql, depth: number): Sql {
  const scope = resource.enterpriseScope!;
  if (scope === 'self') return sql`${raw(alias)}.id = any(${ids})`;
  if ('fields' in scope) return or(scope.fields.map((f) => sql`${column(alias, f)} = any(${ids})`));
  const parent = parentOf(resource)!;
  const p = raw(`p${depth}`);
  return sql`exists (select 1 from ${raw(parent.resource.table)} ${p} where ${p}.id = ${column(alias, parent.field)}
    and not ${p}.is_deleted and ${ownerCondition(parent.resource, `p${depth}`, ids, depth + 1)})`;
}

/**
 * The condition limiting `alias` rows of `resource` to the caller's enterprises, or null when the caller sees the
 * whole tenant or the resource is not owned by enterprises.
 */
export function enterpriseCondition(resource: Resource, alias: string, scope: Scope): Sql | null {
  if (!resource.enterpriseScope || scope.enterpriseIds === null) return null;
  return ownerCondition(resource, alias, sql`${[...scope.enterpriseIds]}::bigint[]`, 0);
}

/** Owner fields of a row: the enterprise references a linked user must keep within their enterprises. */
export function ownerFields(resource: Resource): string[] {
  const scope = resource.enterpriseScope;
  return scope && scope !== 'self' && 'fields' in scope ? scope.fields : [];
}

/** The enterprise a row belongs to (its first owner field, or its parent's), or null. */
export async function ownerEnterprise(db: Db, resource: Resource, id: number): Promise<number | null> {
  const scope = resource.enterpriseScope;
  if (!scope) return null;
  if (scope === 'self') return id;
  const field = 'fields' in scope ? scope.fields[0] : scope.parent;
  const rows = await db.query<{ owner: number | null }>(`select ${columnName(field)} as owner from ${resource.table} where id = $1`, [id]);
  const owner = rows[0]?.owner ?? null;
  if (owner === null || 'fields' in scope) return owner === null ? null : Number(owner);
  return ownerEnterprise(db, parentOf(resource)!.resource, Number(owner));
}
