import { RESOURCES, findResource } from '../../../shared/resources';
import { AREA_FIELDS, type AreaField } from '../../../shared/resources/areas';
import type { Resource } from '../../../shared/resource-kit';
import type { ResourceHooks } from '../../crud/engine';
import { columnName } from '../../db/schema';

// Every row placed in the areas names the whole path above it: a household its compound, community, street and
// district. When an area moves (a street to another district, a community to another street, a compound to another
// community) every row placed under it follows in the same transaction, so that no path contradicts itself and a
// clerk of the new district sees all that lies in it, a clerk of the old one none of it.

/**
 * How a table stores one level: its column, whether it holds a list of ids (the communities a collector serves), and
 * for a list derived from another list (a collector's districts, from its communities) where it is looked up.
 */
interface LevelColumn {
  column: string;
  many: boolean;
  derived?: { from: string; table: string; column: string };
}

/** A table whose rows are placed in the areas, with the column of each level it stores. */
interface PlacedTable {
  table: string;
  levels: Partial<Record<AreaField, LevelColumn>>;
  /** Whether it keeps deleted rows (which stay where they were, out of every list). */
  softDeleted: boolean;
}

function levelColumn(resource: Resource, field: string): LevelColumn {
  const def = resource.fields[field];
  const many = def?.kind === 'reference' && def.multiple === true;
  const source = def?.kind === 'reference' && def.multiple && def.derivedFrom ? resource.fields[def.derivedFrom] : undefined;
  const sourceResource = source?.kind === 'reference' ? findResource(source.resource) : undefined;
  const level = Object.entries(resource.areaScope ?? {}).find(([, f]) => f === field)?.[0];
  const sourceField = level ? sourceResource?.areaScope?.[level] : undefined;
  if (!sourceResource || !sourceField) return { column: columnName(field), many };
  return { column: columnName(field), many, derived: { from: columnName(def!.derivedFrom!), table: sourceResource.table, column: columnName(sourceField) } };
}

/** Every table placed in the areas: the declared resources (an area row counts by the levels above it), and users' links. */
export const PLACED_TABLES: readonly PlacedTable[] = [
  ...RESOURCES.filter((r) => r.areaScope).map((r) => ({
    table: r.table,
    softDeleted: true,
    levels: Object.fromEntries(Object.entries(r.areaScope!).filter(([, field]) => field !== 'id')
      .map(([level, field]) => [level, levelColumn(r, field)])),
  })),
  // A clerk of the street still works in it, now under its new district.
  { table: 'user_areas', softDeleted: false, levels: Object.fromEntries(AREA_FIELDS.map((level) => [level, { column: columnName(level), many: false }])) },
];

/**
 * Tables storing area ids that need no update of their own: the monthly rollup of the records is kept by the
 * database's trigger on the records, which moves their kilograms when the records move.
 */
export const KEPT_BY_THE_RECORDS = ['recycling_month'] as const;

/** The hook of an area level: after a write that changed the levels above it, the rows placed under it follow. */
export function rowsBelowFollow(level: Exclude<AreaField, 'qareaId'>): NonNullable<ResourceHooks['afterWrite']> {
  const above = AREA_FIELDS.slice(0, AREA_FIELDS.indexOf(level));
  return async (ctx, tx, row, _input, existing) => {
    if (!existing || above.every((f) => existing[f] === row[f])) return;
    const placed = PLACED_TABLES.filter((t) => t.levels[level]);
    // Lists derived from other rows (a collector's districts) are looked up once the rows they read have moved.
    for (const derived of [false, true]) {
      for (const { table, levels, softDeleted } of placed) {
        const moving = above.filter((f) => levels[f] && Boolean(levels[f]!.derived) === derived);
        if (moving.length === 0) continue;
        const at = levels[level]!;
        const params: unknown[] = [row.id, ctx.tenantId];
        const set = moving.map((f) => {
          const { column, derived: source } = levels[f]!;
          if (source) {
            return `${column} = coalesce((select array_agg(distinct s.${source.column} order by s.${source.column}) from ${source.table} s
              where s.id = any(${table}.${source.from})), '{}')`;
          }
          params.push(row[f]);
          return `${column} = $${params.length}`;
        });
        const where = at.many ? `$1 = any(${at.column})` : `${at.column} = $1`;
        await tx.query(`update ${table} set ${set.join(', ')} where ${where} and tenant_id is not distinct from $2${softDeleted ? ' and not is_deleted' : ''}`, params);
      }
    }
  };
}
