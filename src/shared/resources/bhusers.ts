import { schemeRole, schemeUserStatus } from '../enums';
import { defineResource, field } from '../resource-kit';
import { placedIn } from './areas';
import { PHONE_PATTERN } from './enterpriseinformation';

/**
 * The scheme's users: a household, named by the person holding its card (used at stations and exchange machines), with
 * how many live in it. Its points balance is its ledger's, never written here by a request.
 */
export const bhusers = defineResource({
  name: 'BHUsers',
  label: { zh: '回收用户', en: 'Recycling users' },
  table: 'scheme_user',
  permission: 'Pages.BHUsers',
  route: { path: '/recycling/bhusers', icon: 'people', order: 1 },
  areaScope: { qareaId: 'qareaId', sareaId: 'sareaId', careaId: 'careaId', vareaId: 'vareaId' },
  fields: {
    name: field.string({ zh: '户主姓名', en: 'Holder' }, { required: true, maxLength: 50, sortable: true, searchable: true, width: 100 }),
    phone: field.string({ zh: '手机号码', en: 'Phone' }, { maxLength: 20, pattern: PHONE_PATTERN, searchable: true, width: 120 }),
    cardNo: field.string({ zh: '卡号', en: 'Card number' }, {
      required: true, maxLength: 32, pattern: '[0-9A-Za-z]{6,32}', unique: true, sortable: true, searchable: 'whole', width: 140,
      patternHint: { zh: '6–32位数字或字母', en: '6 to 32 digits or letters' },
    }),
    members: field.integer({ zh: '家庭人口', en: 'Members' }, { required: true, min: 1, max: 30, default: 1, width: 80 }),
    roleLevel: field.enum({ zh: '用户角色', en: 'Role' }, schemeRole, { required: true, default: schemeRole.resident, filterable: true, width: 100 }),
    ...placedIn,
    address: field.string({ zh: '门牌地址', en: 'Address' }, { maxLength: 200, searchable: true, width: 200 }),
    enrolDate: field.date({ zh: '登记日期', en: 'Enrolled on' }, { required: true, sortable: true, filterRange: true, width: 110 }),
    status: field.enum({ zh: '状态', en: 'Status' }, schemeUserStatus, { required: true, default: 1, filterable: true, width: 80 }),
    points: field.integer({ zh: '积分余额', en: 'Points' }, { managed: true, form: false, default: 0, min: 0, sortable: true, width: 90 }),
    // Kept by the database from the household's records (those that count): who has gone quiet, without reading them.
    lastRecordTime: field.datetime({ zh: '最近投放', en: 'Last drop-off' }, { managed: true, form: false, sortable: true, width: 140 }),
  },
  displayField: 'name',
  lookup: { method: 'GetBHUsersAll', labelField: 'name' },
});
