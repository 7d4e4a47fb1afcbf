import {
  containerCapacity, containerMaterial, containerType, generationSource, hazardCharacteristic, packagingMethod,
  physicalCharacteristics, purpose, wasteInfoStatus, wasteType,
} from '../enums';
import { defineResource, field } from '../resource-kit';
import { partyEnterprise } from './enterpriseinformation';

/** A producer's hazardous wastes as it declares them: what, from where, packed how, for what. */
export const hazardouswasteinformation = defineResource({
  name: 'HazardouswasteInformation',
  label: { zh: '危废信息', en: 'Hazardous waste information' },
  table: 'hazardous_waste_information',
  permission: 'Pages.HazardouswasteInformation',
  route: { path: '/enterpriseinformationwp/hazardouswasteinformation', icon: 'warning-sign', order: 2 },
  enterpriseScope: { fields: ['enterpriseId'] },
  fields: {
    enterpriseId: partyEnterprise('producer', { required: true, filterable: true, width: 220 }),
    wastecodeId: field.reference({ zh: '废物代码', en: 'Waste code' }, 'Wastecode', { required: true, filterable: true, width: 110 }),
    name: field.string({ zh: '危废名称', en: 'Name' }, { required: true, maxLength: 100, sortable: true, searchable: true, width: 180 }),
    wasteType: field.enum({ zh: '废物类型', en: 'Waste type' }, wasteType, { required: true, filterable: true, width: 120 }),
    physicalCharacteristics: field.enum({ zh: '物理性状', en: 'Physical characteristics' }, physicalCharacteristics, { required: true, filterable: true, width: 90 }),
    generationSource: field.enum({ zh: '产生来源', en: 'Generation source' }, generationSource, { required: true, filterable: true, width: 110 }),
    containerType: field.enum({ zh: '容器类型', en: 'Container type' }, containerType, { required: true, width: 90 }),
    containerCapacity: field.enum({ zh: '容器容量', en: 'Container capacity' }, containerCapacity, { width: 100 }),
    containerMaterial: field.enum({ zh: '容器材质', en: 'Container material' }, containerMaterial, { width: 100 }),
    packagingMethod: field.enum({ zh: '包装方式', en: 'Packaging method' }, packagingMethod, { required: true, width: 90 }),
    purpose: field.enum({ zh: '用途', en: 'Purpose' }, purpose, { required: true, filterable: true, width: 90 }),
    // Left empty, the server fills it from the waste code of the national list.
    hazardCharacteristics: field.enum({ zh: '危险特性', en: 'Hazard characteristics' }, hazardCharacteristic, { multiple: true, filterable: true, width: 130 }),
    status: field.enum({ zh: '状态', en: 'Status' }, wasteInfoStatus, { default: wasteInfoStatus.inUse, form: false, managed: true, filterable: true, width: 70 }),
  },
  displayField: 'name',
  lookup: { method: 'GetHazardouswasteInformationAll', labelField: 'name' },
});
