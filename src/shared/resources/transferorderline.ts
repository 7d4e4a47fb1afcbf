import { containerType, disposalMethod, hazardCharacteristic, physicalCharacteristics } from '../enums';
import { defineResource, field, UNITS } from '../resource-kit';

/**
 * One waste of a transfer order. Code and name are copied from the producer's hazardous-waste record when the line
 * is written (the manifest keeps what was declared); form, characteristics and container default from it.
 */
export const transferorderline = defineResource({
  name: 'TransferOrderLine',
  label: { zh: '联单明细', en: 'Transfer order lines' },
  table: 'transfer_order_line',
  permission: 'Pages.TransferApplication',
  sharedWith: ['Pages.TransferReception'],
  // Lines are written with their order (AddProductionWaste, Update, reception), never on their own.
  readOnly: true,
  enterpriseScope: { parent: 'orderId' },
  fields: {
    orderId: field.reference({ zh: '转移联单', en: 'Transfer order' }, 'TransferOrder', { required: true, filterable: true, form: false, list: false }),
    hazardouswasteId: field.reference({ zh: '危废', en: 'Hazardous waste' }, 'HazardouswasteInformation', {
      required: true, sameEnterpriseAs: 'orderId', width: 180,
    }),
    wastecodeId: field.reference({ zh: '废物代码', en: 'Waste code' }, 'Wastecode', { managed: true, form: false, filterable: true, width: 100 }),
    wasteName: field.string({ zh: '废物名称', en: 'Waste name' }, { maxLength: 100, managed: true, form: false, width: 160 }),
    quantity: field.decimal({ zh: '转移量', en: 'Quantity' }, { required: true, greaterThan: 0, max: 100000, scale: 3, unit: UNITS.tonnes, width: 90 }),
    containerCount: field.integer({ zh: '容器数量', en: 'Containers' }, { min: 0, max: 100000, width: 80 }),
    containerType: field.enum({ zh: '容器类型', en: 'Container type' }, containerType, { width: 80 }),
    physicalForm: field.enum({ zh: '物理性状', en: 'Physical form' }, physicalCharacteristics, { width: 80 }),
    hazardCharacteristics: field.enum({ zh: '危险特性', en: 'Hazard characteristics' }, hazardCharacteristic, { multiple: true, width: 110 }),
    disposalMethod: field.enum({ zh: '处置方式', en: 'Disposal method' }, disposalMethod, { required: true, width: 90 }),
    receivedQuantity: field.decimal({ zh: '实收量', en: 'Received quantity' }, { managed: true, form: false, scale: 3, unit: UNITS.tonnes, width: 90 }),
  },
  displayField: 'wasteName',
});
