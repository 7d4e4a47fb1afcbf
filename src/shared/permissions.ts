import type { Label } from './resource-kit/label';

/** Which side of the multi-tenant system may hold a permission. */
export type PermissionSide = 'host' | 'tenant' | 'both';

interface PermissionDef {
  label: Label;
  side?: PermissionSide;
}

// Every permission name, in one place. Route permissions follow the specification; modules that have no route in
// the specification yet use names in the same style so that menus and roles can already show them.
const definitions = {
  'Pages.Users': { label: { zh: '用户管理', en: 'Users' } },
  'Pages.Roles': { label: { zh: '角色管理', en: 'Roles' } },
  'Pages.Tenants': { label: { zh: '租户管理', en: 'Tenants' }, side: 'host' },
  'Pages.BigData': { label: { zh: '大数据屏', en: 'Big-data screen' } },
  'Pages.EnterpriseInformation': { label: { zh: '企业信息', en: 'Enterprise information' } },
  'Pages.EnterpriseInformationCP': { label: { zh: '接收单位信息', en: 'Receiving enterprises' } },
  'Pages.EnterpriseInformationWP': { label: { zh: '产废单位信息', en: 'Waste-producing enterprises' } },
  'Pages.EnterpriseInformationTP': { label: { zh: '运输单位信息', en: 'Transport enterprises' } },
  'Pages.HazardouswasteInformation': { label: { zh: '危废信息', en: 'Hazardous waste information' } },
  'Pages.AnnualManagementPlan': { label: { zh: '年度管理计划', en: 'Annual management plans' } },
  'Pages.Vehicleinformation': { label: { zh: '车辆信息', en: 'Vehicles' } },
  'Pages.DriverInformation': { label: { zh: '驾驶员信息', en: 'Drivers' } },
  'Pages.ContractManagement': { label: { zh: '合同管理', en: 'Contracts' } },
  'Pages.TransferApplication': { label: { zh: '转移申请', en: 'Transfer applications' } },
  'Pages.TransferReception': { label: { zh: '转移接收', en: 'Transfer reception' } },
  'Pages.Warehousereceipt': { label: { zh: '入库单', en: 'Warehouse receipts' } },
  'Pages.InventoryList': { label: { zh: '库存清单', en: 'Inventory list' } },
  'Pages.Industrycategory': { label: { zh: '行业类别', en: 'Industry categories' } },
  'Pages.Wastecategory': { label: { zh: '废物类别', en: 'Waste categories' } },
  'Pages.Wastecode': { label: { zh: '废物代码', en: 'Waste codes' } },
  'Pages.Collectioncategory': { label: { zh: '收集类别', en: 'Collection categories' } },
  'Pages.Equipmentmodel': { label: { zh: '设备型号', en: 'Equipment models' } },
  'Pages.Smartequipment': { label: { zh: '智能设备', en: 'Smart equipment' } },
  'Pages.Hazardouswastestorage': { label: { zh: '危废贮存', en: 'Hazardous waste storage' } },
  'Pages.EquipmentWarning': { label: { zh: '设备预警', en: 'Equipment warnings' } },
  'Pages.SupervisorConsole': { label: { zh: '监控台', en: 'Supervisor console' } },
  'Pages.RegularInspections': { label: { zh: '定期检查', en: 'Regular inspections' } },
  'Pages.ChatLog': { label: { zh: '在线沟通', en: 'Chat' } },
  'Pages.BHUsers': { label: { zh: '回收用户', en: 'Recycling users' } },
  'Pages.IgcsCollector': { label: { zh: '回收员', en: 'Collectors' } },
  'Pages.Area': { label: { zh: '区域管理', en: 'Districts' } },
  'Pages.Integral': { label: { zh: '积分管理', en: 'Points' } },
  'Pages.IntegralRule': { label: { zh: '积分规则', en: 'Points rules' } },
  'Pages.BHgoodsType': { label: { zh: '商品类型', en: 'Goods types' } },
  'Pages.BHgoods': { label: { zh: '商品管理', en: 'Goods' } },
  'Pages.BHgoodsExchange': { label: { zh: '兑换机管理', en: 'Exchange machines' } },
  'Pages.Rblist': { label: { zh: '回收记录', en: 'Recycling records' } },
} satisfies Record<string, PermissionDef>;

export type PermissionName = keyof typeof definitions;

export interface Permission {
  name: PermissionName;
  label: Label;
  side: PermissionSide;
}

export const PERMISSIONS: readonly Permission[] = (Object.entries(definitions) as [PermissionName, PermissionDef][])
  .map(([name, def]) => ({ name, label: def.label, side: def.side ?? 'both' }));

/** Permissions that exist on one side (a tenant never holds `Pages.Tenants`). */
export function permissionsForSide(isHost: boolean): Permission[] {
  return PERMISSIONS.filter((p) => p.side === 'both' || p.side === (isHost ? 'host' : 'tenant'));
}

export function isPermissionName(name: string): name is PermissionName {
  return Object.prototype.hasOwnProperty.call(definitions, name);
}
