import { disposalMethod } from '../enums';
import { defineResource, field } from '../resource-kit';

/** Which waste categories an enterprise collects, and how they are disposed of. */
export const collectioncategory = defineResource({
  name: 'Collectioncategory',
  label: { zh: '收集类别', en: 'Collection categories' },
  table: 'collection_category',
  permission: 'Pages.Collectioncategory',
  route: { path: '/enterpriseinformationwp/collectioncategory', icon: 'tag', order: 4 },
  enterpriseScope: { fields: ['enterpriseId'] },
  fields: {
    enterpriseId: field.reference({ zh: '企业', en: 'Enterprise' }, 'EnterpriseInformation', { required: true, filterable: true, width: 240 }),
    wastecategoryId: field.reference({ zh: '废物类别', en: 'Waste category' }, 'Wastecategory', { required: true, filterable: true, width: 220 }),
    disposalMethod: field.enum({ zh: '处置方式', en: 'Disposal method' }, disposalMethod, { required: true, filterable: true, width: 110 }),
  },
  displayField: 'wastecategoryId',
});
