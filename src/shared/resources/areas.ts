import { defineResource, field, type Label } from '../resource-kit';

// The scheme's four levels of place: district (区), street (街道), community (社区) and residential compound (小区).
// Each row names every level above it, so that lists, scoping and analyses group by any level without walking up.

/** The area levels a row can be placed under, top down, by the field naming each. */
export const AREA_FIELDS = ['qareaId', 'sareaId', 'careaId', 'vareaId'] as const;
export type AreaField = (typeof AREA_FIELDS)[number];

/** Where a row or a user's link sits: the ids of its levels, from the district down. */
export type AreaPath = Partial<Record<AreaField, number>>;

const name = (label: Label) => field.string(label, { required: true, maxLength: 50, sortable: true, searchable: true, width: 180 });

/** A national division code of the level (6, 9 or 12 digits), kept for rows imported from the divisions. */
const regionCode = (digits: number) => field.string({ zh: '区划代码', en: 'Division code' }, {
  maxLength: digits, pattern: `\\d{${digits}}`, unique: true, sortable: true, width: 130,
  patternHint: { zh: `${digits}位统计用区划代码`, en: `${digits}-digit statistical division code` },
});

/** The area references of rows placed in the hierarchy: each lies within the ones before it. */
export const qareaRef = field.reference({ zh: '所属区', en: 'District' }, 'Qarea', { required: true, filterable: true, width: 140 });

export const sareaRef = field.reference({ zh: '所属街道', en: 'Street' }, 'Sarea', {
  required: true, filterable: true, width: 140, within: ['qareaId'],
});

export const careaRef = field.reference({ zh: '所属社区', en: 'Community' }, 'Carea', {
  required: true, filterable: true, width: 140, within: ['qareaId', 'sareaId'],
});

export const qarea = defineResource({
  name: 'Qarea',
  label: { zh: '区', en: 'Districts' },
  table: 'area_district',
  permission: 'Pages.Area',
  areaScope: { qareaId: 'id' },
  fields: { name: name({ zh: '区名称', en: 'District' }), regionCode: regionCode(6) },
  defaultSorting: 'name',
  lookup: { method: 'GetAllData', labelField: 'name' },
});

export const sarea = defineResource({
  name: 'Sarea',
  label: { zh: '街道', en: 'Streets' },
  table: 'area_street',
  permission: 'Pages.Area',
  areaScope: { qareaId: 'qareaId', sareaId: 'id' },
  fields: { qareaId: qareaRef, name: name({ zh: '街道名称', en: 'Street' }), regionCode: regionCode(9) },
  defaultSorting: 'name',
  lookup: { method: 'GetAllData', labelField: 'name' },
});

export const carea = defineResource({
  name: 'Carea',
  label: { zh: '社区', en: 'Communities' },
  table: 'area_community',
  permission: 'Pages.Area',
  areaScope: { qareaId: 'qareaId', sareaId: 'sareaId', careaId: 'id' },
  fields: { qareaId: qareaRef, sareaId: sareaRef, name: name({ zh: '社区名称', en: 'Community' }), regionCode: regionCode(12) },
  defaultSorting: 'name',
  lookup: { method: 'GetAllData', labelField: 'name' },
});

export const vareaRef = field.reference({ zh: '所属小区', en: 'Compound' }, 'Varea', {
  required: true, filterable: true, width: 140, within: ['qareaId', 'sareaId', 'careaId'],
});

/**
 * The four levels of a row placed in the areas (a household, a machine, a station). Its list shows community and
 * compound; district and street stay filters and form fields, as a street office's tables would otherwise spend their
 * width repeating the one district and street it works in.
 */
export const placedIn = {
  qareaId: { ...qareaRef, list: false },
  sareaId: { ...sareaRef, list: false },
  careaId: careaRef,
  vareaId: vareaRef,
} as const;

export const varea = defineResource({
  name: 'Varea',
  label: { zh: '小区', en: 'Compounds' },
  table: 'area_compound',
  permission: 'Pages.Area',
  areaScope: { qareaId: 'qareaId', sareaId: 'sareaId', careaId: 'careaId', vareaId: 'id' },
  fields: {
    qareaId: qareaRef,
    sareaId: sareaRef,
    careaId: careaRef,
    name: name({ zh: '小区名称', en: 'Compound' }),
    address: field.string({ zh: '地址', en: 'Address' }, { maxLength: 200, searchable: true, width: 240 }),
    longitude: field.decimal({ zh: '经度', en: 'Longitude' }, { min: -180, max: 180, scale: 6, width: 110 }),
    latitude: field.decimal({ zh: '纬度', en: 'Latitude' }, { min: -90, max: 90, scale: 6, width: 110 }),
  },
  defaultSorting: 'name',
  lookup: { method: 'GetAllData', labelField: 'name' },
});
