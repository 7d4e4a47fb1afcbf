import { receiptSource } from '../enums';
import { defineResource, field, UNITS } from '../resource-kit';

/**
 * Waste going into an enterprise's storage: entered by hand (a producer's own waste), or written when a receiver
 * agrees to a transfer order, one per line with the received quantity. Every receipt moves the inventory.
 */
export const warehousereceipt = defineResource({
  name: 'Warehousereceipt',
  label: { zh: '入库单', en: 'Warehouse receipts' },
  table: 'warehouse_receipt',
  permission: 'Pages.Warehousereceipt',
  route: { path: '/inventorymanagement/warehousereceipt', icon: 'log-in', order: 1 },
  enterpriseScope: { fields: ['enterpriseId'] },
  fields: {
    enterpriseId: field.reference({ zh: '入库单位', en: 'Enterprise' }, 'EnterpriseInformation', { required: true, filterable: true, width: 200 }),
    wastecodeId: field.reference({ zh: '废物代码', en: 'Waste code' }, 'Wastecode', { required: true, filterable: true, width: 100 }),
    hazardouswasteId: field.reference({ zh: '危废', en: 'Hazardous waste' }, 'HazardouswasteInformation', {
      sameEnterpriseAs: 'enterpriseId', list: false,
    }),
    quantity: field.decimal({ zh: '入库量', en: 'Quantity' }, { required: true, greaterThan: 0, max: 100000, scale: 3, unit: UNITS.tonnes, sortable: true, width: 90 }),
    receiptDate: field.date({ zh: '入库日期', en: 'Date' }, { required: true, sortable: true, filterRange: true, width: 100 }),
    storagePlace: field.string({ zh: '贮存场所', en: 'Storage place' }, { maxLength: 100, searchable: true, width: 140 }),
    source: field.enum({ zh: '来源', en: 'Source' }, receiptSource, { default: receiptSource.manual, managed: true, form: false, filterable: true, width: 90 }),
    transferOrderId: field.reference({ zh: '来源联单', en: 'Source order' }, 'TransferOrder', { managed: true, form: false, filterable: true, width: 150 }),
    remarks: field.text({ zh: '备注', en: 'Remarks' }, { maxLength: 500, list: false }),
  },
  defaultSorting: 'receiptDate desc',
  displayField: 'receiptDate',
});
