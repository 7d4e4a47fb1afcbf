import { PERMISSIONS, type PermissionName } from './permissions';
import type { Label } from './resource-kit/label';
import { RESOURCES } from './resources';

/** Menu groups of the sidebar, in order. A group with no visible child is hidden. */
interface MenuGroup {
  name: string;
  label: Label;
  icon: string;
}

export const MENU_GROUPS: readonly MenuGroup[] = [
  { name: 'bigdata', label: { zh: '大数据', en: 'Big data' }, icon: 'dashboard' },
  { name: 'basicinformation', label: { zh: '基础信息', en: 'Basic information' }, icon: 'database' },
  { name: 'enterpriseinformationwp', label: { zh: '产废单位', en: 'Waste producers' }, icon: 'build' },
  { name: 'enterpriseinformationtp', label: { zh: '运输单位', en: 'Transporters' }, icon: 'truck' },
  { name: 'enterpriseinformationcp', label: { zh: '接收单位', en: 'Receivers' }, icon: 'inbox' },
  { name: 'contractmanagement', label: { zh: '合同管理', en: 'Contracts' }, icon: 'document' },
  { name: 'transfermanagement', label: { zh: '转移管理', en: 'Transfers' }, icon: 'swap-horizontal' },
  { name: 'inventorymanagement', label: { zh: '库存管理', en: 'Inventory' }, icon: 'box' },
  { name: 'monitoring', label: { zh: '智能监控', en: 'Monitoring' }, icon: 'pulse' },
  { name: 'supervision', label: { zh: '监管检查', en: 'Supervision' }, icon: 'search-template' },
  { name: 'recycling', label: { zh: '垃圾回收', en: 'Recycling scheme' }, icon: 'refresh' },
  { name: 'setting', label: { zh: '系统设置', en: 'Settings' }, icon: 'cog' },
];

type RouteKind =
  | 'login' | 'locking' | 'error' | 'home' // outside or at the root of the shell
  | 'page' // a screen written by hand
  | 'resource'; // a screen derived from a resource declaration

export interface RouteEntry {
  name: string;
  path: string;
  label: Label;
  kind: RouteKind;
  permission?: PermissionName;
  group?: string;
  icon?: string;
  order?: number;
  /** Resource name for `resource` routes. */
  resource?: string;
  /** The resource segment the route shows (receivers, producers, transporters of the enterprises). */
  segment?: string;
  /** Only shown to host users (no tenant). */
  hostOnly?: boolean;
  /** Outside the shell (login, lock screen). */
  bare?: boolean;
  /** Opens in a new window instead of a tab (the external big-screen link). */
  external?: boolean;
  hideInMenu?: boolean;
}

const L = (zh: string, en: string): Label => ({ zh, en });

/** A screen's menu group is the first segment of its path: `/basicinformation/wastecode` → `basicinformation`. */
const groupOf = (path: string): string => path.split('/')[1];

