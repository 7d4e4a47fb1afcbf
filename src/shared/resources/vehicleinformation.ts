import { vehicleColour, vehicleEntryType } from '../enums';
import { defineResource, field, UNITS } from '../resource-kit';
import { partyEnterprise } from './enterpriseinformation';

export const vehicleinformation = defineResource({
  name: 'Vehicleinformation',
  label: { zh: '车辆信息', en: 'Vehicles' },
  table: 'vehicle_information',
  permission: 'Pages.Vehicleinformation',
  route: { path: '/enterpriseinformationtp/vehicleinformation', icon: 'drive-time', order: 2 },
  enterpriseScope: { fields: ['enterpriseId'] },
  fields: {
    enterpriseId: partyEnterprise('transporter', { required: true, filterable: true, width: 220 }),
    plateNumber: field.string({ zh: '车牌号', en: 'Plate number' }, {
      required: true, maxLength: 10, check: 'plateNumber', unique: true, sortable: true, searchable: true, width: 110,
      patternHint: { zh: '如 浙A12345、粤BD12345', en: 'Like 浙A12345 or 粤BD12345' },
    }),
    colour: field.enum({ zh: '车牌颜色', en: 'Plate colour' }, vehicleColour, { required: true, filterable: true, width: 90 }),
    entryType: field.enum({ zh: '运输方式', en: 'Entry type' }, vehicleEntryType, { required: true, filterable: true, default: vehicleEntryType.road, width: 90 }),
    loadCapacity: field.decimal({ zh: '核定载重', en: 'Load capacity' }, {
      greaterThan: 0, max: 1000, scale: 3, unit: UNITS.tonnes, sortable: true, width: 100,
    }),
    permitNumber: field.string({ zh: '道路危险货物运输许可证号', en: 'Hazardous-goods permit number' }, { maxLength: 50, searchable: true, width: 200 }),
    permitExpiry: field.date({ zh: '许可证有效期至', en: 'Permit expiry' }, { sortable: true, width: 120 }),
  },
  displayField: 'plateNumber',
});
