import type { Label } from './resource-kit/label';

/** Which side of the multi-tenant system may hold a permission. */
type PermissionSide = 'host' | 'tenant' | 'both';

interface PermissionDef {
  side?: PermissionSide;
  /** Names a permission for an action within a screen (`Pages.Integral.Adjust`), which opens no route of its own. */
  label?: Label;
}

// Every permission name, in one place; each one opens at least one route, whose label names the permission too, or
// is an action within its parent's screen and carries its own label.
const definitions = {
  'Pages.Users': {},
  'Pages.Roles': {},
  'Pages.Tenants': { side: 'host' },
  'Pages.Administration.Tenant.Settings': { side: 'tenant' },
  'Pages.BigData': {},
  'Pages.EnterpriseInformation': {},
  'Pages.EnterpriseInformationCP': {},
  'Pages.EnterpriseInformationWP': {},
  'Pages.EnterpriseInformationTP': {},
  'Pages.HazardouswasteInformation': {},
  'Pages.AnnualManagementPlan': {},
  'Pages.Vehicleinformation': {},
  'Pages.DriverInformation': {},
  'Pages.ContractManagement': {},
  'Pages.TransferApplication': {},
  'Pages.TransferReception': {},
  'Pages.Warehousereceipt': {},
  'Pages.InventoryList': {},
  'Pages.Industrycategory': {},
  'Pages.Wastecategory': {},
  'Pages.Wastecode': {},
  'Pages.Collectioncategory': {},
  'Pages.Equipmentmodel': {},
  'Pages.Smartequipment': {},
  'Pages.Hazardouswastestorage': {},
  'Pages.EquipmentWarning': {},
  'Pages.SupervisorConsole': {},
  'Pages.RegularInspections': {},
  'Pages.ChatLog': {},
  'Pages.BHUsers': {},
  'Pages.IgcsCollector': {},
  'Pages.Area': {},
  'Pages.Integral': {},
  'Pages.Integral.Adjust': { label: { zh: '手工调整积分', en: 'Adjust points by hand' } },
  'Pages.IntegralRule': {},
  'Pages.BHgoodsType': {},
  'Pages.BHgoods': {},
  'Pages.BHgoodsExchange': {},
  'Pages.Rblist': {},
} satisfies Record<string, PermissionDef>;

export type PermissionName = keyof typeof definitions;

export interface Permission {
  name: PermissionName;
  side: PermissionSide;
  label?: Label;
}

export const PERMISSIONS: readonly Permission[] = (Object.entries(definitions) as [PermissionName, PermissionDef][])
  .map(([name, def]) => ({ name, side: def.side ?? 'both', label: def.label }));

/** Permissions that exist on one side (a tenant never holds `Pages.Tenants`). */
export function permissionsForSide(isHost: boolean): Permission[] {
  return PERMISSIONS.filter((p) => p.side === 'both' || p.side === (isHost ? 'host' : 'tenant'));
}
