import { corporateType, transferParty, wasteProductionScale } from '../enums';
import { defineResource, field, type ReferenceField } from '../resource-kit';

const regionCode = (zh: string, en: string, digits: number, example: string, filterable = false) =>
  field.string({ zh, en }, { maxLength: 12, pattern: `\\d{${digits}}`, list: false, form: false, filterable, example });

export const PHONE_PATTERN = '1[3-9]\\d{9}|0\\d{2,3}-?\\d{7,8}(-\\d{1,6})?';
type ReferenceOptions = Omit<ReferenceField, 'kind' | 'label' | 'resource' | 'where'>;
type Party = (typeof transferParty)['options'][number]['value'];

/** A reference to an enterprise acting as one party (a vehicle's transporter): only enterprises of that type fit. */
export function partyEnterprise<const O extends ReferenceOptions>(party: Party, options: O) {
  const label = transferParty.options.find((option) => option.value === party)!.label;
  return field.reference(label, 'EnterpriseInformation', { ...options, where: { corporateType: corporateType[party] } });
}

const phoneHint = { zh: '手机号或区号-座机号', en: 'Mobile number or area code and number' };

/**
 * Enterprises of the tenant: receivers (licensed disposers), producers and transporters; one enterprise may be
 * several. The region codes are China's administrative divisions, edited level by level and checked on the server,
 * which also writes `regionName` from them.
 */
export const enterpriseinformation = defineResource({
  name: 'EnterpriseInformation',
  label: { zh: '企业信息', en: 'Enterprises' },
  table: 'enterprise_information',
  permission: 'Pages.EnterpriseInformation',
  route: { path: '/basicinformation/enterpriseinformation', icon: 'office', order: 1 },
  segments: [
    {
      name: 'enterpriseinformation_cp', label: { zh: '接收单位信息', en: 'Receivers' }, permission: 'Pages.EnterpriseInformationCP',
      route: { path: '/enterpriseinformationcp/enterpriseinformation_cp', icon: 'inbox', order: 1 },
      field: 'corporateType', value: corporateType.receiver,
    },
    {
      name: 'enterpriseinformation_wp', label: { zh: '产废单位信息', en: 'Producers' }, permission: 'Pages.EnterpriseInformationWP',
      route: { path: '/enterpriseinformationwp/enterpriseinformation_wp', icon: 'build', order: 1 },
      field: 'corporateType', value: corporateType.producer,
    },
    {
      name: 'enterpriseinformation_tp', label: { zh: '运输单位信息', en: 'Transporters' }, permission: 'Pages.EnterpriseInformationTP',
      route: { path: '/enterpriseinformationtp/enterpriseinformation_tp', icon: 'truck', order: 1 },
      field: 'corporateType', value: corporateType.transporter,
    },
  ],
  enterpriseScope: 'self',
  fields: {
    name: field.string({ zh: '企业名称', en: 'Name' }, { required: true, maxLength: 100, unique: true, sortable: true, searchable: true, width: 240 }),
    creditCode: field.string({ zh: '统一社会信用代码', en: 'Unified social credit code' }, {
      required: true, maxLength: 18, pattern: '[0-9A-HJ-NP-RTUW-Y]{18}', check: 'creditCode',
      patternHint: { zh: '18位，数字或大写字母', en: '18 digits or capital letters' },
      unique: true, sortable: true, searchable: true, width: 180,
    }),
    corporateType: field.enum({ zh: '企业类型', en: 'Corporate type' }, corporateType, { required: true, multiple: true, filterable: true, width: 170 }),
    scale: field.enum({ zh: '产废规模', en: 'Waste production scale' }, wasteProductionScale, { filterable: true, width: 120 }),
    industrycategoryId: field.reference({ zh: '行业类别', en: 'Industry category' }, 'Industrycategory', { filterable: true, width: 200 }),
    provinceCode: regionCode('省', 'Province', 2, '33', true),
    cityCode: regionCode('市', 'City', 4, '3301', true),
    countyCode: regionCode('区/县', 'County', 6, '330106', true),
    townCode: regionCode('乡镇/街道', 'Town', 9, '330106002'),
    villageCode: regionCode('村/社区', 'Village', 12, '330106002051'),
    regionName: field.string({ zh: '所在地区', en: 'Region' }, { maxLength: 200, form: false, managed: true, searchable: true, width: 220 }),
    address: field.string({ zh: '详细地址', en: 'Address' }, { maxLength: 200, searchable: true, width: 220 }),
    longitude: field.decimal({ zh: '经度', en: 'Longitude' }, { min: -180, max: 180, scale: 6, list: false }),
    latitude: field.decimal({ zh: '纬度', en: 'Latitude' }, { min: -90, max: 90, scale: 6, list: false }),
    contactPerson: field.string({ zh: '联系人', en: 'Contact' }, { maxLength: 50, searchable: true, width: 90 }),
    contactPhone: field.string({ zh: '联系电话', en: 'Phone' }, { maxLength: 20, pattern: PHONE_PATTERN, patternHint: phoneHint, width: 130 }),
    licenseNumber: field.string({ zh: '经营许可证编号', en: 'Licence number' }, { maxLength: 50, searchable: true, width: 160 }),
    licensedWastecodeIds: field.reference({ zh: '许可经营废物代码', en: 'Licensed waste codes' }, 'Wastecode', { multiple: true, list: false }),
    wastecategoryIds: field.reference({ zh: '产生废物类别', en: 'Waste categories produced' }, 'Wastecategory', { multiple: true, list: false }),
    wastecodeIds: field.reference({ zh: '产生废物代码', en: 'Waste codes produced' }, 'Wastecode', { multiple: true, list: false }),
    attachments: field.files({ zh: '附件', en: 'Attachments' }, { list: false }),
  },
  lookup: { method: 'GetEnterpriseInformationAll', labelField: 'name', directory: ['name', 'creditCode', 'corporateType'] },
});
