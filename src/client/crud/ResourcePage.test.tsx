/** @jest-environment jsdom */
import { act } from 'react';
import { ResourcePage } from './ResourcePage';
import { crudActions as A } from './slice';
import { screenTestSetup, byTestId, click, createI18n, mockStore, render, typeInto } from './test-support-render';
import { stateWith } from './test-support';
import { field } from '../../shared/resource-kit';
import type { ResourceState, ResourceView } from './types';
import { STANDARD_METHODS } from './view';

screenTestSetup();

const WASTECODES = [
  { id: 1, code: '900-041-49', wastecategoryId: 49, wastecategoryName: '其他废物', industrySource: '非特定行业', description: '含有或沾染毒性危险废物的废弃包装物', hazardCharacteristics: ['T', 'In'] },
  { id: 2, code: '251-001-08', wastecategoryId: 8, wastecategoryName: '废矿物油与含矿物油废物', industrySource: '石油开采', description: '清洗油罐产生的油泥', hazardCharacteristics: ['T', 'I'] },
];

const CATEGORIES = [{ id: 8, code: 'HW08', name: '废矿物油与含矿物油废物' }, { id: 49, code: 'HW49', name: '其他废物' }];


/** What the screen dispatched, without the lookups its reference selects ask for. */
function show(state: Partial<ResourceState>, language: 'zh-CN' | 'en-US' = 'zh-CN') {
  const root = stateWith({ Wastecode: { loaded: true, ...state } });
  root.crud.lookups['Wastecategory/GetWastecategoryAll'] = { items: CATEGORIES, loading: false, loaded: true, error: null };
  const mock = mockStore(root);
  // i18next escapes interpolations by default: the screen must not show “&amp;”.
  render(<ResourcePage resource="wastecode" />, mock.store, createI18n(language, true));
  const lookups = () => mock.dispatched.filter((a) => a.type === A.lookupRequested.type);
  return { dispatched: new Proxy(mock.dispatched, { get: (target, key) => Reflect.get(target.filter((a) => a.type !== A.lookupRequested.type), key) }), lookups };
}

