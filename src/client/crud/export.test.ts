import { hazardCharacteristic, industryLevel } from '../../shared/enums';
import { DEFAULT_TIME_ZONE } from '../../shared/time';
import { field } from '../../shared/resource-kit';
import { buildExportRows, exportColumns } from './export';
import { displayText, formatDate, formatDateTime, formatDecimal } from './format';
import { createTranslator } from './translator';
import type { ResourceView } from './types';
import { findView, STANDARD_METHODS } from './view';

// A view with one field of each kind; labels come from the i18n keys, as for a declared resource.
const labels: Record<string, string> = {
  code: '编号', level: '层级', traits: '特性', categoryId: '类别', weight: '重量', count: '数量', active: '启用',
  day: '日期', at: '时间', hidden: '隐藏',
};
const view: ResourceView = {
  name: 'Sample',
  label: { zh: '样例', en: 'Sample' },
  fields: {
    code: field.string({ zh: '编号', en: 'Code' }),
    level: field.enum({ zh: '层级', en: 'Level' }, industryLevel),
    traits: field.enum({ zh: '特性', en: 'Traits' }, hazardCharacteristic, { multiple: true }),
    categoryId: field.reference({ zh: '类别', en: 'Category' }, 'Wastecategory'),
    weight: field.decimal({ zh: '重量', en: 'Weight' }, { scale: 2 }),
    count: field.integer({ zh: '数量', en: 'Count' }),
    active: field.boolean({ zh: '启用', en: 'Active' }),
    day: field.date({ zh: '日期', en: 'Date' }),
    at: field.datetime({ zh: '时间', en: 'Time' }),
    hidden: field.string({ zh: '隐藏', en: 'Hidden' }, { list: false }),
  },
  fieldNames: ['code', 'level', 'traits', 'categoryId', 'weight', 'count', 'active', 'day', 'at', 'hidden'],
  displayField: 'code',
  i18n: { title: 'sample.title', field: (f) => `sample.${f}` },
  methods: STANDARD_METHODS,
};
const zh = createTranslator('zh-CN');
// A tenant on China's clock; the test process runs in Los Angeles.
const CHINA = DEFAULT_TIME_ZONE;
const t = (key: string, options?: Record<string, unknown>) => (key.startsWith('sample.') ? labels[key.slice(7)] : zh(key, options));

describe('buildExportRows', () => {
  it('writes enum labels, reference texts, Chinese dates, and numbers as numbers, in column order', () => {
    // A date is the tenant's calendar date as sent; an instant (here in UTC, just after China's midnight) reads on the
    // tenant's clock.
    const rows = buildExportRows(view, [{
      id: 1, code: 'A-1', level: 'division', traits: ['T', 'C'], categoryId: 8, categoryName: '废矿物油与含矿物油废物',
      weight: 12345.5, count: 7, active: true, day: '2024-03-05', at: '2024-03-04T16:09:10Z', hidden: 'x',
    }], t, CHINA);
    expect(rows).toEqual([{
      编号: 'A-1', 层级: '大类', 特性: '毒性、腐蚀性', 类别: '废矿物油与含矿物油废物', 重量: 12345.5, 数量: 7, 启用: '是',
      日期: '2024-03-05', 时间: '2024-03-05 00:09',
    }]);
    expect(Object.keys(rows[0])).toEqual(['编号', '层级', '特性', '类别', '重量', '数量', '启用', '日期', '时间']);
  });

  it('writes text that Excel would read as a formula with a leading quote, and keeps negative numbers as numbers', () => {
    const texts = ['=SUM(A1:A9)', '+1+2', '-2+3', '@cmd', '\tx=1', '\rx=1'];
    const rows = buildExportRows(view, texts.map((code, id) => ({ id, code, weight: -12.5, count: -3 })), t, CHINA);
    expect(rows.map((r) => r['编号'])).toEqual(texts.map((text) => `'${text}`));
    expect(rows.map((r) => [r['重量'], r['数量']])).toEqual(texts.map(() => [-12.5, -3]));
    expect(buildExportRows(view, [{ id: 9, code: 'A=1' }], t, CHINA)[0]['编号']).toBe('A=1');
  });

  it('leaves missing values empty and accepts a comma-separated multi-enum', () => {
    const [row] = buildExportRows(view, [{ id: 2, code: 'B', traits: 'I,R', level: null, categoryId: null, weight: null, active: false }], t, CHINA);
    expect(row).toMatchObject({ 层级: null, 特性: '易燃性、反应性', 类别: null, 重量: null, 数量: null, 启用: '否', 日期: null });
  });

  it('heads a declared resource’s columns with its field labels in the chosen language', () => {
    const wastecode = findView('Wastecode')!;
    const en = createTranslator('en-US');
    const [row] = buildExportRows(wastecode, [{ id: 1, code: '900-041-49', wastecategoryId: 49, wastecategoryName: 'Other wastes', hazardCharacteristics: ['T', 'In'] }], en, CHINA);
    expect(row).toMatchObject({ 'Waste code': '900-041-49', 'Waste category': 'Other wastes', 'Hazard characteristics': 'Toxicity、Infectivity' });
    expect(exportColumns(wastecode, en).map((c) => c.width)).toEqual(Object.values(wastecode.fields).map((f) => f.width));
  });
});

