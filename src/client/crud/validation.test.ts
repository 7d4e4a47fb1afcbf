import { field } from '../../shared/resource-kit';
import { creditCodeCheckChar } from '../../shared/validators';
import { initialFormValues, toPayload } from './form-values';
import { createTranslator } from './translator';
import type { ResourceView } from './types';
import { validateForm } from './validation';
import { findView, STANDARD_METHODS } from './view';
import { DEFAULT_TIME_ZONE } from '../../shared/time';

// A tenant on China's clock; the test process runs in Los Angeles.
const CHINA = DEFAULT_TIME_ZONE;

const zh = createTranslator('zh-CN');
const en = createTranslator('en-US');

describe('validateForm', () => {
  const wastecategory = findView('Wastecategory')!;

  it('mirrors required, maxLength and pattern with its hint', () => {
    expect(validateForm(wastecategory, { code: '', name: 'x'.repeat(101), description: '' }, zh, 'zh-CN')).toEqual({
      code: '类别代码不能为空',
      name: '类别名称不能超过100个字符',
    });
    expect(validateForm(wastecategory, { code: 'HW8', name: '废矿物油' }, zh, 'zh-CN')).toEqual({ code: '类别代码格式不正确（格式如 HW08）' });
    expect(validateForm(wastecategory, { code: 'HW8', name: 'n' }, en, 'en-US')).toEqual({ code: 'Category code has an invalid format (Format like HW08)' });
    expect(validateForm(wastecategory, { code: 'HW08', name: '废矿物油', description: null }, zh, 'zh-CN')).toEqual({});
  });

  it('checks numbers against min, greaterThan, max and whole numbers', () => {
    const view: ResourceView = {
      name: 'N', label: { zh: 'N', en: 'N' }, displayField: 'weight', fieldNames: ['weight', 'count'],
      fields: {
        weight: field.decimal({ zh: '重量', en: 'Weight' }, { greaterThan: 0, max: 1000, required: true }),
        count: field.integer({ zh: '数量', en: 'Count' }, { min: 1 }),
      },
      i18n: { title: 'x', field: (f) => (f === 'weight' ? '重量' : '数量') },
      methods: STANDARD_METHODS,
    };
    const t = (key: string, o?: Record<string, unknown>) => zh(key, o);
    expect(validateForm(view, { weight: '0', count: '0' }, t, 'zh-CN')).toEqual({ weight: '重量必须大于0', count: '数量不能小于1' });
    expect(validateForm(view, { weight: '1000.5', count: '1.5' }, t, 'zh-CN')).toEqual({ weight: '重量不能大于1000', count: '数量必须是整数' });
    expect(validateForm(view, { weight: 'abc', count: '' }, t, 'zh-CN')).toEqual({ weight: '重量必须是数字' });
    expect(validateForm(view, { weight: '0.01', count: '3' }, t, 'zh-CN')).toEqual({});
  });

  const dated: ResourceView = {
    name: 'D', label: { zh: 'D', en: 'D' }, displayField: 'day', fieldNames: ['day', 'at'],
    fields: { day: field.date({ zh: '日期', en: 'Day' }), at: field.datetime({ zh: '时间', en: 'Time' }) },
    i18n: { title: 'x', field: (f) => (f === 'day' ? '日期' : '时间') },
    methods: STANDARD_METHODS,
  };

  it('refuses impossible dates as the server does, instead of rolling them over', () => {
    const refused = { day: '日期必须是有效日期（年-月-日，如 2026-11-28）', at: '时间必须是有效日期（年-月-日，如 2026-11-28）' };
    expect(validateForm(dated, { day: '2026-02-30', at: '2026-02-30T09:30' }, zh, 'zh-CN')).toEqual(refused);
    expect(validateForm(dated, { day: '2026-13-45', at: '2026-11-28T24:00' }, zh, 'zh-CN')).toEqual(refused);
    expect(validateForm(dated, { day: 'notadate', at: '11/28/2026 9:30' }, zh, 'zh-CN')).toEqual(refused);
    expect(validateForm(dated, { day: '2026-11-28', at: '2026-11-28T00:00' }, zh, 'zh-CN')).toEqual({});
    expect(validateForm(dated, { day: '2028-02-29', at: '2026-11-28T00:00:30+08:00' }, zh, 'zh-CN')).toEqual({});
  });

  it('requires at least one value of a required multi-enum', () => {
    const wastecode = findView('Wastecode')!;
    const errors = validateForm(wastecode, { code: '900-041-49', wastecategoryId: 3, description: 'd', hazardCharacteristics: [] }, zh, 'zh-CN');
    expect(errors).toEqual({ hazardCharacteristics: '危险特性不能为空' });
  });
});

