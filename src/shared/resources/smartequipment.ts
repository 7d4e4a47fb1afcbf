import { activation, onlineState, runningState } from '../enums';
import { defineResource, field } from '../resource-kit';

/**
 * A smart storage container at an enterprise. Bound to one of the enterprise's hazardous wastes and a storage place it
 * is a storage point; it reports readings with its device key (kept hashed: `RegenerateKey` shows a new one once).
 */
export const smartequipment = defineResource({
  name: 'Smartequipment',
  label: { zh: '智能设备', en: 'Smart equipment' },
  table: 'smart_equipment',
  permission: 'Pages.Smartequipment',
  route: { path: '/monitoring/smartequipment', icon: 'mobile-phone', order: 3 },
  enterpriseScope: { fields: ['enterpriseId'] },
  fields: {
    serialNumber: field.string({ zh: '设备编号', en: 'Serial number' }, {
      required: true, maxLength: 50, unique: true, pattern: '^[A-Za-z0-9_-]+$', sortable: true, searchable: true, width: 130,
    }),
    enterpriseId: field.reference({ zh: '所属单位', en: 'Enterprise' }, 'EnterpriseInformation', { required: true, filterable: true, width: 200 }),
    equipmentmodelId: field.reference({ zh: '设备型号', en: 'Model' }, 'Equipmentmodel', { required: true, filterable: true, where: { status: 0 }, width: 140 }),
    hazardouswasteInformationId: field.reference({ zh: '贮存危废', en: 'Hazardous waste' }, 'HazardouswasteInformation', {
      sameEnterpriseAs: 'enterpriseId', filterable: true, width: 160,
    }),
    storagePlace: field.string({ zh: '贮存场所', en: 'Storage place' }, { maxLength: 100, searchable: true, width: 140 }),
    latitude: field.decimal({ zh: '纬度', en: 'Latitude' }, { min: -90, max: 90, scale: 6, list: false }),
    longitude: field.decimal({ zh: '经度', en: 'Longitude' }, { min: -180, max: 180, scale: 6, list: false }),
    runningState: field.enum({ zh: '运行状态', en: 'Running state' }, runningState, { default: runningState.normal, form: false, managed: true, filterable: true, width: 80 }),
    activation: field.enum({ zh: '激活状态', en: 'Activation' }, activation, { default: activation.notActivated, form: false, managed: true, filterable: true, width: 80 }),
    onlineState: field.enum({ zh: '在线状态', en: 'Online' }, onlineState, { default: onlineState.offline, form: false, managed: true, filterable: true, width: 70 }),
    lastHeartbeat: field.datetime({ zh: '最近心跳', en: 'Last heartbeat' }, { form: false, managed: true, sortable: true, width: 150 }),
  },
  defaultSorting: 'serialNumber',
  displayField: 'serialNumber',
  lookup: { method: 'GetSmartequipmentAll', labelField: 'serialNumber' },
});
