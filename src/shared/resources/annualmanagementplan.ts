import { planStatus } from '../enums';
import { defineResource, field } from '../resource-kit';
import { partyEnterprise } from './enterpriseinformation';

/** A producer's yearly plan of hazardous waste; its rows are AnnualManagementPlanDetail, written with the plan. */
export const annualmanagementplan = defineResource({
  name: 'AnnualManagementPlan',
  label: { zh: '年度管理计划', en: 'Annual management plans' },
  table: 'annual_management_plan',
  permission: 'Pages.AnnualManagementPlan',
  route: { path: '/enterpriseinformationwp/annualmanagementplan', icon: 'calendar', order: 3 },
  enterpriseScope: { fields: ['enterpriseId'] },
  fields: {
    enterpriseId: partyEnterprise('producer', { required: true, filterable: true, width: 240 }),
    year: field.integer({ zh: '计划年度', en: 'Year' }, { required: true, min: 2000, max: 2100, sortable: true, filterable: true, width: 80 }),
    title: field.string({ zh: '计划名称', en: 'Title' }, { maxLength: 100, searchable: true, width: 220 }),
    status: field.enum({ zh: '状态', en: 'Status' }, planStatus, { default: planStatus.draft, form: false, managed: true, filterable: true, width: 80 }),
    remark: field.text({ zh: '备注', en: 'Remark' }, { maxLength: 1000, width: 200 }),
  },
  defaultSorting: 'year desc',
  displayField: 'title',
});