const fixedRoutes: RouteEntry[] = [
  { name: 'locking', path: '/locking', label: L('锁屏', 'Locked'), kind: 'locking', bare: true, hideInMenu: true },
  { name: 'login', path: '/', label: L('登录', 'login'), kind: 'login', bare: true, hideInMenu: true },
  { name: 'login2', path: '/login2', label: L('登录', 'login'), kind: 'login', bare: true, hideInMenu: true },
  { name: 'error-403', path: '/error-403', label: L('无权访问', 'Access denied'), kind: 'error', hideInMenu: true },
  { name: 'home', path: '/main/home', label: L('首页', 'Home'), kind: 'home', icon: 'home', order: 0 },
  { name: 'customerinformation', path: '/bigdata/customerinformation', label: L('大数据屏', 'Big-data screen'), kind: 'page', permission: 'Pages.BigData', group: 'bigdata', icon: 'dashboard', order: 1 },
  { name: 'bigscreen', path: '/bigscreen', label: L('大屏展示', 'Wall display'), kind: 'page', permission: 'Pages.BigData', group: 'bigdata', icon: 'desktop', order: 2, external: true, bare: true },
  { name: 'user', path: '/setting/user', label: L('用户管理', 'Users'), kind: 'page', permission: 'Pages.Users', group: 'setting', icon: 'person', order: 1 },
  { name: 'role', path: '/setting/role', label: L('角色管理', 'Roles'), kind: 'page', permission: 'Pages.Roles', group: 'setting', icon: 'people', order: 2 },
  { name: 'transferorder', path: '/transfermanagement/transferorder', label: L('转移申请', 'Transfer orders'), kind: 'page', permission: 'Pages.TransferApplication', group: 'transfermanagement', icon: 'export', order: 1 },
  { name: 'transferreception', path: '/transfermanagement/transferreception', label: L('转移接收', 'Transfer reception'), kind: 'page', permission: 'Pages.TransferReception', group: 'transfermanagement', icon: 'import', order: 2 },
  { name: 'chatlog', path: '/supervision/chat', label: L('在线沟通', 'Chat'), kind: 'page', permission: 'Pages.ChatLog', group: 'supervision', icon: 'chat', order: 2 },
  { name: 'supervisorconsole', path: '/monitoring/console', label: L('监控台', 'Supervisor console'), kind: 'page', permission: 'Pages.SupervisorConsole', group: 'monitoring', icon: 'eye-open', order: 1 },
  { name: 'area', path: '/recycling/area', label: L('区域管理', 'Areas'), kind: 'page', permission: 'Pages.Area', group: 'recycling', icon: 'map', order: 3 },
  { name: 'integral', path: '/recycling/integral', label: L('积分管理', 'Points'), kind: 'page', permission: 'Pages.Integral', group: 'recycling', icon: 'star', order: 4 },
  { name: 'settings', path: '/setting/settings', label: L('系统设置', 'Settings'), kind: 'page', permission: 'Pages.Administration.Tenant.Settings', group: 'setting', icon: 'cog', order: 4 },
  { name: 'tenant', path: '/setting/tenant', label: L('租户管理', 'Tenants'), kind: 'page', permission: 'Pages.Tenants', group: 'setting', icon: 'office', order: 3, hostOnly: true },
];

const resourceRoutes: RouteEntry[] = RESOURCES.flatMap((r) => [
  ...(r.route ? [{
    name: r.name.toLowerCase(), path: r.route.path, label: r.label, kind: 'resource' as const, resource: r.name,
    permission: r.permission, group: groupOf(r.route.path), icon: r.route.icon, order: r.route.order,
  }] : []),
  ...(r.segments ?? []).map((s) => ({
    name: s.name, path: s.route.path, label: s.label, kind: 'resource' as const, resource: r.name, segment: s.name,
    permission: s.permission, group: groupOf(s.route.path), icon: s.route.icon, order: s.route.order,
  })),
]);

/** The route table: every screen of the product, derived in part from the resource declarations. */
export const ROUTES: readonly RouteEntry[] = [
  ...fixedRoutes, ...resourceRoutes,
];

export function findRouteByPath(pathname: string): RouteEntry | undefined {
  return ROUTES.find((r) => r.path === pathname);
}

/** A permission is called by the first screen it opens (the roles tree and refusals show that name). */
export function permissionLabel(name: PermissionName): Label {
  const own = PERMISSIONS.find((p) => p.name === name)?.label;
  if (own) return own;
  const route = ROUTES.find((r) => r.permission === name);
  if (!route) throw new Error(`Permission ${name} opens no route`);
  return route.label;
}

export function findRouteByName(name: string): RouteEntry | undefined {
  return ROUTES.find((r) => r.name === name);
}

interface MenuEntry {
  group: MenuGroup | null;
  routes: RouteEntry[];
}

/** The sidebar for a user: only permitted items, groups without visible children hidden. */
export function buildMenu(isGranted: (permission: PermissionName) => boolean, isHost: boolean): MenuEntry[] {
  const visible = (r: RouteEntry) =>
    !r.hideInMenu && !r.bare && (!r.permission || isGranted(r.permission)) && (!r.hostOnly || isHost);
  const byOrder = (a: RouteEntry, b: RouteEntry) => (a.order ?? 99) - (b.order ?? 99);
  const top: MenuEntry[] = [{ group: null, routes: ROUTES.filter((r) => !r.group && visible(r)).sort(byOrder) }];
  const groups = MENU_GROUPS.map((group) => ({
    group,
    routes: ROUTES.filter((r) => r.group === group.name && visible(r)).sort(byOrder),
  })).filter((g) => g.routes.length > 0);
  return [...top, ...groups];
}
