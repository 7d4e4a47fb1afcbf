import { onlineState } from '../enums';
import { defineResource, field } from '../resource-kit';
import { placedIn } from './areas';

/**
 * Exchange machines: vending machines in the compounds where households spend points on goods. Their slots are
 * loaded from the central store (`ExchangeMachine_UpShelves`) and emptied back into it (`getExchangeMachine_del`);
 * a redemption holds the points and the slot's item until the machine reports the item dispensed.
 */
export const exchangemachine = defineResource({
  name: 'BHgoodsExchange',
  label: { zh: '兑换机管理', en: 'Exchange machines' },
  table: 'exchange_machine',
  permission: 'Pages.BHgoodsExchange',
  route: { path: '/recycling/goodsexchange', icon: 'exchange', order: 8 },
  areaScope: { qareaId: 'qareaId', sareaId: 'sareaId', careaId: 'careaId', vareaId: 'vareaId' },
  fields: {
    name: field.string({ zh: '兑换机名称', en: 'Machine' }, { required: true, maxLength: 50, sortable: true, searchable: true, width: 150 }),
    equipid: field.string({ zh: '设备编号', en: 'Serial number' }, {
      required: true, maxLength: 32, pattern: '[0-9A-Za-z-]{4,32}', unique: true, sortable: true, searchable: true, width: 130,
    }),
    ...placedIn,
    goodsplace: field.string({ zh: '安放位置', en: 'Place' }, { maxLength: 100, searchable: true, width: 160 }),
    longitude: field.decimal({ zh: '经度', en: 'Longitude' }, { min: -180, max: 180, scale: 6, list: false }),
    latitude: field.decimal({ zh: '纬度', en: 'Latitude' }, { min: -90, max: 90, scale: 6, list: false }),
    slotCount: field.integer({ zh: '货道数', en: 'Slots' }, { required: true, min: 1, max: 60, default: 12, width: 70 }),
    slotCapacity: field.integer({ zh: '每道容量', en: 'Per slot' }, { required: true, min: 1, max: 100, default: 10, width: 80 }),
    itemsLeft: field.integer({ zh: '在售件数', en: 'Items left' }, { managed: true, form: false, default: 0, sortable: true, width: 80 }),
    onlineState: field.enum({ zh: '在线状态', en: 'Online' }, onlineState, { managed: true, form: false, filterable: true, width: 80 }),
    lastSeen: field.datetime({ zh: '最近上报', en: 'Last seen' }, { managed: true, form: false, sortable: true, width: 150 }),
  },
  displayField: 'name',
});
