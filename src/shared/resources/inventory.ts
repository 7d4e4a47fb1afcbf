import { defineResource, field, UNITS } from '../resource-kit';

/**
 * Current stock per enterprise and waste code: receipts in − transfers out, kept by the server in the transaction of
 * the move that changes it, never below zero.
 */
export const inventory = defineResource({
  name: 'Inventory',
  label: { zh: '库存清单', en: 'Inventory' },
  table: 'inventory',
  permission: 'Pages.InventoryList',
  route: { path: '/inventorymanagement/inventorylist', icon: 'th-list', order: 2 },
  readOnly: true,
  enterpriseScope: { fields: ['enterpriseId'] },
  fields: {
    enterpriseId: field.reference({ zh: '单位', en: 'Enterprise' }, 'EnterpriseInformation', { required: true, filterable: true, managed: true, width: 220 }),
    wastecodeId: field.reference({ zh: '废物代码', en: 'Waste code' }, 'Wastecode', { required: true, filterable: true, managed: true, width: 110 }),
    quantity: field.decimal({ zh: '库存量', en: 'Quantity' }, { required: true, min: 0, scale: 3, unit: UNITS.tonnes, managed: true, sortable: true, width: 110 }),
    receivedTotal: field.decimal({ zh: '累计入库', en: 'Received in total' }, { min: 0, scale: 3, unit: UNITS.tonnes, managed: true, width: 110 }),
    shippedTotal: field.decimal({ zh: '累计转出', en: 'Transferred out in total' }, { min: 0, scale: 3, unit: UNITS.tonnes, managed: true, width: 110 }),
    lastMovementTime: field.datetime({ zh: '最近变动', en: 'Last movement' }, { managed: true, sortable: true, width: 150 }),
  },
  defaultSorting: 'lastMovementTime desc',
  displayField: 'wastecodeId',
});
