import { MENU_GROUPS, ROUTES } from '../../../shared/navigation';
import type { Translate } from '../../crud';

/** A permission as `Role/GetAllPermissions` lists it. */
export interface PermissionItem {
  name: string;
  displayName?: string;
}

interface PermissionGroup {
  /** Menu group name, or `OTHER_GROUP` for permissions that guard no grouped route. */
  name: string;
  label: string;
  permissions: { name: string; label: string }[];
}

export const OTHER_GROUP = '__other';

/**
 * Permissions grouped the way the sidebar groups the screens they open: each permission goes under the menu group of
 * the route it guards (the first such route, or its parent permission's), in menu order; the rest go last under “other”.
 */
export function groupPermissions(permissions: readonly PermissionItem[], t: Translate): PermissionGroup[] {
  const placement = new Map<string, { group: string; order: number }>();
  for (const route of ROUTES) {
    if (!route.permission || !route.group || placement.has(route.permission)) continue;
    placement.set(route.permission, { group: route.group, order: route.order ?? 99 });
  }
  const groupOrder = [...MENU_GROUPS.map((g) => g.name), OTHER_GROUP];
  const byGroup = new Map<string, { name: string; label: string; order: number }[]>();
  // A child permission (`Pages.Users.Activation`) goes where its parent's screen is.
  const placeOf = (name: string) => {
    for (let n = name; n.includes('.'); n = n.slice(0, n.lastIndexOf('.'))) {
      const place = placement.get(n);
      if (place) return place;
    }
    return undefined;
  };
  for (const p of permissions) {
    const place = placeOf(p.name);
    const group = place && groupOrder.includes(place.group) ? place.group : OTHER_GROUP;
    const label = t(`permission.${p.name}`, { defaultValue: p.displayName || p.name });
    const list = byGroup.get(group) ?? [];
    list.push({ name: p.name, label, order: place?.order ?? 99 });
    byGroup.set(group, list);
  }
  return groupOrder.filter((g) => byGroup.has(g)).map((g) => ({
    name: g,
    label: g === OTHER_GROUP ? t('roles.otherPermissions') : t(`menu.${g}`),
    permissions: byGroup.get(g)!
      .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
      .map(({ name, label }) => ({ name, label })),
  }));
}

/** The group's check state from the granted names: all, some (indeterminate) or none. */
export function groupState(group: PermissionGroup, granted: ReadonlySet<string>): 'all' | 'some' | 'none' {
  const count = group.permissions.filter((p) => granted.has(p.name)).length;
  return count === 0 ? 'none' : count === group.permissions.length ? 'all' : 'some';
}

/** Grants or revokes every permission of a group, keeping the others. */
export function toggleGroup(group: PermissionGroup, granted: readonly string[], on: boolean): string[] {
  const names = new Set(group.permissions.map((p) => p.name));
  const rest = granted.filter((n) => !names.has(n));
  return on ? [...rest, ...group.permissions.map((p) => p.name)] : rest;
}

export function togglePermission(name: string, granted: readonly string[], on: boolean): string[] {
  const rest = granted.filter((n) => n !== name);
  return on ? [...rest, name] : rest;
}
