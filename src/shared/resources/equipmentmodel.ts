import {
  capacityUnit, containerCapacity, containerMaterial, containerType, equipmentModelStatus, packagingMethod, sizeUnit,
  storagePointType,
} from '../enums';
import { defineResource, field, UNITS } from '../resource-kit';

/**
 * A kind of smart storage container. Its thresholds are what the warning rules compare readings with, so changing a
 * model changes the rules for every device of that model.
 */
export const equipmentmodel = defineResource({
  name: 'Equipmentmodel',
  label: { zh: '设备型号', en: 'Equipment models' },
  table: 'equipment_model',
  permission: 'Pages.Equipmentmodel',
  route: { path: '/monitoring/equipmentmodel', icon: 'cube', order: 2 },
  fields: {
    name: field.string({ zh: '型号名称', en: 'Name' }, { required: true, maxLength: 100, unique: true, sortable: true, searchable: true, width: 180 }),
    containerType: field.enum({ zh: '容器类型', en: 'Container type' }, containerType, { required: true, filterable: true, width: 90 }),
    containerCapacity: field.enum({ zh: '容器容量', en: 'Container capacity' }, containerCapacity, { width: 100 }),
    containerMaterial: field.enum({ zh: '容器材质', en: 'Container material' }, containerMaterial, { width: 100 }),
    packagingMethod: field.enum({ zh: '包装方式', en: 'Packaging method' }, packagingMethod, { required: true, width: 90 }),
    capacity: field.decimal({ zh: '容量', en: 'Capacity' }, { required: true, greaterThan: 0, max: 1_000_000, scale: 3, unit: UNITS.kg, sortable: true, width: 100 }),
    capacityUnit: field.enum({ zh: '容量单位', en: 'Capacity unit' }, capacityUnit, { required: true, default: capacityUnit.kilogram, width: 80 }),
    size: field.decimal({ zh: '尺寸', en: 'Size' }, { min: 0, max: 100_000, scale: 2, width: 80 }),
    sizeUnit: field.enum({ zh: '尺寸单位', en: 'Size unit' }, sizeUnit, { width: 80 }),
    storagePointType: field.enum({ zh: '贮存点类型', en: 'Storage point type' }, storagePointType, { required: true, filterable: true, width: 100 }),
    batteryMin: field.decimal({ zh: '电量下限', en: 'Battery minimum' }, { required: true, min: 0, max: 100, scale: 1, default: 20, unit: UNITS.percent, list: false }),
    temperatureMax: field.decimal({ zh: '温度上限', en: 'Temperature maximum' }, { required: true, min: -40, max: 120, scale: 1, default: 60, unit: UNITS.celsius, list: false }),
    reductionMin: field.decimal({ zh: '减量报警阈值', en: 'Reduction threshold' }, { required: true, greaterThan: 0, max: 100_000, scale: 3, default: 5, unit: UNITS.kg, list: false }),
    displacementRadius: field.decimal({ zh: '位移半径', en: 'Displacement radius' }, { required: true, greaterThan: 0, max: 100_000, scale: 1, default: 50, unit: UNITS.metres, list: false }),
    noWasteHours: field.integer({ zh: '无废间隔', en: 'No-waste interval (h)' }, { required: true, min: 1, max: 8760, default: 72, list: false }),
    offlineMinutes: field.integer({ zh: '离线判定', en: 'Offline after (min)' }, { required: true, min: 1, max: 10080, default: 10, list: false }),
    status: field.enum({ zh: '状态', en: 'Status' }, equipmentModelStatus, { default: equipmentModelStatus.inUse, form: false, managed: true, filterable: true, width: 70 }),
  },
  displayField: 'name',
  lookup: { method: 'GetEquipmentmodelAll', labelField: 'name' },
});
