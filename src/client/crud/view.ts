import type { FieldDef, Resource } from '../../shared/resource-kit';
import { crudPath, i18nKey } from '../../shared/resource-kit';
import { findResource } from '../../shared/resources';
import type { CrudMethods, ResourceView } from './types';

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
    methods: STANDARD_METHODS,
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

/** The view of a resource by name: a registered local view, else one derived (once) from the declaration. */
export function findView(name: string): ResourceView | undefined {
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

export const listFieldNames = (view: ResourceView) => view.fieldNames.filter((n) => view.fields[n].list !== false);
export const formFieldNames = (view: ResourceView) => view.fieldNames.filter((n) => view.fields[n].form !== false);

/** Column width when the declaration gives none, by kind: dense but readable. */
export function defaultWidth(def: FieldDef): number {
  switch (def.kind) {
    case 'boolean': return 80;
    case 'integer': return 90;
    case 'decimal': return 110;
    case 'date': return 110;
    case 'datetime': return 150;
    case 'enum': return 110;
    case 'reference': return 180;
    case 'text': return 260;
    default: return 150;
  }
}

export const columnWidth = (def: FieldDef) => def.width ?? defaultWidth(def);

export function apiPath(view: ResourceView, method: keyof CrudMethods): string {
  return crudPath(view.name, view.methods[method]);
}