describe('form values', () => {
  it('holds a date as it is and an instant as the tenant’s wall clock, and sends that wall time without an offset', () => {
    const view: ResourceView = {
      name: 'D', label: { zh: 'D', en: 'D' }, displayField: 'day', fieldNames: ['day', 'at'],
      fields: { day: field.date({ zh: '日期', en: 'Day' }), at: field.datetime({ zh: '时间', en: 'Time' }) },
      i18n: { title: 'x', field: (f) => f }, methods: STANDARD_METHODS,
    };
    // 30 s before and after China's midnight, as the server sends them (and as another zone would write them).
    expect(initialFormValues(view, { day: '2026-11-28', at: '2026-11-27T23:59:30+08:00' }, CHINA)).toMatchObject({ day: '2026-11-28', at: '2026-11-27T23:59' });
    expect(initialFormValues(view, { day: '2026-11-28', at: '2026-11-27T16:00:30Z' }, CHINA)).toMatchObject({ at: '2026-11-28T00:00' });
    expect(initialFormValues(view, { at: '2026-11-27T16:00:30Z' }, 'UTC')).toMatchObject({ at: '2026-11-27T16:00' });
    expect(toPayload(view, { day: '2026-11-28', at: '2026-11-28T00:00' })).toEqual({ day: '2026-11-28', at: '2026-11-28T00:00' });
    expect(toPayload(view, { day: '', at: '' })).toEqual({ day: null, at: null });
  });

  it('starts a new record from the declared defaults and sends typed values back', () => {
    const view: ResourceView = {
      ...findView('Wastecode')!,
      fields: { ...findView('Wastecode')!.fields, weight: field.decimal({ zh: '重量', en: 'Weight' }, { default: 0.01 }) },
      fieldNames: [...findView('Wastecode')!.fieldNames, 'weight'],
    };
    const values = initialFormValues(view, {}, CHINA);
    expect(values).toMatchObject({ code: '', wastecategoryId: null, hazardCharacteristics: [], weight: '0.01', industrySource: '' });
    const body = toPayload(view, { ...values, code: '900-041-49', wastecategoryId: '12', weight: '2.5', extra: 'kept', other: 'dropped' }, ['extra']);
    expect(body).toEqual({
      code: '900-041-49', wastecategoryId: 12, industrySource: null, description: '', hazardCharacteristics: [], weight: 2.5, extra: 'kept',
    });
  });
});

