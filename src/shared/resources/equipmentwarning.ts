import { warningStatus, warningType } from '../enums';
import { defineResource, field, UNITS } from '../resource-kit';

/**
 * A warning raised by the rules from a device's readings (or its silence). At most one not-closed warning per device
 * and type: repeats count up on it. Written only by the server; people move it with `UpdateEquipmentWarningStatus`.
 */
export const equipmentwarning = defineResource({
  name: 'EquipmentWarning',
  label: { zh: '设备预警', en: 'Equipment warnings' },
  table: 'equipment_warning',
  permission: 'Pages.EquipmentWarning',
  route: { path: '/monitoring/equipmentwarning', icon: 'warning-sign', order: 5 },
  readOnly: true,
  sharedWith: ['Pages.SupervisorConsole'],
  enterpriseScope: { fields: ['enterpriseId'] },
  fields: {
    smartequipmentId: field.reference({ zh: '设备', en: 'Device' }, 'Smartequipment', { required: true, managed: true, filterable: true, width: 130 }),
    enterpriseId: field.reference({ zh: '单位', en: 'Enterprise' }, 'EnterpriseInformation', { required: true, managed: true, filterable: true, width: 200 }),
    storageId: field.reference({ zh: '贮存点', en: 'Storage point' }, 'Hazardouswastestorage', { managed: true, filterable: true, list: false }),
    warningType: field.enum({ zh: '预警类型', en: 'Type' }, warningType, { required: true, managed: true, filterable: true, width: 90 }),
    value: field.decimal({ zh: '测量值', en: 'Value' }, { scale: 3, managed: true, width: 90 }),
    threshold: field.decimal({ zh: '阈值', en: 'Threshold' }, { scale: 3, managed: true, width: 80 }),
    quantity: field.decimal({ zh: '减少量', en: 'Quantity' }, { scale: 3, managed: true, unit: UNITS.kg, list: false }),
    raisedAt: field.datetime({ zh: '预警时间', en: 'Raised at' }, { required: true, managed: true, sortable: true, filterRange: true, width: 150 }),
    lastSeenAt: field.datetime({ zh: '最近出现', en: 'Last seen' }, { managed: true, sortable: true, width: 150 }),
    occurrences: field.integer({ zh: '次数', en: 'Occurrences' }, { min: 1, managed: true, width: 60 }),
    status: field.enum({ zh: '状态', en: 'Status' }, warningStatus, { default: warningStatus.open, managed: true, filterable: true, width: 80 }),
    acknowledgedBy: field.string({ zh: '确认人', en: 'Acknowledged by' }, { maxLength: 64, managed: true, list: false }),
    acknowledgedAt: field.datetime({ zh: '确认时间', en: 'Acknowledged at' }, { managed: true, list: false }),
    acknowledgeNote: field.text({ zh: '确认说明', en: 'Acknowledgement note' }, { maxLength: 500, managed: true, list: false }),
    closedBy: field.string({ zh: '关闭人', en: 'Closed by' }, { maxLength: 64, managed: true, list: false }),
    closedAt: field.datetime({ zh: '关闭时间', en: 'Closed at' }, { managed: true, list: false }),
    closeNote: field.text({ zh: '处理说明', en: 'Closing note' }, { maxLength: 500, managed: true, width: 200 }),
  },
  defaultSorting: 'raisedAt desc',
  displayField: 'raisedAt',
});