describe('ResourcePage', () => {
  it('shows the rows with enum labels, reference texts, row actions and the total, and asks for fresh rows', () => {
    const { dispatched } = show({ items: WASTECODES, totalCount: 2 });
    const table = byTestId('resource-table')!;
    expect(table.dataset.loading).toBe('false');
    expect(table.textContent).toContain('900-041-49');
    expect(table.textContent).toContain('251-001-08');
    expect(table.textContent).toContain('毒性、感染性');
    expect(table.textContent).toContain('废矿物油与含矿物油废物');
    expect(table.textContent).toContain('废物代码');
    expect(byTestId('row-edit-2')).not.toBeNull();
    expect(byTestId('row-delete-1')).not.toBeNull();
    expect(byTestId('pager-total')!.textContent).toBe('共 2 条');
    expect(byTestId('empty-state')).toBeNull();
    expect(dispatched).toEqual([A.listRequested({ resource: 'Wastecode' })]);
  });

  it('opens the edit dialog with the row and asks before deleting', () => {
    const { dispatched } = show({ items: WASTECODES, totalCount: 2 });
    click(byTestId('row-edit-2'));
    click(byTestId('row-delete-1'));
    click(byTestId('btn-create'));
    expect(dispatched.slice(1)).toEqual([
      A.editOpened({ resource: 'Wastecode', id: 2, row: WASTECODES[1] }),
      A.deleteAsked({ resource: 'Wastecode', id: 1, name: '900-041-49' }),
      A.createOpened({ resource: 'Wastecode', values: {} }),
    ]);
  });

  it('shows the empty state when there are no rows', () => {
    show({ items: [], totalCount: 0 });
    expect(byTestId('empty-state')!.textContent).toContain('暂无数据');
    expect(byTestId('resource-table')).toBeNull();
    expect(byTestId('pager-total')!.textContent).toBe('共 0 条');
  });

  it('says that nothing matches when a keyword is set', () => {
    show({ items: [], totalCount: 0, keyword: 'zzz' });
    expect(byTestId('empty-state')!.textContent).toContain('没有符合条件的记录');
  });

  it('shows skeleton rows while the first page loads', () => {
    show({ items: [], loading: true, loaded: false });
    const table = byTestId('resource-table')!;
    expect(table.dataset.loading).toBe('true');
    expect(table.querySelectorAll('.bp6-skeleton').length).toBeGreaterThan(0);
    expect(byTestId('empty-state')).toBeNull();
  });

  it('shows the error with a retry', () => {
    const { dispatched } = show({ items: [], error: { message: '处理请求时发生内部错误！' } });
    expect(byTestId('error-state')!.textContent).toContain('处理请求时发生内部错误！');
    click(byTestId('btn-retry'));
    expect(dispatched.at(-1)).toEqual(A.listRequested({ resource: 'Wastecode' }));
  });

  it('searches by keyword on Enter and pages forward', () => {
    const { dispatched } = show({ items: WASTECODES, totalCount: 25 });
    const keyword = byTestId('keyword') as HTMLInputElement;
    typeInto(keyword, '900');
    act(() => {
      keyword.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    click(byTestId('pager-next'));
    expect(dispatched.slice(1)).toEqual([
      A.keywordSearched({ resource: 'Wastecode', keyword: '900' }),
      A.pageChanged({ resource: 'Wastecode', page: 2 }),
    ]);
    expect(byTestId('pager-page')!.textContent).toBe('第 1 / 3 页');
  });

  it('shows a filter per filterable field', () => {
    show({ items: WASTECODES, totalCount: 2 });
    const filter = byTestId('filter-hazardCharacteristics') as HTMLSelectElement;
    expect([...filter.options].map((o) => o.text)).toEqual(['危险特性：全部', '毒性', '腐蚀性', '易燃性', '反应性', '感染性']);
    expect(byTestId('filter-wastecategoryId')).not.toBeNull();
    expect(byTestId('filter-code')).toBeNull();
  });

  it('checks the form against the declaration before saving, then sends the typed values', () => {
    const { dispatched } = show({
      items: WASTECODES, totalCount: 2,
      editing: { mode: 'create', id: null, values: {}, loading: false, fieldErrors: {}, error: null, loadFailed: false },
    });
    click(byTestId('btn-save'));
    const form = byTestId('resource-form')!;
    expect(form.textContent).toContain('废物代码不能为空');
    expect(form.textContent).toContain('危险特性不能为空');
    expect(dispatched.some((a) => a.type === A.saveRequested.type)).toBe(false);

    typeInto(byTestId('form-field-code'), '900-041-4');
    click(byTestId('btn-save'));
    expect(form.textContent).toContain('废物代码格式不正确（格式如 900-041-49）');

    typeInto(byTestId('form-field-code'), '900-041-49');
    typeInto(byTestId('form-field-description'), '废弃包装物');
    const category = byTestId('form-field-wastecategoryId') as HTMLSelectElement;
    expect([...category.options].map((o) => o.text)).toEqual(['请选择', '废矿物油与含矿物油废物', '其他废物']);
    typeInto(category, '49');
    click(byTestId('form-field-hazardCharacteristics')!.querySelector('input'));
    click(byTestId('btn-save'));
    expect(dispatched.at(-1)).toEqual(A.saveRequested({
      resource: 'Wastecode',
      values: { code: '900-041-49', wastecategoryId: 49, industrySource: null, description: '废弃包装物', hazardCharacteristics: ['T'] },
    }));
  });

  it('shows the server’s validation messages under their fields', () => {
    show({
      items: WASTECODES, totalCount: 2, saving: false,
      editing: {
        mode: 'edit', id: 1, values: WASTECODES[0], loading: false, loadFailed: false,
        fieldErrors: { code: ['废物代码“900-041-49”已存在'] }, error: { message: 'Your request is not valid!', status: 400 },
      },
    });
    const form = byTestId('resource-form')!;
    expect(form.textContent).toContain('废物代码“900-041-49”已存在');
    expect(form.textContent).toContain('保存失败，请检查标红的字段');
    expect((byTestId('form-field-code') as HTMLInputElement).value).toBe('900-041-49');
  });

  it('names the record in the delete confirmation and tags its confirm button', () => {
    const { dispatched } = show({ items: WASTECODES, totalCount: 2, pendingDelete: { id: 1, name: '900-041-49', deleting: false, error: null } });
    expect(byTestId('delete-alert')!.textContent).toContain('确定要删除“900-041-49”吗？');
    click(byTestId('confirm-delete'));
    expect(dispatched.at(-1)).toEqual(A.deleteRequested({ resource: 'Wastecode', id: 1 }));
  });

  it('shows record names as typed, without HTML escapes', () => {
    show({ items: WASTECODES, totalCount: 2, pendingDelete: { id: 1, name: 'A&B <1>', deleting: false, error: null } });
    expect(byTestId('delete-alert')!.textContent).toContain('确定要删除“A&B <1>”吗？');
  });

  it('speaks English when the interface does', () => {
    show({ items: WASTECODES, totalCount: 25 }, 'en-US');
    expect(byTestId('resource-table')!.textContent).toContain('Toxicity、Infectivity');
    expect(byTestId('pager-total')!.textContent).toBe('25 in total');
    expect(byTestId('pager-page')!.textContent).toBe('Page 1 of 3');
  });

  it('shows export progress', () => {
    show({ items: WASTECODES, totalCount: 2, exportProgress: { phase: 'fetching', fetched: 1000, total: 2345, error: null } });
    const progress = byTestId('export-progress')!;
    expect(progress.textContent).toContain('已获取 1,000 / 2,345 条');
    expect((byTestId('btn-export') as HTMLButtonElement).disabled).toBe(true);
  });

  it('edits numbers, dates and switches with the declared defaults', () => {
    const plan: ResourceView = {
      name: 'PlanDetail', label: { zh: '明细', en: 'Detail' }, displayField: 'weight', fieldNames: ['weight', 'day', 'closed'],
      fields: {
        weight: field.decimal({ zh: '重量', en: 'Weight' }, { default: 0.01, greaterThan: 0, scale: 2, required: true }),
        day: field.date({ zh: '日期', en: 'Date' }, { required: true }),
        closed: field.boolean({ zh: '已关闭', en: 'Closed' }),
      },
      i18n: { title: 'common.edit', field: (f) => `common.${f === 'weight' ? 'total' : f === 'day' ? 'page' : 'yes'}` },
      methods: STANDARD_METHODS,
    };
    const root = stateWith({ PlanDetail: { loaded: true, items: [{ id: 3, weight: 12345.5, day: '2024-03-05', closed: true }], totalCount: 1,
      editing: { mode: 'create', id: null, values: {}, loading: false, fieldErrors: {}, error: null, loadFailed: false } } });
    const mock = mockStore(root);
    render(<ResourcePage resource="PlanDetail" view={plan} />, mock.store);
    expect(byTestId('resource-table')!.textContent).toContain('12,345.50');
    expect(byTestId('resource-table')!.textContent).toContain('2024-03-05');
    expect((byTestId('form-field-weight') as HTMLInputElement).value).toBe('0.01');
    const day = byTestId('form-field-day') as HTMLInputElement;
    // The one date input of the product: typed year first in zh-CN, sent as YYYY-MM-DD.
    expect(day.placeholder).toBe('YYYY-MM-DD');
    act(() => day.focus());
    typeInto(day, '2024-12-31');
    click(byTestId('form-field-closed'));
    click(byTestId('btn-save'));
    expect(mock.dispatched.at(-1)).toEqual(A.saveRequested({ resource: 'PlanDetail', values: { weight: 0.01, day: '2024-12-31', closed: true } }));
  });
});
