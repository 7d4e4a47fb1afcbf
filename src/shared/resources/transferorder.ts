import { declareStatus, dispatchStatus, signStatus } from '../enums';
import { defineResource, field, UNITS } from '../resource-kit';
import { partyEnterprise } from './enterpriseinformation';

const signee = (zh: string, en: string) => field.files({ zh, en }, { managed: true, list: false, form: false });

/**
 * The electronic transfer manifest: a producer's waste carried by a transporter to a receiver. Its statuses move only
 * through the calls of the state machine (src/shared/transfer/machine.ts); its lines are TransferOrderLine.
 */
export const transferorder = defineResource({
  name: 'TransferOrder',
  label: { zh: '转移联单', en: 'Transfer orders' },
  table: 'transfer_order',
  permission: 'Pages.TransferApplication',
  sharedWith: ['Pages.TransferReception'],
  createMethod: 'AddProductionWaste',
  enterpriseScope: { fields: ['producerId', 'transporterId', 'receiverId'] },
  fields: {
    manifestNo: field.string({ zh: '联单编号', en: 'Manifest number' }, {
      maxLength: 20, managed: true, form: false, sortable: true, searchable: true, width: 150,
    }),
    producerId: partyEnterprise('producer', { required: true, filterable: true, width: 200 }),
    transporterId: partyEnterprise('transporter', { required: true, filterable: true, width: 200 }),
    receiverId: partyEnterprise('receiver', { required: true, filterable: true, width: 200 }),
    plannedDate: field.date({ zh: '计划转移日期', en: 'Planned transfer date' }, { required: true, sortable: true, filterRange: true, width: 110 }),
    totalQuantity: field.decimal({ zh: '转移总量', en: 'Total quantity' }, {
      managed: true, form: false, scale: 3, unit: UNITS.tonnes, sortable: true, width: 100,
    }),
    declareStatus: field.enum({ zh: '申报状态', en: 'Declare status' }, declareStatus, { default: declareStatus.pending, managed: true, form: false, filterable: true, width: 90 }),
    dispatchStatus: field.enum({ zh: '派车状态', en: 'Dispatch status' }, dispatchStatus, { default: dispatchStatus.pending, managed: true, form: false, filterable: true, width: 90 }),
    signStatus: field.enum({ zh: '签收状态', en: 'Sign status' }, signStatus, { default: signStatus.pending, managed: true, form: false, filterable: true, width: 90 }),
    vehicleIds: field.reference({ zh: '运输车辆', en: 'Vehicles' }, 'Vehicleinformation', { multiple: true, managed: true, form: false, width: 160 }),
    driverIds: field.reference({ zh: '驾驶员', en: 'Drivers' }, 'Driver', { multiple: true, managed: true, form: false, width: 140 }),
    returnReason: field.text({ zh: '退回原因', en: 'Return reason' }, { maxLength: 500, managed: true, form: false, list: false }),
    declarantName: field.string({ zh: '填报人', en: 'Declared by' }, { maxLength: 64, managed: true, form: false, width: 90 }),
    producerSignee: signee('产废单位签章', 'Producer signature'),
    transporterSignee: signee('运输单位签章', 'Transporter signature'),
    receiverSignee: signee('接收单位签章', 'Receiver signature'),
    attachments: field.files({ zh: '附件', en: 'Attachments' }, { list: false }),
    remarks: field.text({ zh: '备注', en: 'Remarks' }, { maxLength: 1000, list: false }),
    // Every change adds one; a write naming an older version is a conflict (someone else acted first).
    version: field.integer({ zh: '版本', en: 'Version' }, { default: 1, managed: true, form: false, list: false }),
  },
  defaultSorting: 'id desc',
  displayField: 'manifestNo',
});
