/** @jest-environment jsdom */
import { act, useState } from 'react';
import { screenTestSetup, byTestId, click, mockStore, render, typeInto } from '../../crud/test-support-render';
import { stateWith } from '../../crud/test-support';
import { createTranslator } from '../../crud/translator';
import { cellKey, newRow, rowsFromServer, type PlanRowDraft } from './plan-rows';
import { PlanRowsEditor } from './PlanRowsEditor';

screenTestSetup();

const t = createTranslator('zh-CN');
const WASTES = [{ id: 5, name: '废矿物油', wastecodeName: '900-214-08' }, { id: 6, name: '废包装桶', wastecodeName: '900-041-49' }];
const RECEIVERS = [{ id: 9, name: '某某处置有限公司' }];


interface Harness {
  rows: () => PlanRowDraft[];
  staleReports: string[][];
  submits: jest.Mock;
}

/** The editor inside a form (as in the dialog), holding its rows like the dialog does. */
function show(options: { rows?: PlanRowDraft[]; errors?: Record<string, string>; enterpriseId?: number | null } = {}): Harness {
  const { errors = {}, enterpriseId = 3 } = options;
  const root = stateWith({});
  root.crud.lookups['HazardouswasteInformation/GetHazardouswasteInformationList?enterpriseId=3'] = { items: WASTES, loading: false, loaded: true, error: null };
  root.crud.lookups['EnterpriseInformation/GetEnterpriseInformationAll?corporateType=1'] = { items: RECEIVERS, loading: false, loaded: true, error: null };
  const harness: Harness = { rows: () => [], staleReports: [], submits: jest.fn((e: Event) => e.preventDefault()) };
  function Dialog() {
    const [rows, setRows] = useState<PlanRowDraft[]>(options.rows ?? []);
    harness.rows = () => rows;
    return (
      <form onSubmit={(e) => harness.submits(e.nativeEvent)}>
        <PlanRowsEditor rows={rows} enterpriseId={enterpriseId} errors={errors} disabled={false} t={t} language="zh-CN"
          onChange={(next, stale) => {
            setRows(next);
            harness.staleReports.push(stale);
          }} />
      </form>
    );
  }
  render(<Dialog />, mockStore(root).store);
  return harness;
}

const cell = (index: number, field: string) => byTestId(`plan-row-${index}-${field}`) as HTMLInputElement & HTMLSelectElement;

function pressEnter(element: HTMLElement): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
  act(() => {
    element.dispatchEvent(event);
  });
  return event;
}

function leave(element: HTMLElement) {
  act(() => {
    element.focus();
    element.blur();
  });
}

/** The controls Tab visits, in order (document order of focusable controls outside tabindex=-1). */
const tabOrder = () => [...document.querySelectorAll<HTMLElement>('[data-testid="plan-rows-editor"] input, [data-testid="plan-rows-editor"] select, [data-testid="plan-rows-editor"] button')]
  .filter((el) => el.tabIndex >= 0 && !(el as HTMLInputElement).disabled)
  .map((el) => el.dataset.testid);

