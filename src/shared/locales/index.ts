import { ALL_ENUMS } from '../enums';
import { MENU_GROUPS, permissionLabel, ROUTES } from '../navigation';
import { PERMISSIONS } from '../permissions';
import { type Language, type Label, pick } from '../resource-kit/label';
import { RESOURCES } from '../resources';
import { UI_TEXTS } from './ui';

type TranslationTree = { [key: string]: string | TranslationTree };

function mapLabels(group: Record<string, Label>, language: Language): Record<string, string> {
  return Object.fromEntries(Object.entries(group).map(([key, label]) => [key, pick(label, language)]));
}

/**
 * All texts of one language as an i18next resource tree. Resource titles and field labels live under
 * `resource.<Name>`, enum options under `enum.<name>`, permissions under `permission`, menu entries under
 * `menu` and `route`, so that each text is written once, beside what it labels.
 */
export function buildTranslations(language: Language): TranslationTree {
  const tree: TranslationTree = {};
  for (const [area, group] of Object.entries(UI_TEXTS)) tree[area] = mapLabels(group, language);
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

/** Interpolates `{{name}}` placeholders the way i18next does, for server-side messages. */
export function translate(language: Language, key: string, params: Record<string, string | number> = {}): string {
  const [area, name] = key.split('.') as [keyof typeof UI_TEXTS, string];
  const group = UI_TEXTS[area] as Record<string, Label> | undefined;
  const label = group?.[name];
  const text = label ? pick(label, language) : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? ''));
}
