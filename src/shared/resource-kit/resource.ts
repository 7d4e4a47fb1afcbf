import type { FieldDef } from './fields';
import type { Label } from './label';
import type { PermissionName } from '../permissions';

export interface RoutePlacement {
  /** Client route path, e.g. `/basicinformation/wastecode`. */
  path: string;
  /** Menu group name (see navigation.ts). */
  group: string;
  /** Blueprint icon name. */
  icon?: string;
  order?: number;
}

export interface LookupDeclaration {
  /** Method name of the lookup list, e.g. `GetWastecodeAll`; needs a logged-in user, not the page permission. */
  method: string;
  /** Field shown to people when picking a row. */
  labelField: string;
}

export interface ResourceDeclaration<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** Service name in the API path: `/api/services/app/{name}/GetAll`. Also the i18n namespace. */
  name: string;
  label: Label;
  /** Database table name. */
  table: string;
  permission: PermissionName;
  route: RoutePlacement;
  fields: F;
  /** `Sorting` used when the request gives none; otherwise id descending. */
  defaultSorting?: string;
  lookup?: LookupDeclaration;
  /** Field shown when another resource references this one (defaults to the lookup's label field). */
  displayField?: string;
  /** Which side owns rows: tenant rows are isolated per tenant (the host is its own scope). */
  multiTenancy?: 'tenant';
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
    if (def.kind === 'reference' && !name.endsWith('Id')) {
      throw new Error(`${declaration.name}.${name}: reference fields are named <something>Id`);
    }
  }
  return { ...declaration, displayField, fieldNames };
}

/** i18n keys follow one rule so that no resource text is written twice. */
export const i18nKey = {
  title: (resource: string) => `resource.${resource}.title`,
  field: (resource: string, fieldName: string) => `resource.${resource}.fields.${fieldName}`,
  enumOption: (enumName: string, value: string | number) => `enum.${enumName}.${value}`,
};
