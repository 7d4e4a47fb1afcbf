import { translate } from '../../../shared/locales';
import { carea, qarea, sarea } from '../../../shared/resources';
import { resourcePermissions, type Resource } from '../../../shared/resource-kit';
import type { ServiceContext } from '../../crud/engine';
import { scopeOf, withinAreas } from '../../crud/scope';
import { raw, sql, tenantCondition } from '../../crud/sql';
import type { Db } from '../../db/database';
import { AppError, errors } from '../../http/errors';
import { childrenOf, findRegion, type Region } from '../regions';

/** What an import added; rows whose division code the tenant already has are left as they are. */
export interface DivisionImport {
  districts: number;
  streets: number;
  communities: number;
}

/** The districts an import starts from: a city's (4-digit code) or one district (6 digits). */
export function districtsOf(code: string): Region[] | null {
  const region = findRegion(code);
  if (region?.level === 2) return childrenOf(code);
  if (region?.level === 3) return [region];
  return null;
}

/** Division codes the tenant's live rows of a level already carry, with their ids. */
async function existingCodes(db: Db, resource: Resource, tenantId: number | null): Promise<Map<string, number>> {
  const rows = await db.query<{ id: number; code: string }>(sql`select t.id, t.region_code as code from ${raw(resource.table)} t
    where ${tenantCondition('t', tenantId)} and not t.is_deleted and t.region_code is not null`);
  return new Map(rows.map((r) => [r.code, Number(r.id)]));
}

/**
 * Adds the rows of one level that are missing, in one statement: each new row's parents are looked up by the division
 * codes of its parents, which the levels above have just made sure exist.
 */
async function addLevel(
  ctx: ServiceContext, tx: Db, resource: Resource, regions: readonly Region[], parents: Record<string, Map<string, number>>,
): Promise<Map<string, number>> {
  const existing = await existingCodes(tx, resource, ctx.tenantId);
  const missing = regions.filter((r) => !existing.has(r.code));
  if (missing.length === 0) return existing;
  const parentColumns = Object.keys(parents);
  const parentIds = parentColumns.map((column) => missing.map((r) => parents[column].get(r.code.slice(0, CODE_DIGITS[column]))!));
  mayCreate(ctx, resource, missing.map((_, i) => Object.fromEntries(parentColumns.map((column, c) => [PARENT_FIELDS[column], parentIds[c][i]]))));
  const columns = ['tenant_id', 'creator_user_id', 'name', 'region_code', ...parentColumns].join(', ');
  const arrays = [missing.map((r) => r.name), missing.map((r) => r.code), ...parentIds];
  const unnest = ['$3::text[]', '$4::text[]', ...parentColumns.map((_, i) => `$${i + 5}::bigint[]`)].join(', ');
  const added = await tx.query<{ id: number; code: string }>(
    `insert into ${resource.table} (${columns}) select $1, $2, u.* from unnest(${unnest}) as u returning id, region_code as code`,
    [ctx.tenantId, ctx.session?.userId ?? null, ...arrays]);
  for (const row of added) existing.set(row.code, Number(row.id));
  return existing;
}

/** How many leading digits of a code name the parent a column refers to. */
const CODE_DIGITS: Record<string, number> = { qarea_id: 6, sarea_id: 9 };

/** The field of the resource each parent column stores. */
const PARENT_FIELDS: Record<string, string> = { qarea_id: 'qareaId', sarea_id: 'sareaId' };

/**
 * An import adds rows as `Create` would: the caller needs the level's permission, and a user linked to areas adds only
 * rows within them (a street's clerk adds the communities of the street, never a district or a street). One row the
 * caller could not create refuses the whole import, and the transaction leaves nothing behind.
 */
function mayCreate(ctx: ServiceContext, resource: Resource, rows: readonly Record<string, unknown>[]): void {
  const permissions = resourcePermissions(resource);
  if (!permissions.some((p) => ctx.isGranted(p))) throw errors.forbidden(ctx.language, permissions);
  if (!rows.every((values) => withinAreas(resource, scopeOf(ctx), values))) {
    throw new AppError(403, translate(ctx.language, 'errors.outsideAreas'), null, null, true);
  }
}

/** Districts, streets and communities of the chosen divisions, added in one transaction. */
export async function importDivisions(ctx: ServiceContext, districts: readonly Region[]): Promise<DivisionImport> {
  const streets = districts.flatMap((d) => childrenOf(d.code));
  const communities = streets.flatMap((s) => childrenOf(s.code));
  return ctx.db.transaction(async (tx) => {
    const before = await Promise.all([qarea, sarea, carea].map(async (r) => (await existingCodes(tx, r, ctx.tenantId)).size));
    const q = await addLevel(ctx, tx, qarea, districts, {});
    const s = await addLevel(ctx, tx, sarea, streets, { qarea_id: q });
    const c = await addLevel(ctx, tx, carea, communities, { qarea_id: q, sarea_id: s });
    return { districts: q.size - before[0], streets: s.size - before[1], communities: c.size - before[2] };
  });
}
