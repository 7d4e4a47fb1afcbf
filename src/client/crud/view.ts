import type { FieldDef, Resource } from '../../shared/resource-kit';
import { crudPath, i18nKey } from '../../shared/resource-kit';
import { findResource } from '../../shared/resources';
import type { CrudMethods, FilterValue, ResourceView } from './types';

export const STANDARD_METHODS: CrudMethods = { getAll: 'GetAll', get: 'Get', create: 'Create', update: 'Update', delete: 'Delete' };

export function viewFromResource(resource: Resource): ResourceView {
  return {
    name: resource.name,
    label: resource.label,
    fields: resource.fields,
    fieldNames: resource.fieldNames,
    displayField: resource.displayField,
    lookup: resource.lookup,
    i18n: { title: i18nKey.title(resource.name), field: (f) => i18nKey.field(resource.name, f) },
    methods: resource.createMethod ? { ...STANDARD_METHODS, create: resource.createMethod } : STANDARD_METHODS,
    readOnly: resource.readOnly,
  };
}

// Views of resources the server treats specially (users, roles, tenants). Screens register them when their module
// loads, which is always before any action for them can be dispatched.
const localViews = new Map<string, ResourceView>();

export function registerView(view: ResourceView): ResourceView {
  localViews.set(view.name.toLowerCase(), view);
  return view;
}

const derivedViews = new Map<string, ResourceView>();

function baseView(name: string): ResourceView | undefined {
  const key = name.toLowerCase();
  const local = localViews.get(key);
  if (local) return local;
  let derived = derivedViews.get(key);
  if (!derived) {
    const resource = findResource(name);
    if (!resource) return undefined;
    derived = viewFromResource(resource);
    derivedViews.set(key, derived);
  }
  return derived;
}

/**
 * Slice keys name a screen: the resource (`Wastecode`), or a variant of its screen after `@` with a list state of
 * its own — a declared segment (`EnterpriseInformation@enterpriseinformation_cp`) or a list embedded in another
 * screen (`RegularInspections@enterprise`).
 */
const VARIANT_SEPARATOR = '@';

export const screenKey = (resource: string, variant?: string | null): string =>
  variant ? `${resource}${VARIANT_SEPARATOR}${variant}` : resource;

/** The resource part of a slice key: what lookup caches and API paths are named after. */
export function baseResourceOf(key: string): string {
  const at = key.indexOf(VARIANT_SEPARATOR);
  return at < 0 ? key : key.slice(0, at);
}

/** The service name in API paths. */
export const serviceOf = (view: ResourceView): string => view.service ?? view.name;

const variantViews = new Map<string, ResourceView>();

function variantView(base: ResourceView, variant: string): ResourceView {
  const name = screenKey(base.name, variant);
  const service = serviceOf(base);
  const segment = findResource(service)?.segments?.find((s) => s.name === variant);
  if (!segment) return { ...base, name, service };
  const fixed: Record<string, FilterValue> = { ...base.fixedFilters, [segment.field]: segment.value };
  // The segment's title is its route's label (the tab says the same).
  return { ...base, name, service, label: segment.label, fixedFilters: fixed, i18n: { ...base.i18n, title: `route.${segment.name}` } };
}

/** The view of a screen by slice key: a registered local view, else one derived (once) from the declaration. */
export function findView(key: string): ResourceView | undefined {
  const at = key.indexOf(VARIANT_SEPARATOR);
  if (at < 0) return baseView(key);
  const base = baseView(key.slice(0, at));
  if (!base) return undefined;
  const variant = key.slice(at + 1).toLowerCase();
  const cacheKey = `${base.name.toLowerCase()}${VARIANT_SEPARATOR}${variant}`;
  let view = variantViews.get(cacheKey);
  // A local view registered again (tests do) gets fresh variants.
  if (!view || view.fields !== base.fields) {
    view = variantView(base, variant);
    variantViews.set(cacheKey, view);
  }
  return view;
}

/** Values a new record of the screen starts with so that it belongs there (a segment's type is already ticked). */
export function fixedValues(view: ResourceView): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(view.fixedFilters ?? {})) {
    const def = view.fields[name];
    values[name] = def && (def.kind === 'enum' || def.kind === 'reference') && def.multiple ? [value] : value;
  }
  return values;
}

export const listFieldNames = (view: ResourceView) => view.fieldNames.filter((n) => view.fields[n].list !== false);
/** Fields of the create/edit form: never the ones only the server writes. */
export const formFieldNames = (view: ResourceView) =>
  view.fieldNames.filter((n) => view.fields[n].form !== false && view.fields[n].managed !== true);

/** Column width when the declaration gives none, by kind: dense but readable. */
function defaultWidth(def: FieldDef): number {
  switch (def.kind) {
    case 'boolean': return 80;
    case 'integer': return 90;
    case 'decimal': return 110;
    case 'date': return 110;
    case 'datetime': return 150;
    case 'enum': return 110;
    case 'reference': return def.multiple ? 240 : 180;
    case 'text': return 260;
    case 'files': return 200;
    default: return 150;
  }
}

export const columnWidth = (def: FieldDef) => def.width ?? defaultWidth(def);

export function apiPath(view: ResourceView, method: keyof CrudMethods): string {
  return crudPath(serviceOf(view), view.methods[method]);
}
