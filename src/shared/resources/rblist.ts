import { recordAudit, recordSource, rubbishType1, rubbishType2 } from '../enums';
import { defineResource, field } from '../resource-kit';

/** The class a sub-class belongs to: its tens digit. */
export const rubbishClassOf = (type2: number): number => Math.floor(type2 / 10);

/** The areas above the compound filter the list; the compound alone is shown. */
const placed = (label: { zh: string; en: string }, resource: string) =>
  field.reference(label, resource, { managed: true, derivedFrom: 'householdId', form: false, list: false, filterable: true, width: 110 });

/**
 * Drop-offs of sorted waste: by a household, weighed by a collector or a smart station or entered by hand. Approving
 * one awards the points of the rule in force at its time; rejecting an approved one takes them back.
 */
export const rblist = defineResource({
  name: 'Rblist',
  label: { zh: '回收记录', en: 'Recycling records' },
  table: 'recycling_record',
  permission: 'Pages.Rblist',
  route: { path: '/recycling/rblist', icon: 'history', order: 9 },
  areaScope: { qareaId: 'qareaId', sareaId: 'sareaId', careaId: 'careaId', vareaId: 'vareaId' },
  fields: {
    householdId: field.reference({ zh: '回收用户', en: 'Household' }, 'BHUsers', { required: true, filterable: true, width: 110 }),
    collectorId: field.reference({ zh: '回收员', en: 'Collector' }, 'Igcs_Collector', { filterable: true, width: 100 }),
    stationId: field.reference({ zh: '回收站', en: 'Station' }, 'RecyclingStation', { managed: true, form: false, filterable: true, width: 110 }),
    qareaId: placed({ zh: '所属区', en: 'District' }, 'Qarea'),
    sareaId: placed({ zh: '所属街道', en: 'Street' }, 'Sarea'),
    careaId: placed({ zh: '所属社区', en: 'Community' }, 'Carea'),
    vareaId: field.reference({ zh: '所属小区', en: 'Compound' }, 'Varea', { managed: true, derivedFrom: 'householdId', form: false, filterable: true, width: 110 }),
    rubbishType2: field.enum({ zh: '垃圾小类', en: 'Sub-class' }, rubbishType2, { required: true, filterable: true, width: 110 }),
    rubbishType1: field.enum({ zh: '垃圾大类', en: 'Class' }, rubbishType1, { managed: true, derivedFrom: 'rubbishType2', form: false, list: false, filterable: true, width: 100 }),
    weight: field.decimal({ zh: '重量', en: 'Weight' }, { required: true, greaterThan: 0, max: 1000, scale: 2, unit: { zh: '千克', en: 'kg' }, sortable: true, filterRange: true, width: 90 }),
    recordTime: field.datetime({ zh: '回收时间', en: 'Time' }, { required: true, sortable: true, filterRange: true, width: 140 }),
    photos: field.files({ zh: '照片', en: 'Photos' }, { list: false }),
    source: field.enum({ zh: '来源', en: 'Source' }, recordSource, { managed: true, form: false, default: 3, filterable: true, width: 90 }),
    auditStatus: field.enum({ zh: '审核状态', en: 'Audit' }, recordAudit, { managed: true, form: false, default: 1, filterable: true, width: 90 }),
    rejectReason: field.string({ zh: '驳回原因', en: 'Rejected because' }, { managed: true, form: false, maxLength: 200, width: 140 }),
    points: field.integer({ zh: '获得积分', en: 'Points' }, { managed: true, form: false, default: 0, sortable: true, width: 80 }),
    ruleId: field.reference({ zh: '积分规则', en: 'Rule' }, 'IntegralRule', { managed: true, form: false, list: false, width: 120 }),
    ruleVersion: field.integer({ zh: '规则版本', en: 'Rule version' }, { managed: true, form: false, list: false }),
  },
  defaultSorting: 'recordTime desc',
});
