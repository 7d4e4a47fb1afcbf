import { onlineState } from '../enums';
import { defineResource, field } from '../resource-kit';
import { placedIn } from './areas';

/**
 * Smart recycling stations: households drop sorted waste off with their card; the station weighs it and posts the
 * drop-off with its device key (`POST /api/device/dropoffs`), which becomes an approved record with its points at once.
 */
export const station = defineResource({
  name: 'RecyclingStation',
  label: { zh: '智能回收站', en: 'Smart stations' },
  table: 'recycling_station',
  permission: 'Pages.Rblist',
  route: { path: '/recycling/station', icon: 'inbox-geo', order: 10 },
  areaScope: { qareaId: 'qareaId', sareaId: 'sareaId', careaId: 'careaId', vareaId: 'vareaId' },
  fields: {
    name: field.string({ zh: '站点名称', en: 'Station' }, { required: true, maxLength: 50, sortable: true, searchable: true, width: 160 }),
    serialNumber: field.string({ zh: '设备编号', en: 'Serial number' }, {
      required: true, maxLength: 32, pattern: '[0-9A-Za-z-]{4,32}', unique: true, sortable: true, searchable: true, width: 140,
    }),
    ...placedIn,
    longitude: field.decimal({ zh: '经度', en: 'Longitude' }, { min: -180, max: 180, scale: 6, width: 100 }),
    latitude: field.decimal({ zh: '纬度', en: 'Latitude' }, { min: -90, max: 90, scale: 6, width: 100 }),
    onlineState: field.enum({ zh: '在线状态', en: 'Online' }, onlineState, { managed: true, form: false, filterable: true, width: 80 }),
    lastSeen: field.datetime({ zh: '最近上报', en: 'Last seen' }, { managed: true, form: false, sortable: true, width: 150 }),
  },
  displayField: 'name',
});
