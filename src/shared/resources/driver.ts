import { defineResource, field } from '../resource-kit';
import { PHONE_PATTERN, partyEnterprise } from './enterpriseinformation';

export const driver = defineResource({
  name: 'Driver',
  label: { zh: '驾驶员信息', en: 'Drivers' },
  table: 'driver',
  permission: 'Pages.DriverInformation',
  route: { path: '/enterpriseinformationtp/driver', icon: 'id-number', order: 3 },
  enterpriseScope: { fields: ['enterpriseId'] },
  fields: {
    enterpriseId: partyEnterprise('transporter', { required: true, filterable: true, width: 220 }),
    name: field.string({ zh: '姓名', en: 'Name' }, { required: true, maxLength: 50, sortable: true, searchable: true, width: 90 }),
    idCardNumber: field.string({ zh: '身份证号', en: 'ID card number' }, {
      required: true, maxLength: 18, pattern: '\\d{17}[\\dXx]', check: 'idCard', mask: 'idCard', unique: true, width: 170,
      patternHint: { zh: '18位居民身份证号码', en: '18-character resident ID number' },
    }),
    phone: field.string({ zh: '联系电话', en: 'Phone' }, { maxLength: 20, pattern: PHONE_PATTERN, width: 120 }),
    licenseNumber: field.string({ zh: '驾驶证号', en: 'Driving licence' }, { maxLength: 30, width: 150 }),
    licenseExpiry: field.date({ zh: '驾驶证有效期至', en: 'Licence expiry' }, { sortable: true, width: 120 }),
    qualificationNumber: field.string({ zh: '从业资格证号', en: 'Qualification certificate' }, { maxLength: 30, width: 150 }),
    qualificationExpiry: field.date({ zh: '资格证有效期至', en: 'Qualification expiry' }, { sortable: true, width: 120 }),
  },
  displayField: 'name',
});
