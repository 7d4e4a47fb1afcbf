import { industryLevel } from '../enums';
import { defineResource, field } from '../resource-kit';

/** GB/T 4754-2017 industry classification, a four-level tree (section → division → group → class). */
export const industrycategory = defineResource({
  name: 'Industrycategory',
  label: { zh: '行业类别', en: 'Industry categories' },
  table: 'industry_category',
  permission: 'Pages.Industrycategory',
  route: { path: '/basicinformation/industrycategory', icon: 'office', order: 2 },
  fields: {
    code: field.string({ zh: '代码', en: 'Code' }, {
      required: true, maxLength: 4, pattern: '^([A-T]|\\d{2,4})$', unique: true, sortable: true, searchable: true, width: 90,
    }),
    name: field.string({ zh: '名称', en: 'Name' }, { required: true, maxLength: 100, sortable: true, searchable: true, width: 320 }),
    level: field.enum({ zh: '层级', en: 'Level' }, industryLevel, { required: true, filterable: true, sortable: true, width: 90 }),
    parentId: field.reference({ zh: '上级类别', en: 'Parent' }, 'Industrycategory', { filterable: true, width: 240 }),
  },
  defaultSorting: 'code',
  lookup: { method: 'GetIndustrycategoryAll', labelField: 'name' },
});