describe('named checks', () => {
  const enterprise = findView('EnterpriseInformation')!;
  const driver = findView('Driver')!;
  const vehicle = findView('Vehicleinformation')!;
  const validCode = (first17: string) => first17 + creditCodeCheckChar(first17);

  it('refuses a credit code whose check character is wrong, with the check’s hint', () => {
    const code = validCode('91350100M000100Y4');
    const wrong = code.slice(0, 17) + (code[17] === '0' ? '1' : '0');
    const base = { name: '某环保公司', corporateType: [1] };
    expect(validateForm(enterprise, { ...base, creditCode: wrong }, zh, 'zh-CN')).toEqual({
      creditCode: '统一社会信用代码校验不通过（18位统一社会信用代码，末位校验码须正确）',
    });
    expect(validateForm(enterprise, { ...base, creditCode: wrong }, en, 'en-US')).toEqual({
      creditCode: 'Unified social credit code is not valid (an 18-character unified social credit code with a correct check character)',
    });
    expect(validateForm(enterprise, { ...base, creditCode: code }, zh, 'zh-CN')).toEqual({});
  });

  it('checks plate numbers and ID numbers the way the server does', () => {
    const base = { enterpriseId: 3, colour: 1, entryType: 1 };
    expect(validateForm(vehicle, { ...base, plateNumber: '浙A1234' }, zh, 'zh-CN').plateNumber).toBe('车牌号校验不通过（如 浙A12345，新能源车如 浙AD12345）');
    expect(validateForm(vehicle, { ...base, plateNumber: '浙a12345' }, zh, 'zh-CN')).toEqual({});
    const id = '11010519491231002X';
    expect(validateForm(driver, { enterpriseId: 3, name: '张三', idCardNumber: id }, zh, 'zh-CN')).toEqual({});
    expect(validateForm(driver, { enterpriseId: 3, name: '张三', idCardNumber: '110105194912310021' }, zh, 'zh-CN').idCardNumber)
      .toMatch(/^身份证号校验不通过（18位居民身份证号码/);
  });

  it('matches a declared pattern against the whole value', () => {
    const base = { name: 'n', corporateType: [1], creditCode: validCode('91350100M000100Y4') };
    // A mobile number inside other text is not a phone number.
    expect(validateForm(enterprise, { ...base, contactPhone: '手机13812345678' }, zh, 'zh-CN').contactPhone).toBe('联系电话格式不正确（手机号或区号-座机号）');
    expect(validateForm(enterprise, { ...base, contactPhone: '13812345678' }, zh, 'zh-CN')).toEqual({});
  });
});

describe('form values of references to several rows, attachments and server fields', () => {
  const contract = findView('Contract')!;
  const pdf = { id: 31, name: '合同.pdf', size: 1258291, contentType: 'application/pdf' };

  it('holds picked ids and stored files, and sends ids of both', () => {
    const values = initialFormValues(contract, { id: 1, wastecodeIds: [3, 5], wastecodeNames: ['900-041-49', '251-001-08'], attachments: [pdf] }, CHINA);
    expect(values).toMatchObject({ wastecodeIds: [3, 5], attachments: [pdf] });
    expect(initialFormValues(contract, {}, CHINA)).toMatchObject({ wastecodeIds: [], attachments: [] });
    const body = toPayload(contract, { ...values, wastecodeIds: ['3', 7], attachments: [pdf, { id: 32, name: 'b.png', size: 1, contentType: 'image/png' }] });
    expect(body).toMatchObject({ wastecodeIds: [3, 7], attachments: [31, 32] });
  });

  it('never sends a field only the server writes, even when a form section names it', () => {
    const waste = findView('HazardouswasteInformation')!;
    const body = toPayload(waste, { name: 'n', status: 1 }, ['status']);
    expect(body).not.toHaveProperty('status');
    expect(body).toHaveProperty('hazardCharacteristics', []);
    const enterprise = findView('EnterpriseInformation')!;
    const withRegion = toPayload(enterprise, { name: 'n', regionName: '北京市', provinceCode: '11' }, ['provinceCode', 'regionName']);
    expect(withRegion).toMatchObject({ provinceCode: '11' });
    expect(withRegion).not.toHaveProperty('regionName');
  });

  it('requires a pick in a required reference to several rows', () => {
    const view: ResourceView = {
      ...contract, fields: { wastecodeIds: field.reference({ zh: '废物代码', en: 'Codes' }, 'Wastecode', { multiple: true, required: true }) },
      fieldNames: ['wastecodeIds'],
    };
    expect(validateForm(view, { wastecodeIds: [] }, zh, 'zh-CN')).toEqual({ wastecodeIds: '涉及废物代码不能为空' });
    expect(validateForm(view, { wastecodeIds: [4] }, zh, 'zh-CN')).toEqual({});
  });
});
