import { defineResource, field } from '../resource-kit';

/** The 46 categories (HW01…HW50) of the National Hazardous Waste List. */
export const wastecategory = defineResource({
  name: 'Wastecategory',
  label: { zh: '废物类别', en: 'Waste categories' },
  table: 'waste_category',
  permission: 'Pages.Wastecategory',
  route: { path: '/basicinformation/wastecategory', icon: 'layers', order: 3 },
  fields: {
    code: field.string({ zh: '类别代码', en: 'Category code' }, {
      required: true, maxLength: 8, pattern: '^HW\\d{2}$', patternHint: { zh: '格式如 HW08', en: 'Format like HW08' },
      unique: true, sortable: true, searchable: true, width: 110,
    }),
    name: field.string({ zh: '类别名称', en: 'Category name' }, { required: true, maxLength: 100, sortable: true, searchable: true, width: 280 }),
    description: field.text({ zh: '说明', en: 'Description' }, { maxLength: 1000, searchable: true, width: 360 }),
  },
  defaultSorting: 'code',
  lookup: { method: 'GetWastecategoryAll', labelField: 'name' },
});
