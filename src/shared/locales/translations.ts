import { ALL_ENUMS } from '../enums';
import { MENU_GROUPS, permissionLabel, ROUTES } from '../navigation';
import { PERMISSIONS } from '../permissions';
import { type Language, type Label, pick } from '../resource-kit/label';
import { RESOURCES } from '../resources';
import { UI_TEXTS } from './ui';

type TranslationTree = { [key: string]: string | TranslationTree };

/** One area's texts (`<area>.<key>`) in one language. */
export function areaTranslations(group: Record<string, Label>, language: Language): Record<string, string> {
  return Object.fromEntries(Object.entries(group).map(([key, label]) => [key, pick(label, language)]));
}

/**
 * The texts of one language the client starts with, as an i18next resource tree: the screens that come with their own
 * chunk add theirs as it loads (see index.ts). Resource titles and field labels live under `resource.<Name>`, enum
 * options under `enum.<name>`, permissions under `permission`, menu entries under `menu` and `route`, so that each text
 * is written once, beside what it labels.
 */
export function buildTranslations(language: Language): TranslationTree {
  const tree: TranslationTree = {};
  for (const [area, group] of Object.entries(UI_TEXTS)) tree[area] = areaTranslations(group, language);
  tree.resource = Object.fromEntries(RESOURCES.map((r) => [r.name, {
    title: pick(r.label, language),
    fields: Object.fromEntries(Object.entries(r.fields).map(([name, f]) => [name, pick(f.label, language)])),
  }]));
  tree.enum = Object.fromEntries(ALL_ENUMS.map((e) => [e.name,
    Object.fromEntries(e.options.map((o) => [String(o.value), pick(o.label, language)]))]));
  tree.permission = Object.fromEntries(PERMISSIONS.map((p) => [p.name, pick(permissionLabel(p.name), language)]));
  tree.menu = Object.fromEntries(MENU_GROUPS.map((g) => [g.name, pick(g.label, language)]));
  tree.route = Object.fromEntries(ROUTES.map((r) => [r.name, pick(r.label, language)]));
  return tree;
}

/** Flattens a tree to `a.b.c` keys, the shape ABP's `localization.values` uses. */
export function flattenTranslations(tree: TranslationTree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flattenTranslations(value, path));
  }
  return out;
}