describe('formats', () => {
  it('shows dates as YYYY-MM-DD and instants on the tenant’s clock, whatever the process’s zone', () => {
    expect(formatDate('2024-03-05', CHINA)).toBe('2024-03-05');
    expect(formatDate('2024-03-05T23:30:00+08:00', CHINA)).toBe('2024-03-05');
    expect(formatDate('2024-03-05T16:30:00Z', CHINA)).toBe('2024-03-06');
    expect(formatDate('not a date', CHINA)).toBe('');
    expect(formatDate('2024-02-30', CHINA)).toBe('');
    expect(formatDate(null, CHINA)).toBe('');
    // Without an offset, a time is a wall time of the tenant (as forms send them).
    expect(formatDateTime('2024-12-31 07:05', CHINA)).toBe('2024-12-31 07:05');
    expect(formatDateTime('2024-12-31T07:05:00+08:00', CHINA)).toBe('2024-12-31 07:05');
    expect(formatDateTime('2024-12-30T23:05:00Z', CHINA)).toBe('2024-12-31 07:05');
  });

  it('groups thousands and keeps the declared decimals', () => {
    expect(formatDecimal(1234567.891, 2)).toBe('1,234,567.89');
    expect(formatDecimal(0.01, 2)).toBe('0.01');
    expect(formatDecimal('2500')).toBe('2,500');
    expect(formatDecimal(undefined)).toBe('');
  });
});

describe('references to several rows and attachments', () => {
  const enterprise = findView('EnterpriseInformation')!;
  const users = findView('Contract')!;

  it('shows the names of the picked rows and of the files, joined by 、', () => {
    const row = {
      id: 1, wastecodeIds: [3, 5], wastecodeNames: ['900-041-49', '251-001-08'],
      attachments: [{ id: 1, name: '合同.pdf', size: 1, contentType: '' }, { id: 2, name: '附件.png', size: 1, contentType: '' }],
    };
    expect(displayText('wastecodeIds', users.fields.wastecodeIds, row, zh, CHINA)).toBe('900-041-49、251-001-08');
    expect(displayText('attachments', users.fields.attachments, row, zh, CHINA)).toBe('合同.pdf、附件.png');
    expect(displayText('wastecodeIds', users.fields.wastecodeIds, { id: 2, wastecodeIds: [] }, zh, CHINA)).toBe('');
  });

  it('exports them the same way', () => {
    const view: ResourceView = { ...enterprise, fields: { ...enterprise.fields, wastecodeIds: { ...enterprise.fields.wastecodeIds, list: true } } };
    const [row] = buildExportRows(view, [{ id: 1, name: 'A', wastecodeIds: [3, 5], wastecodeNames: ['900-041-49', '251-001-08'] }], zh, CHINA);
    expect(row['产生废物代码']).toBe('900-041-49、251-001-08');
  });
});
