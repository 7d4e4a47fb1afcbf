/** @jest-environment jsdom */
import type { Action } from '@reduxjs/toolkit';
import { crudActions as A } from '../../crud/slice';
import { screenTestSetup, byTestId, click, mockStore, render, typeInto } from '../../crud/test-support-render';
import { stateWith } from '../../crud/test-support';
import type { EditingState, ResourceState } from '../../crud/types';
import { newRow, rowsFromServer } from './plan-rows';
import ResourceRoute from '../../app/ResourceRoute';
import { initialPlansState, planRowsRequested, planStatusAsked, planStatusRequested, type PlansState } from './plansSlice';

screenTestSetup();

const PLANS = [
  { id: 1, enterpriseId: 3, enterpriseName: '某某化工', year: 2025, title: '2025年度计划', status: 0 },
  { id: 2, enterpriseId: 3, enterpriseName: '某某化工', year: 2024, title: '', status: 1 },
  { id: 3, enterpriseId: 3, enterpriseName: '某某化工', year: 2023, title: '2023年度计划', status: 2 },
  { id: 4, enterpriseId: 4, enterpriseName: '某某电子', year: 2025, title: '电子厂计划', status: 3 },
];
const STORED_ROWS = [
  { id: 41, aid: 1, hazardouswasteId: 5, hazardouswasteName: '废矿物油', thisyearweight: 1000, lastyearweight: 0.5, disposalMethod: 1, receiverId: 9, receiverName: '某某处置有限公司' },
  { id: 42, aid: 1, hazardouswasteId: 6, hazardouswasteName: '废包装桶', thisyearweight: 234.56, lastyearweight: 0.25, disposalMethod: 3, receiverId: null, receiverName: null },
];


function show(crud: Partial<ResourceState>, plans: Partial<PlansState> = {}) {
  const root = { ...stateWith({ AnnualManagementPlan: { loaded: true, items: PLANS, totalCount: PLANS.length, ...crud } }), plans: { ...initialPlansState, ...plans } };
  root.crud.lookups['HazardouswasteInformation/GetHazardouswasteInformationList?enterpriseId=3'] = {
    items: [{ id: 5, name: '废矿物油' }, { id: 6, name: '废包装桶' }], loading: false, loaded: true, error: null,
  };
  const mock = mockStore(root as never);
  render(<ResourceRoute resource="AnnualManagementPlan" />, mock.store);
  return { dispatched: () => mock.dispatched.filter((a: Action) => a.type !== A.lookupRequested.type) };
}

const editing = (patch: Partial<EditingState>): EditingState => ({
  mode: 'edit', id: 1, values: { ...PLANS[0] }, loading: false, fieldErrors: {}, error: null, loadFailed: false, ...patch,
});

