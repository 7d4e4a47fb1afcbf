// A user's links to the scheme's areas (a street office's clerks): given as ids per level, kept with their whole path
// above them so that scoping compares paths without walking up the hierarchy.
import { translate } from '../../../shared/locales';
import { AREA_FIELDS, carea, qarea, sarea, varea, type AreaField, type AreaPath } from '../../../shared/resources/areas';
import { withinAreas, scopeOf } from '../../crud/scope';
import { raw, scopeCondition, sql } from '../../crud/sql';
import type { Db } from '../../db/database';
import { columnName } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import type { ValidationErrorInfo } from '../../http/errors';
import type { Input } from '../../http/input';
import type { TextKey } from '../../../shared/locales';

/** The body and DTO member of each level: `sareaIds` are the streets the user works in. */
const LEVELS: readonly { field: AreaField; member: string; table: string }[] = [
  { field: 'qareaId', member: 'qareaIds', table: qarea.table },
  { field: 'sareaId', member: 'sareaIds', table: sarea.table },
  { field: 'careaId', member: 'careaIds', table: carea.table },
  { field: 'vareaId', member: 'vareaIds', table: varea.table },
];

export const AREA_MEMBERS = LEVELS.map((l) => l.member);

/** The DTO's columns: a link belongs to the deepest level it names. */
export const AREA_COLUMNS = raw(LEVELS.map(({ field, member }, i) => {
  const below = LEVELS[i + 1];
  return `array(select ua.${columnName(field)} from user_areas ua where ua.user_id = u.id and ua.${columnName(field)} is not null${below ? ` and ua.${columnName(below.field)} is null` : ''}
    order by ua.${columnName(field)}) as "${member}"`;
}).join(',\n  '));

/**
 * The links a body asks for, each with its path, or undefined when it names none of the levels (left as they are). A
 * linked caller hands out only areas within their own.
 */
export async function readAreaLinks(ctx: RequestContext, tx: Db, input: Input, problems: ValidationErrorInfo[]): Promise<AreaPath[] | undefined> {
  if (LEVELS.every((l) => input.get(l.member) === undefined || input.get(l.member) === null)) return undefined;
  const paths: AreaPath[] = [];
  for (const [depth, level] of LEVELS.entries()) {
    const given = input.get(level.member) ?? [];
    const ids = Array.isArray(given) ? [...new Set(given.map(Number))] : [NaN];
    const fail = (key: TextKey) => problems.push({ message: translate(ctx.language, key, { field: level.member }), members: [level.member] });
    if (!ids.every((n) => Number.isSafeInteger(n) && n > 0)) {
      fail('validation.reference');
      continue;
    }
    if (ids.length === 0) continue;
    const above = AREA_FIELDS.slice(0, depth + 1);
    const columns = raw(above.map((f, i) => `${i === depth ? 'a.id' : `a.${columnName(f)}`} as "${f}"`).join(', '));
    const rows = await tx.query<Record<string, number>>(sql`select ${columns} from ${raw(level.table)} a
      where a.id = any(${ids}::bigint[]) and ${scopeCondition('a', ctx.tenantId)}`);
    const found = rows.map((r) => Object.fromEntries(above.map((f) => [f, Number(r[f])])) as AreaPath);
    if (found.length !== ids.length) fail('validation.reference');
    else if (!found.every((path) => withinAreas(varea, scopeOf(ctx), { ...path, id: path.vareaId }))) fail('validation.outOfAreas');
    else paths.push(...found);
  }
  return paths;
}

export async function setAreaLinks(ctx: RequestContext, tx: Db, userId: number, paths: readonly AreaPath[]): Promise<void> {
  await tx.query('delete from user_areas where user_id = $1', [userId]);
  for (const path of paths) {
    await tx.query('insert into user_areas (tenant_id, user_id, qarea_id, sarea_id, carea_id, varea_id) values ($1, $2, $3, $4, $5, $6)',
      [ctx.tenantId, userId, ...AREA_FIELDS.map((f) => path[f] ?? null)]);
  }
}
