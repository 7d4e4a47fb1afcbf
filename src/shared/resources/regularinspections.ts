import { evaluation, inspectionType } from '../enums';
import { defineResource, field } from '../resource-kit';

export const regularinspections = defineResource({
  name: 'RegularInspections',
  label: { zh: '定期检查', en: 'Regular inspections' },
  table: 'regular_inspections',
  permission: 'Pages.RegularInspections',
  route: { path: '/supervision/regularinspections', icon: 'clipboard', order: 1 },
  enterpriseScope: { fields: ['enterpriseId'] },
  fields: {
    enterpriseId: field.reference({ zh: '被检查企业', en: 'Enterprise' }, 'EnterpriseInformation', { required: true, filterable: true, width: 220 }),
    inspectionType: field.enum({ zh: '检查类型', en: 'Inspection type' }, inspectionType, { required: true, filterable: true, width: 130 }),
    evaluation: field.enum({ zh: '评价', en: 'Evaluation' }, evaluation, { required: true, filterable: true, width: 70 }),
    inspectionDate: field.date({ zh: '检查日期', en: 'Date' }, { required: true, sortable: true, width: 100 }),
    inspector: field.string({ zh: '检查人', en: 'Inspector' }, { required: true, maxLength: 50, searchable: true, width: 90 }),
    findings: field.text({ zh: '发现问题', en: 'Findings' }, { maxLength: 2000, searchable: true, width: 260 }),
    rectificationDeadline: field.date({ zh: '整改期限', en: 'Rectification deadline' }, { sortable: true, width: 110 }),
    attachments: field.files({ zh: '附件', en: 'Attachments' }, { list: false }),
  },
  defaultSorting: 'inspectionDate desc',
  displayField: 'inspectionDate',
});
