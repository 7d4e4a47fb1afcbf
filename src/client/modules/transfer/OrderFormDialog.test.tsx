/** @jest-environment jsdom */
import { screenTestSetup, byTestId, click, mockStore, render, type Rendered } from '../../crud/test-support-render';
import { stateWith } from '../../crud/test-support';
import { createTranslator } from '../../crud/translator';
import { headerFromOrder, linesFromOrder, orderBody } from './order-lines';
import { OrderFormDialog } from './OrderFormDialog';
import { bodyKey, type OrderFormState } from './orderFormSlice';
import { ORDER } from './test-support';

screenTestSetup();

const t = createTranslator('zh-CN');
let view: Rendered | null = null;

const EDIT: OrderFormState = {
  mode: 'edit', id: 7, version: 3, requestKey: 'rk-1', loading: false, order: ORDER, phase: 'editing', errors: [], warnings: [],
  warnedBody: null, error: null,
};
const ORDER_BODY = orderBody(headerFromOrder(ORDER), linesFromOrder(ORDER.lines));

function show(form: Partial<OrderFormState>) {
  const onSubmit = jest.fn();
  const root = stateWith({});
  root.crud.lookups['HazardouswasteInformation/GetHazardouswasteInformationAll?enterpriseId=3'] = {
    items: [{ id: 11, name: '废矿物油' }, { id: 12, name: '废包装桶' }], loading: false, loaded: true, error: null,
  };
  view = render(<OrderFormDialog form={{ ...EDIT, ...form }} declarant="张三" t={t} onSubmit={onSubmit} onClose={() => undefined} />, mockStore(root).store);
  return onSubmit;
}

describe('OrderFormDialog', () => {
  it('starts an edit from the order, shows the declarant and sends the lines with their ids', () => {
    const onSubmit = show({});
    expect((byTestId('form-declarant') as HTMLInputElement).value).toBe('张三');
    expect((byTestId('form-plannedDate') as HTMLInputElement).value).toBe('2026-11-21');
    expect((byTestId('line-1-quantity') as HTMLInputElement).value).toBe('0.5');
    click(byTestId('form-submit'));
    expect(onSubmit).toHaveBeenCalledWith(ORDER_BODY);
    expect(ORDER_BODY.lines.map((l) => l.id)).toEqual([71, 72]);
  });

  it('puts blocking errors beside their cells and fields, not in the general notice', () => {
    show({ errors: [
      { message: '接收单位的经营许可证不含废物代码900-214-08', members: ['lines[0].wastecodeId'] },
      { message: '超出年度计划剩余量0.200吨', members: ['lines[1].quantity'] },
      { message: '只能为本单位填报转移联单', members: ['producerId'] },
      { message: '联单当前状态为“待签收 / 已派车 / 待确认”，不能修改', members: ['declareStatus'] },
    ] });
    expect(byTestId('line-0-hazardouswasteId-error')?.textContent).toBe('接收单位的经营许可证不含废物代码900-214-08');
    expect(byTestId('line-1-quantity-error')?.textContent).toBe('超出年度计划剩余量0.200吨');
    expect(document.body.textContent).toContain('只能为本单位填报转移联单');
    // A member the dialog has no field for is said above the buttons.
    expect(byTestId('form-problems')?.textContent).toBe('联单当前状态为“待签收 / 已派车 / 待确认”，不能修改');
  });

  it('shows warnings and offers to submit anyway for the body they were given for', () => {
    const warnings = [{ code: 'contract', message: '产废单位与接收单位之间没有有效合同' }];
    show({ warnings, warnedBody: bodyKey(ORDER_BODY) });
    expect(byTestId('form-warnings')?.textContent).toContain('产废单位与接收单位之间没有有效合同');
    expect(byTestId('form-submit')?.textContent).toBe('仍然提交');
    view?.unmount();
    show({ warnings, warnedBody: bodyKey({ ...ORDER_BODY, remarks: 'x' }) });
    expect(byTestId('form-submit')?.textContent).toBe('提交');
  });

  it('waits while the check or the save is under way', () => {
    const onSubmit = show({ phase: 'saving' });
    expect((byTestId('form-submit') as HTMLButtonElement).disabled).toBe(true);
    click(byTestId('form-submit'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the header and the lines before anything is sent', () => {
    const onSubmit = show({ mode: 'create', id: null, version: null, order: null });
    click(byTestId('form-submit'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.body.textContent).toContain('计划转移日期不能为空');
    expect(byTestId('line-0-quantity-error')?.textContent).toBe('转移量不能为空');
  });
});