describe('PlansPage', () => {
  it('offers the status moves each plan allows and edits only drafts and returned plans', () => {
    const { dispatched } = show({});
    expect(byTestId('row-submit-1')).not.toBeNull();
    expect(byTestId('row-approve-1')).toBeNull();
    expect(byTestId('row-approve-2')).not.toBeNull();
    expect(byTestId('row-return-2')).not.toBeNull();
    expect(byTestId('row-submit-2')).toBeNull();
    expect(['submit', 'approve', 'return'].map((k) => byTestId(`row-${k}-3`))).toEqual([null, null, null]);
    expect(byTestId('row-submit-4')).not.toBeNull();
    expect((byTestId('row-edit-1') as HTMLButtonElement).disabled).toBe(false);
    expect((byTestId('row-edit-2') as HTMLButtonElement).disabled).toBe(true);
    expect((byTestId('row-delete-3') as HTMLButtonElement).disabled).toBe(true);
    expect((byTestId('row-edit-4') as HTMLButtonElement).disabled).toBe(false);

    click(byTestId('row-submit-1'));
    click(byTestId('row-return-2'));
    expect(dispatched().slice(-2)).toEqual([
      planStatusAsked({ id: 1, name: '2025年度计划', to: 1 }),
      // Without a title the plan is named by its producer and year.
      planStatusAsked({ id: 2, name: '某某化工 2024', to: 3 }),
    ]);
  });

  it('asks before approving and sends the move on confirmation', () => {
    const { dispatched } = show({}, { statusChange: { id: 2, name: '某某化工 2024', to: 2, pending: false, error: null } });
    expect(byTestId('plan-status-alert')?.textContent).toContain('确定要通过计划“某某化工 2024”吗？');
    click(byTestId('plan-status-confirm'));
    expect(dispatched().at(-1)).toEqual(planStatusRequested({ id: 2, to: 2 }));
  });

  it('shows a plan’s rows read-only in a drawer with the totals of both weights', () => {
    const { dispatched } = show({}, { rows: { 1: { status: 'loaded', items: STORED_ROWS, error: null } } });
    click(byTestId('row-rows-1'));
    expect(dispatched().at(-1)).toEqual(planRowsRequested({ planId: 1 }));
    const drawer = byTestId('plan-rows-drawer')!;
    expect(drawer.textContent).toContain('废矿物油');
    expect(drawer.textContent).toContain('某某处置有限公司');
    expect(drawer.textContent).toContain('1,000.0000 吨');
    expect(drawer.querySelector('input, select')).toBeNull();
    expect(byTestId('plan-rows-total-thisyearweight')?.textContent).toBe('1,234.5600 吨');
    expect(byTestId('plan-rows-total-lastyearweight')?.textContent).toBe('0.7500 吨');
  });

  it('fills the edit dialog with the rows read for the plan', () => {
    show({ editing: editing({}) }, { rows: { 1: { status: 'loaded', items: STORED_ROWS, error: null } } });
    expect((byTestId('plan-row-0-thisyearweight') as HTMLInputElement).value).toBe('1000');
    expect((byTestId('plan-row-1-hazardouswasteId') as HTMLSelectElement).value).toBe('6');
  });

  it('waits for the rows before an edit can be saved', () => {
    const { dispatched } = show({ editing: editing({}) }, { rows: { 1: { status: 'loading', items: [], error: null } } });
    expect(byTestId('plan-rows-loading')).not.toBeNull();
    click(byTestId('btn-save'));
    expect(dispatched().some((a) => a.type === A.saveRequested.type)).toBe(false);
    expect(byTestId('plan-rows-loading')?.textContent).toContain('明细尚未读取完成');
  });

  it('puts the server’s row messages under their cells, not in the general notice', () => {
    const values = { ...PLANS[0], details: rowsFromServer(STORED_ROWS) };
    show({ editing: editing({
      values,
      fieldErrors: { 'details[1].hazardouswasteId': ['危废必须与年度计划属于同一企业'], year: ['该企业2025年度的计划已存在'] },
      error: { message: 'Your request is not valid!', validationErrors: [] },
    }) });
    expect(byTestId('plan-row-1-hazardouswasteId-error')?.textContent).toBe('危废必须与年度计划属于同一企业');
    const notice = byTestId('form-error')!;
    expect(notice.textContent).not.toContain('危废必须与年度计划属于同一企业');
  });

  it('checks the rows before saving and sends the plan with its rows', () => {
    const { dispatched } = show({ editing: { ...editing({}), mode: 'create', id: null, values: { enterpriseId: 3, year: 2025, title: '新计划', details: [newRow()] } } });
    click(byTestId('btn-save'));
    expect(dispatched().some((a) => a.type === A.saveRequested.type)).toBe(false);
    expect(byTestId('plan-row-0-hazardouswasteId-error')?.textContent).toBe('危废不能为空');
    expect(byTestId('plan-row-0-disposalMethod-error')?.textContent).toBe('处置方式不能为空');

    typeInto(byTestId('plan-row-0-hazardouswasteId'), '5');
    typeInto(byTestId('plan-row-0-disposalMethod'), '4');
    typeInto(byTestId('plan-row-0-thisyearweight'), '2.5');
    click(byTestId('btn-save'));
    expect(dispatched().at(-1)).toEqual(A.saveRequested({
      resource: 'AnnualManagementPlan',
      values: {
        enterpriseId: 3, year: 2025, title: '新计划', remark: null,
        details: [{ hazardouswasteId: 5, thisyearweight: 2.5, lastyearweight: 0.01, disposalMethod: 4, receiverId: null }],
      },
    }));
  });
});
