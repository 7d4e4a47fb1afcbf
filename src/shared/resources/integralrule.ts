import { pointsRuleMode, rubbishType1, rubbishType2 } from '../enums';
import { defineResource, field } from '../resource-kit';

/**
 * How drop-offs of a kind of waste earn points: per kilogram or per drop-off, with a daily cap per household, over a
 * period. Each change makes a new version (kept with its terms); points already awarded keep theirs.
 */
export const integralrule = defineResource({
  name: 'IntegralRule',
  label: { zh: '积分规则', en: 'Points rules' },
  table: 'points_rule',
  permission: 'Pages.IntegralRule',
  route: { path: '/recycling/integralrule', icon: 'properties', order: 5 },
  fields: {
    name: field.string({ zh: '规则名称', en: 'Rule' }, { required: true, maxLength: 50, sortable: true, searchable: true, width: 160 }),
    rubbishType2: field.enum({ zh: '垃圾小类', en: 'Sub-class' }, rubbishType2, { required: true, filterable: true, width: 120 }),
    rubbishType1: field.enum({ zh: '垃圾大类', en: 'Class' }, rubbishType1, { managed: true, derivedFrom: 'rubbishType2', form: false, filterable: true, width: 110 }),
    mode: field.enum({ zh: '计分方式', en: 'Counted' }, pointsRuleMode, { required: true, default: 1, width: 130 }),
    points: field.integer({ zh: '积分', en: 'Points' }, { required: true, min: 1, max: 10000, width: 70 }),
    dailyCap: field.integer({ zh: '每户每日上限', en: 'Daily cap per household' }, { min: 1, max: 100000, width: 110 }),
    validFrom: field.date({ zh: '生效日期', en: 'Valid from' }, { required: true, sortable: true, width: 110 }),
    validTo: field.date({ zh: '失效日期', en: 'Valid to' }, { sortable: true, width: 110 }),
  },
  defaultSorting: 'validFrom desc',
});
