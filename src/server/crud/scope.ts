import type { Resource } from '../../shared/resource-kit';
import { findResource } from '../../shared/resources';
import type { Db } from '../db/database';
import type { RequestContext } from '../http/context';
import { columnName } from '../db/schema';
import { and, column, or, raw, sql, type Sql } from './sql';
import { AREA_FIELDS, type AreaPath } from '../../shared/resources/areas';

/**
 * Whose rows a request may touch: the tenant, for users linked to enterprises those enterprises, and for users linked
 * to scheme areas those areas.
 */
export interface Scope {
  tenantId: number | null;
  enterpriseIds: readonly number[] | null;
  areas: readonly AreaPath[] | null;
}

export const scopeOf = (ctx: RequestContext): Scope => ({
  tenantId: ctx.tenantId, enterpriseIds: ctx.session?.enterpriseIds ?? null, areas: ctx.session?.areas ?? null,
});

/** The whole tenant: for checks that must see rows the caller cannot (uniqueness, counterparties). */
export const tenantScope = (scope: Scope): Scope => ({ tenantId: scope.tenantId, enterpriseIds: null, areas: null });

// A user linked to an area (a street) works on the rows within it: the street itself, its communities, compounds and
// households. The areas above a link (its district) stay visible, read-only, so that the user can find their way down.

/** The levels a link names that a resource's rows carry, with the row's field for each. */
const sharedLevels = (areaScope: Readonly<Record<string, string>>, link: AreaPath) =>
  AREA_FIELDS.filter((level) => link[level] !== undefined && areaScope[level] !== undefined);

/** Whether the resource's rows are areas themselves (a district, a street…), which a link may lie under. */
const isAreaLevel = (areaScope: Readonly<Record<string, string>>) => Object.values(areaScope).includes('id');

/**
 * Rows of `alias` a user linked to areas may read (`read`: within a link, or an area above one) or change (`write`:
 * within a link); null when the caller is not linked or the resource has no place in the areas.
 */
export function areaCondition(resource: Resource, alias: string, scope: Scope, mode: 'read' | 'write'): Sql | null {
  const areaScope = resource.areaScope;
  if (!areaScope || scope.areas === null) return null;
  return or(scope.areas.flatMap((link) => {
    const levels = sharedLevels(areaScope, link);
    const within = levels.length === AREA_FIELDS.filter((level) => link[level] !== undefined).length;
    if (!within && !(mode === 'read' && isAreaLevel(areaScope))) return [];
    return [and(levels.map((level) => (isMany(resource, areaScope[level])
      ? sql`${link[level]!} = any(${column(alias, areaScope[level])})`
      : sql`${column(alias, areaScope[level])} = ${link[level]!}`)))];
  }));
}

/**
 * A row placed by a list of areas (the communities a collector serves) lies in each of them: it is read where any one
 * lies within a link, and written only when all of them do.
 */
const isMany = (resource: Resource, field: string) => {
  const def = resource.fields[field];
  return def?.kind === 'reference' && def.multiple === true;
};

/** Whether values being written (with the row's id, once it has one) lie within one of the caller's areas. */
export function withinAreas(resource: Resource, scope: Scope, values: Record<string, unknown>): boolean {
  const areaScope = resource.areaScope;
  if (!areaScope || scope.areas === null) return true;
  const lies = (field: string, id: number) => {
    const value = values[field];
    return Array.isArray(value) ? value.length > 0 && value.every((v) => Number(v) === id) : Number(value) === id;
  };
  return scope.areas.some((link) => AREA_FIELDS.every((level) =>
    link[level] === undefined || (areaScope[level] !== undefined && lies(areaScope[level], link[level]))));
}

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
