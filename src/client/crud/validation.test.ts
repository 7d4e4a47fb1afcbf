import { field } from '../../shared/resource-kit';
import { initialFormValues, toPayload } from './form-values';
import { createTranslator } from './translator';
import type { ResourceView } from './types';
import { validateForm } from './validation';
import { findView, STANDARD_METHODS } from './view';

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

  it('requires at least one value of a required multi-enum', () => {
    const wastecode = findView('Wastecode')!;
    const errors = validateForm(wastecode, { code: '900-041-49', wastecategoryId: 3, description: 'd', hazardCharacteristics: [] }, zh, 'zh-CN');
    expect(errors).toEqual({ hazardCharacteristics: '危险特性不能为空' });
  });
});

describe('form values', () => {
  it('starts a new record from the declared defaults and sends typed values back', () => {
    const view: ResourceView = {
      ...findView('Wastecode')!,
      fields: { ...findView('Wastecode')!.fields, weight: field.decimal({ zh: '重量', en: 'Weight' }, { default: 0.01 }) },
      fieldNames: [...findView('Wastecode')!.fieldNames, 'weight'],
    };
    const values = initialFormValues(view, {});
    expect(values).toMatchObject({ code: '', wastecategoryId: null, hazardCharacteristics: [], weight: '0.01', industrySource: '' });
    const body = toPayload(view, { ...values, code: '900-041-49', wastecategoryId: '12', weight: '2.5', extra: 'kept', other: 'dropped' }, ['extra']);
    expect(body).toEqual({
      code: '900-041-49', wastecategoryId: 12, industrySource: null, description: '', hazardCharacteristics: [], weight: 2.5, extra: 'kept',
    });
  });
});
