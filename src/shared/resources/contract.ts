import { contractStatus, contractStatusFilter, contractType } from '../enums';
import { defineResource, field, UNITS } from '../resource-kit';

/** Contracts between enterprises; voiding sets the status and keeps the record. */
export const contract = defineResource({
  name: 'Contract',
  label: { zh: '合同管理', en: 'Contracts' },
  table: 'contract',
  permission: 'Pages.ContractManagement',
  route: { path: '/contractmanagement/contract', icon: 'document', order: 1 },
  enterpriseScope: { fields: ['partyAId', 'partyBId'] },
  fields: {
    contractNo: field.string({ zh: '合同编号', en: 'Contract number' }, { required: true, maxLength: 50, unique: true, sortable: true, searchable: true, width: 140 }),
    name: field.string({ zh: '合同名称', en: 'Title' }, { maxLength: 100, searchable: true, width: 200 }),
    partyAId: field.reference({ zh: '甲方', en: 'Party A' }, 'EnterpriseInformation', { required: true, filterable: true, width: 200 }),
    partyBId: field.reference({ zh: '乙方', en: 'Party B' }, 'EnterpriseInformation', { required: true, filterable: true, width: 200 }),
    contractType: field.enum({ zh: '合同类型', en: 'Type' }, contractType, { required: true, filterable: true, width: 130 }),
    status: field.enum({ zh: '状态', en: 'Status' }, contractStatus, { default: contractStatus.normal, filterable: true, filterAll: contractStatusFilter.all, width: 70 }),
    signDate: field.date({ zh: '签订日期', en: 'Signed' }, { sortable: true, width: 100 }),
    startDate: field.date({ zh: '开始日期', en: 'Start' }, { required: true, sortable: true, width: 100 }),
    expiryDate: field.date({ zh: '到期日期', en: 'Expiry' }, { required: true, sortable: true, width: 100 }),
    amount: field.decimal({ zh: '合同金额', en: 'Amount' }, { min: 0, max: 1e12, scale: 2, unit: UNITS.yuan, sortable: true, width: 120 }),
    wastecodeIds: field.reference({ zh: '涉及废物代码', en: 'Waste codes covered' }, 'Wastecode', { multiple: true, list: false }),
    attachments: field.files({ zh: '合同附件', en: 'Attachments' }, { list: false }),
    remark: field.text({ zh: '备注', en: 'Remark' }, { maxLength: 2000, list: false }),
  },
  defaultSorting: 'expiryDate',
  displayField: 'contractNo',
});
