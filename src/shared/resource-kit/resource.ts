import type { FieldDef } from './fields';
import type { Label } from './label';
import type { PermissionName } from '../permissions';

interface RoutePlacement {
  /** Client route path, e.g. `/basicinformation/wastecode`; its first segment names the menu group. */
  path: string;
  /** Blueprint icon name. */
  icon?: string;
  order?: number;
}

export interface LookupDeclaration {
  /** Method name of the lookup list, e.g. `GetWastecodeAll`; needs a logged-in user, not the page permission. */
  method: string;
  /** Field shown to people when picking a row. */
  labelField: string;
  /**
   * A directory of the whole tenant, not limited to the caller's enterprises, showing only these fields: forms pick
   * counterparties (a receiver, a transporter) the caller cannot otherwise read.
   */
  directory?: string[];
}

/**
 * Which enterprise owns a row, for users linked to enterprises (they see and change only their enterprises' rows):
 * - `self`: the row is an enterprise;
 * - `fields`: references to EnterpriseInformation; a row belongs to every enterprise named there;
 * - `parent`: a reference to a row of another scoped resource, whose owner it shares (plan detail rows).
 */
type EnterpriseScope = 'self' | { fields: string[] } | { parent: string };

/**
 * A screen showing part of a resource under its own route and permission (enterprises: receivers, producers,
 * transporters). A user holding only segment permissions reads and writes only rows of those segments.
 */
export interface ResourceSegment {
  /** Route name, e.g. `enterpriseinformation_wp`. */
  name: string;
  label: Label;
  permission: PermissionName;
  route: RoutePlacement;
  /** The enum field that selects rows, and the value of this segment (for a multiple enum: the value it contains). */
  field: string;
  value: number | string;
}

export interface ResourceDeclaration<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** Service name in the API path: `/api/services/app/{name}/GetAll`. Also the i18n namespace. */
  name: string;
  label: Label;
  /** Database table name. */
  table: string;
  permission: PermissionName;
  /** Absent for rows edited only inside another screen (plan detail rows). */
  route?: RoutePlacement;
  fields: F;
  /** `Sorting` used when the request gives none; otherwise id descending. */
  defaultSorting?: string;
  lookup?: LookupDeclaration;
  /** Field shown when another resource references this one (defaults to the lookup's label field). */
  displayField?: string;
  /** Which side owns rows: tenant rows are isolated per tenant (the host is its own scope). */
  multiTenancy?: 'tenant';
  enterpriseScope?: EnterpriseScope;
  /**
   * Where a row sits in the recycling scheme's areas, for users linked to areas (they change only rows within their
   * areas): by level field (`qareaId`…), the row's field holding that level's id, `id` where the row is the area itself.
   */
  areaScope?: Readonly<Record<string, string>>;
  segments?: ResourceSegment[];
  /** Permissions of other screens that also read and act on the resource (transfer reception reads transfer orders). */
  sharedWith?: PermissionName[];
  /**
   * The create endpoint when it is not the standard `Create` (`AddProductionWaste` writes an order with its lines);
   * a module registers it, the engine does not.
   */
  createMethod?: string;
  /** Rows written only by the server (inventory): `GetAll` and `Get`, no create, update or delete. */
  readOnly?: boolean;
}

export interface Resource<F extends Record<string, FieldDef> = Record<string, FieldDef>> extends ResourceDeclaration<F> {
  displayField: string;
  /** Field names in declaration order (plain strings: `keyof F` would make the type invariant in F). */
  fieldNames: string[];
}

export function defineResource<F extends Record<string, FieldDef>>(declaration: ResourceDeclaration<F>): Resource<F> {
  const fieldNames = Object.keys(declaration.fields);
  const displayField = declaration.displayField ?? declaration.lookup?.labelField ?? fieldNames[0];
  for (const [name, def] of Object.entries(declaration.fields)) {
    if (def.kind === 'reference' && !(def.multiple ? /Ids$/ : /[iI]d$/).test(name)) {
      throw new Error(`${declaration.name}.${name}: reference fields are named <something>Id (several: <something>Ids)`);
    }
  }
  return { ...declaration, displayField, fieldNames };
}

/** Every permission that opens some view of the resource: its own, its segments' and the screens it is shared with. */
export function resourcePermissions(resource: ResourceDeclaration): PermissionName[] {
  return [resource.permission, ...(resource.segments ?? []).map((s) => s.permission), ...(resource.sharedWith ?? [])];
}

/** i18n keys follow one rule so that no resource text is written twice. */
export const i18nKey = {
  title: (resource: string) => `resource.${resource}.title`,
  field: (resource: string, fieldName: string) => `resource.${resource}.fields.${fieldName}`,
  enumOption: (enumName: string, value: string | number) => `enum.${enumName}.${value}`,
};