describe('PlanRowsEditor', () => {
  it('adds a row with both weights at 0.01 and moves to its first cell', () => {
    const harness = show();
    expect(byTestId('plan-rows-empty')?.textContent).toBe('暂无明细，点击“新增明细”添加');
    click(byTestId('plan-add-row'));
    expect(harness.rows()).toHaveLength(1);
    expect(cell(0, 'thisyearweight').value).toBe('0.01');
    expect(cell(0, 'lastyearweight').value).toBe('0.01');
    expect(cell(0, 'hazardouswasteId').value).toBe('');
    expect(document.activeElement).toBe(cell(0, 'hazardouswasteId'));
    expect(byTestId('plan-editor-total-thisyearweight')?.textContent).toBe('0.0100 吨');
  });

  it('adds a row at the end on Enter in any cell, without submitting the dialog', () => {
    const harness = show({ rows: [newRow(), newRow()] });
    const event = pressEnter(cell(0, 'lastyearweight'));
    expect(event.defaultPrevented).toBe(true);
    expect(harness.rows()).toHaveLength(3);
    expect(document.activeElement).toBe(cell(2, 'hazardouswasteId'));
    expect(harness.submits).not.toHaveBeenCalled();
  });

  it('lets Tab walk the cells row by row, skipping the delete buttons, then reach “add row”', () => {
    show({ rows: [newRow(), newRow()] });
    const fields = ['hazardouswasteId', 'thisyearweight', 'lastyearweight', 'disposalMethod', 'receiverId'];
    expect(tabOrder()).toEqual([
      ...fields.map((f) => `plan-row-0-${f}`), ...fields.map((f) => `plan-row-1-${f}`), 'plan-add-row',
    ]);
    expect(cell(0, 'delete').tabIndex).toBe(-1);
  });

  it('offers the producer’s wastes, the disposal methods and the receivers', () => {
    show({ rows: [newRow()] });
    expect([...cell(0, 'hazardouswasteId').options].map((o) => o.text)).toEqual(['请选择', '废矿物油（900-214-08）', '废包装桶（900-041-49）']);
    expect([...cell(0, 'disposalMethod').options].map((o) => o.text)).toEqual(['请选择', '利用', '贮存', '焚烧', '安全填埋', '其他']);
    expect([...cell(0, 'receiverId').options].map((o) => o.text)).toEqual(['请选择', '某某处置有限公司']);
  });

  it('asks for the producer before the wastes', () => {
    show({ rows: [newRow()], enterpriseId: null });
    expect(cell(0, 'hazardouswasteId').disabled).toBe(true);
    expect(cell(0, 'hazardouswasteId').options[0].text).toBe('请先选择产废单位');
  });

  it('checks a cell when it is left and clears the message once it is right', () => {
    const harness = show({ rows: [newRow()] });
    typeInto(cell(0, 'thisyearweight'), '0');
    leave(cell(0, 'thisyearweight'));
    expect(byTestId('plan-row-0-thisyearweight-error')?.textContent).toBe('本年度计划量必须大于0');
    expect(cell(0, 'thisyearweight').getAttribute('aria-invalid')).toBe('true');
    typeInto(cell(0, 'thisyearweight'), '1.23456');
    expect(byTestId('plan-row-0-thisyearweight-error')?.textContent).toBe('本年度计划量最多保留4位小数');
    typeInto(cell(0, 'thisyearweight'), '12.5');
    expect(byTestId('plan-row-0-thisyearweight-error')).toBeNull();
    // Cells not left yet say nothing.
    expect(byTestId('plan-row-0-hazardouswasteId-error')).toBeNull();
    leave(cell(0, 'hazardouswasteId'));
    expect(byTestId('plan-row-0-hazardouswasteId-error')?.textContent).toBe('危废不能为空');
    typeInto(cell(0, 'hazardouswasteId'), '6');
    expect(harness.rows()[0]).toMatchObject({ hazardouswasteId: 6, thisyearweight: '12.5' });
  });

  it('shows the save’s messages under their cells, and reports a changed cell’s message as stale', () => {
    const harness = show({ rows: [newRow(), newRow()], errors: { [cellKey(1, 'receiverId')]: '接收单位必须是接收单位' } });
    expect(byTestId('plan-row-1-receiverId-error')?.textContent).toBe('接收单位必须是接收单位');
    expect(byTestId('plan-row-0-receiverId-error')).toBeNull();
    typeInto(cell(1, 'receiverId'), '9');
    expect(harness.staleReports.at(-1)).toEqual(['details[1].receiverId']);
  });

  it('deletes a row, reports the messages of it and the rows below as stale, and keeps stored rows’ ids', () => {
    const stored = rowsFromServer([
      { id: 41, hazardouswasteId: 5, thisyearweight: 1, lastyearweight: 2, disposalMethod: 1, receiverId: null },
      { id: 42, hazardouswasteId: 6, thisyearweight: 3, lastyearweight: 4, disposalMethod: 2, receiverId: 9 },
      { id: 43, hazardouswasteId: 5, thisyearweight: 5, lastyearweight: 6, disposalMethod: 3, receiverId: null },
    ]);
    const harness = show({ rows: stored });
    expect(byTestId('plan-editor-total-thisyearweight')?.textContent).toBe('9.0000 吨');
    click(cell(1, 'delete'));
    expect(harness.rows().map((r) => r.id)).toEqual([41, 43]);
    expect(harness.staleReports.at(-1)).toEqual([1, 2].flatMap((i) => ['hazardouswasteId', 'thisyearweight', 'lastyearweight', 'disposalMethod', 'receiverId'].map((f) => `details[${i}].${f}`)));
    expect(cell(1, 'thisyearweight').value).toBe('5');
    expect(document.activeElement).toBe(cell(1, 'hazardouswasteId'));
    expect(byTestId('plan-editor-total-lastyearweight')?.textContent).toBe('8.0000 吨');
  });
});
