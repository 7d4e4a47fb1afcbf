import { collectorStatus } from '../enums';
import { defineResource, field } from '../resource-kit';
import { PHONE_PATTERN } from './enterpriseinformation';

/** The levels above the communities served: where a street office finds its collectors; never entered. */
const above = (label: { zh: string; en: string }, resource: string) =>
  field.reference(label, resource, { multiple: true, managed: true, derivedFrom: 'careaIds', form: false, list: false });

/**
 * The people who collect sorted waste door to door, in the communities they serve: a user linked to areas sees the
 * collectors serving any community within them, and changes those serving only such communities.
 */
export const collector = defineResource({
  name: 'Igcs_Collector',
  label: { zh: '回收员', en: 'Collectors' },
  table: 'collector',
  permission: 'Pages.IgcsCollector',
  areaScope: { qareaId: 'qareaIds', sareaId: 'sareaIds', careaId: 'careaIds' },
  route: { path: '/recycling/collector', icon: 'person', order: 2 },
  fields: {
    name: field.string({ zh: '姓名', en: 'Name' }, { required: true, maxLength: 50, sortable: true, searchable: true, width: 100 }),
    phone: field.string({ zh: '手机号码', en: 'Phone' }, { required: true, maxLength: 20, pattern: PHONE_PATTERN, searchable: true, width: 120 }),
    idCardNumber: field.string({ zh: '身份证号', en: 'ID card number' }, {
      required: true, maxLength: 18, pattern: '\\d{17}[\\dXx]', check: 'idCard', mask: 'idCard', unique: true, width: 170,
      patternHint: { zh: '18位居民身份证号码', en: '18-character resident ID number' },
    }),
    careaIds: field.reference({ zh: '服务社区', en: 'Communities served' }, 'Carea', { multiple: true, width: 220 }),
    qareaIds: above({ zh: '所在区', en: 'Districts' }, 'Qarea'),
    sareaIds: above({ zh: '所在街道', en: 'Streets' }, 'Sarea'),
    status: field.enum({ zh: '状态', en: 'Status' }, collectorStatus, { required: true, default: 1, filterable: true, width: 80 }),
  },
  displayField: 'name',
  lookup: { method: 'GetCollectorAll', labelField: 'name' },
});
