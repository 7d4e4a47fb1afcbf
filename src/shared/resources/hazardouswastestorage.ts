import { defineResource, field, UNITS } from '../resource-kit';

/**
 * A storage point: one bound device holding one hazardous waste. The server keeps its weight from the device's
 * readings (or a recorded manual correction); unbinding closes the row and keeps it as history.
 */
export const hazardouswastestorage = defineResource({
  name: 'Hazardouswastestorage',
  label: { zh: '危废贮存', en: 'Hazardous waste storage' },
  table: 'hazardous_waste_storage',
  permission: 'Pages.Hazardouswastestorage',
  route: { path: '/monitoring/hazardouswastestorage', icon: 'box', order: 4 },
  readOnly: true,
  enterpriseScope: { fields: ['enterpriseId'] },
  fields: {
    smartequipmentId: field.reference({ zh: '设备', en: 'Device' }, 'Smartequipment', { required: true, managed: true, filterable: true, width: 130 }),
    enterpriseId: field.reference({ zh: '单位', en: 'Enterprise' }, 'EnterpriseInformation', { required: true, managed: true, filterable: true, width: 200 }),
    hazardouswasteInformationId: field.reference({ zh: '危废', en: 'Hazardous waste' }, 'HazardouswasteInformation', { required: true, managed: true, filterable: true, width: 150 }),
    wastecodeId: field.reference({ zh: '废物代码', en: 'Waste code' }, 'Wastecode', { managed: true, filterable: true, width: 100 }),
    storagePlace: field.string({ zh: '贮存场所', en: 'Storage place' }, { maxLength: 100, managed: true, searchable: true, width: 130 }),
    currentWeight: field.decimal({ zh: '当前重量', en: 'Current weight' }, { required: true, min: 0, scale: 3, unit: UNITS.kg, managed: true, sortable: true, width: 110 }),
    capacity: field.decimal({ zh: '容量', en: 'Capacity' }, { required: true, min: 0, scale: 3, unit: UNITS.kg, managed: true, width: 100 }),
    fillRatio: field.decimal({ zh: '装载率', en: 'Fill ratio' }, { min: 0, scale: 4, managed: true, sortable: true, width: 80 }),
    lastChangeTime: field.datetime({ zh: '最近变化', en: 'Last change' }, { managed: true, sortable: true, width: 150 }),
    lastAddedTime: field.datetime({ zh: '最近投放', en: 'Last added' }, { managed: true, list: false }),
    boundTime: field.datetime({ zh: '绑定时间', en: 'Bound' }, { managed: true, list: false }),
    unboundTime: field.datetime({ zh: '解绑时间', en: 'Unbound' }, { managed: true, list: false }),
  },
  defaultSorting: 'lastChangeTime desc',
  displayField: 'storagePlace',
});
