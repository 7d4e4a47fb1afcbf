import { hazardCharacteristic } from '../enums';
import { defineResource, field } from '../resource-kit';

/** The 467 codes of the National Hazardous Waste List (2021). */
export const wastecode = defineResource({
  name: 'Wastecode',
  label: { zh: '废物代码', en: 'Waste codes' },
  table: 'waste_code',
  permission: 'Pages.Wastecode',
  route: { path: '/basicinformation/wastecode', icon: 'barcode', order: 4 },
  fields: {
    code: field.string({ zh: '废物代码', en: 'Waste code' }, {
      required: true, maxLength: 10, pattern: '^\\d{3}-\\d{3}-\\d{2}$', patternHint: { zh: '格式如 900-041-49', en: 'Format like 900-041-49' },
      unique: true, sortable: true, searchable: true, width: 120,
    }),
    wastecategoryId: field.reference({ zh: '废物类别', en: 'Waste category' }, 'Wastecategory', {
      required: true, filterable: true, width: 200,
    }),
    industrySource: field.string({ zh: '行业来源', en: 'Industry source' }, { maxLength: 100, sortable: true, searchable: true, width: 200 }),
    description: field.text({ zh: '危险废物', en: 'Description' }, { required: true, maxLength: 2000, searchable: true, width: 360 }),
    hazardCharacteristics: field.enum({ zh: '危险特性', en: 'Hazard characteristics' }, hazardCharacteristic, {
      required: true, multiple: true, filterable: true, width: 140,
    }),
  },
  defaultSorting: 'code',
  lookup: { method: 'GetWastecodeAll', labelField: 'code' },
});
