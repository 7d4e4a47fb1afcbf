/** @jest-environment jsdom */
import { act, useState } from 'react';
import { screenTestSetup, byTestId, click, mockStore, render, typeInto } from '../../crud/test-support-render';
import { stateWith } from '../../crud/test-support';
import { createTranslator } from '../../crud/translator';
import { LinesEditor } from './LinesEditor';
import { cellKey, newLine, type LineDraft } from './order-lines';

screenTestSetup();

const t = createTranslator('zh-CN');
const WASTES = [
  { id: 11, name: '废矿物油', wastecodeName: '900-214-08', containerType: 3, physicalCharacteristics: 2, hazardCharacteristics: ['T', 'I'] },
  { id: 12, name: '废包装桶', wastecodeName: '900-041-49', containerType: 1, physicalCharacteristics: 1, hazardCharacteristics: ['T'] },
];


function show(options: { lines?: LineDraft[]; errors?: Record<string, string>; producerId?: number | null } = {}) {
  const { errors = {}, producerId = 3 } = options;
  const root = stateWith({});
  root.crud.lookups['HazardouswasteInformation/GetHazardouswasteInformationAll?enterpriseId=3'] = { items: WASTES, loading: false, loaded: true, error: null };
  const harness = { lines: (): LineDraft[] => [], stale: [] as string[][], submits: jest.fn((e: Event) => e.preventDefault()) };
  function Dialog() {
    const [lines, setLines] = useState<LineDraft[]>(options.lines ?? [newLine()]);
    harness.lines = () => lines;
    return (
      <form onSubmit={(e) => harness.submits(e.nativeEvent)}>
        <LinesEditor rows={lines} producerId={producerId} errors={errors} disabled={false} t={t} language="zh-CN"
          onChange={(next, stale) => { setLines(next); harness.stale.push(stale); }} />
      </form>
    );
  }
  render(<Dialog />, mockStore(root).store);
  return harness;
}

const cell = (index: number, field: string) => byTestId(`line-${index}-${field}`) as HTMLInputElement & HTMLSelectElement;

function pressEnter(element: HTMLElement): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
  act(() => {
    element.dispatchEvent(event);
  });
  return event;
}

/** The controls Tab visits inside the editor, in document order. */
const tabStops = () => [...document.querySelectorAll<HTMLElement>('[data-testid="lines-editor"] input, [data-testid="lines-editor"] select, [data-testid="lines-editor"] button')]
  .filter((el) => el.tabIndex >= 0 && !(el as HTMLInputElement).disabled);

describe('LinesEditor', () => {
  it('adds a line on Enter in a cell, moves to its first cell, and never submits the dialog', () => {
    const harness = show();
    typeInto(cell(0, 'quantity'), '1.5');
    const event = pressEnter(cell(0, 'quantity'));
    expect(event.defaultPrevented).toBe(true);
    expect(harness.submits).not.toHaveBeenCalled();
    expect(harness.lines()).toHaveLength(2);
    expect(document.activeElement).toBe(cell(1, 'hazardouswasteId'));
    expect(harness.lines()[0].quantity).toBe('1.5');
  });

  it('lets Tab walk a line’s cells in order and on to the next line, past the delete buttons', () => {
    show({ lines: [newLine(), newLine()] });
    const stops = tabStops().map((el) => el.getAttribute('data-testid'));
    const firstLine = ['line-0-hazardouswasteId', 'line-0-quantity', 'line-0-containerCount', 'line-0-containerType', 'line-0-physicalForm',
      'line-0-hazardCharacteristics-T', 'line-0-hazardCharacteristics-C', 'line-0-hazardCharacteristics-I', 'line-0-hazardCharacteristics-R',
      'line-0-hazardCharacteristics-In', 'line-0-disposalMethod'];
    expect(stops.slice(0, firstLine.length)).toEqual(firstLine);
    expect(stops[firstLine.length]).toBe('line-1-hazardouswasteId');
    expect(stops).not.toContain('line-0-delete');
    expect(stops.at(-1)).toBe('line-add');
  });

  it('takes container, form and characteristics from the chosen waste record', () => {
    const harness = show();
    typeInto(cell(0, 'hazardouswasteId'), '11');
    expect(harness.lines()[0]).toMatchObject({ hazardouswasteId: 11, containerType: 3, physicalForm: 2, hazardCharacteristics: ['T', 'I'] });
    expect((byTestId('line-0-hazardCharacteristics-I') as HTMLInputElement).checked).toBe(true);
    expect(cell(0, 'physicalForm').value).toBe('2');
  });

  it('checks a cell when it is left and shows the server’s message under its cell until it changes', () => {
    const harness = show({ errors: { [cellKey(0, 'disposalMethod')]: '超出年度计划剩余量0.200吨' } });
    expect(byTestId('line-0-disposalMethod-error')?.textContent).toBe('超出年度计划剩余量0.200吨');
    typeInto(cell(0, 'quantity'), '1.2345');
    act(() => {
      cell(0, 'quantity').dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    });
    expect(byTestId('line-0-quantity-error')?.textContent).toBe('转移量最多保留3位小数');
    typeInto(cell(0, 'disposalMethod'), '1');
    expect(harness.stale.at(-1)).toEqual([cellKey(0, 'disposalMethod')]);
  });

  it('deletes a line and reports the moved lines’ messages as stale; totals in tonnes', () => {
    const lines = [{ ...newLine(), quantity: '1' }, { ...newLine(), quantity: '0.25' }, { ...newLine(), quantity: '2.005' }];
    const harness = show({ lines });
    expect(byTestId('lines-total')?.textContent).toBe('3.255');
    click(byTestId('line-1-delete'));
    expect(harness.lines().map((l) => l.quantity)).toEqual(['1', '2.005']);
    expect(harness.stale.at(-1)).toContain(cellKey(2, 'quantity'));
    expect(byTestId('lines-total')?.textContent).toBe('3.005');
  });

  it('asks for the producer before offering wastes', () => {
    show({ producerId: null });
    expect(cell(0, 'hazardouswasteId').disabled).toBe(true);
    expect(cell(0, 'hazardouswasteId').textContent).toContain('请先选择产废单位');
  });
});
