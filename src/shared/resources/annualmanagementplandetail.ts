import { disposalMethod } from '../enums';
import { defineResource, field, UNITS } from '../resource-kit';
import { partyEnterprise } from './enterpriseinformation';

/** One waste of an annual plan: how much this year and last year, and who takes it. */
export const annualmanagementplandetail = defineResource({
  name: 'AnnualManagementPlanDetail',
  label: { zh: '年度计划明细', en: 'Annual plan rows' },
  table: 'annual_management_plan_detail',
  permission: 'Pages.AnnualManagementPlan',
  enterpriseScope: { parent: 'aid' },
  fields: {
    aid: field.reference({ zh: '年度计划', en: 'Plan' }, 'AnnualManagementPlan', { required: true, filterable: true, form: false, list: false }),
    hazardouswasteId: field.reference({ zh: '危废', en: 'Hazardous waste' }, 'HazardouswasteInformation', {
      required: true, sameEnterpriseAs: 'aid', width: 200,
    }),
    thisyearweight: field.decimal({ zh: '本年度计划量', en: 'This year' }, { required: true, greaterThan: 0, max: 1e9, scale: 4, default: 0.01, unit: UNITS.tonnes, width: 120 }),
    lastyearweight: field.decimal({ zh: '上年度实际量', en: 'Last year' }, { required: true, greaterThan: 0, max: 1e9, scale: 4, default: 0.01, unit: UNITS.tonnes, width: 120 }),
    disposalMethod: field.enum({ zh: '处置方式', en: 'Disposal method' }, disposalMethod, { required: true, width: 100 }),
    receiverId: partyEnterprise('receiver', { width: 200 }),
  },
  displayField: 'hazardouswasteId',
});
