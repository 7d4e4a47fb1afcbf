import type { Resource } from '../../shared/resource-kit';
import { referenceDisplayKey, resourcePermissions } from '../../shared/resource-kit';
import { RESOURCES } from '../../shared/resources';
import type { RequestContext } from '../http/context';
import type { Row } from './repository';

/**
 * What a form needs to pick a row of `resource` it cannot otherwise read: its id, its label (and display) field, and
 * the fields a declared `where` on a reference to it names (a vehicle's enterprise must be a transporter, so a picker
 * of enterprises needs `corporateType`). A reference among them also brings its display text.
 */
export function pickerFields(resource: Resource, all: readonly Resource[] = RESOURCES): string[] {
  const names = new Set([resource.lookup?.labelField ?? resource.displayField, resource.displayField]);
  for (const other of all) {
    for (const def of Object.values(other.fields)) {
      if (def.kind === 'reference' && def.resource === resource.name && def.where) for (const name of Object.keys(def.where)) names.add(name);
    }
  }
  return [...names].flatMap((name) => (resource.fields[name]?.kind === 'reference' ? [name, referenceDisplayKey(name)] : [name]));
}

const holdsResource = (ctx: RequestContext, resource: Resource) => resourcePermissions(resource).some((p) => ctx.isGranted(p));

/**
 * The fields of `resource` the caller is shown: every one to a holder of one of its permissions, otherwise the picker's.
 * A keyword looks only in these: a search that finds rows by what it hides answers the hidden value one guess at a time.
 */
export function visibleFields(ctx: RequestContext, resource: Resource): readonly string[] {
  return holdsResource(ctx, resource) ? resource.fieldNames : pickerFields(resource);
}

/**
 * Rows of a lookup list as the caller may see them: whole for a holder of one of the resource's permissions, otherwise
 * only the picker's columns — a lookup serves other screens' forms, not a way around the resource's permission.
 */
export function forPicker(ctx: RequestContext, resource: Resource, rows: Row[]): Row[] {
  if (holdsResource(ctx, resource)) return rows;
  const columns = pickerFields(resource).filter((c) => c !== 'id');
  return rows.map((row) => ({ id: row.id, ...Object.fromEntries(columns.filter((c) => c in row).map((c) => [c, row[c]])) }));
}
