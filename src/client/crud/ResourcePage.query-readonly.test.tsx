/** @jest-environment jsdom */
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ResourcePage } from './ResourcePage';
import { crudActions as A } from './slice';
import { screenTestSetup, byTestId, click, createI18n, mockStore, render, typeInto } from './test-support-render';
import { stateWith } from './test-support';
import type { ResourceState } from './types';

screenTestSetup();


const withoutLookups = (dispatched: { type: string }[]) => dispatched.filter((a) => a.type !== A.lookupRequested.type);

function show(resource: string, state: Partial<ResourceState>, address?: string) {
  const mock = mockStore(stateWith({ [resource]: { loaded: true, ...state } }));
  const page = <ResourcePage resource={resource} />;
  render(address ? <MemoryRouter initialEntries={[address]}>{page}</MemoryRouter> : page, mock.store, createI18n('zh-CN'));
  return mock;
}

const STOCK = [
  { id: 1, enterpriseId: 2, enterpriseName: '华东化工', wastecodeId: 5, wastecodeName: '900-041-49', quantity: 1.5, receivedTotal: 3, shippedTotal: 1.5, lastMovementTime: '2025-03-01T10:00:00' },
];
const RECEIPTS = [
  { id: 4, enterpriseId: 2, enterpriseName: '华东化工', wastecodeId: 5, wastecodeName: '900-041-49', quantity: 2, receiptDate: '2025-03-01', source: 1 },
];

const headers = () => [...byTestId('resource-table')!.querySelectorAll('.bp6-table-column-name')].map((e) => e.textContent);

describe('a read-only screen', () => {
  it('has no action column, no edit or delete buttons and no create button', () => {
    show('Inventory', { items: STOCK, totalCount: 1 });
    expect(byTestId('resource-table')!.textContent).toContain('900-041-49');
    expect(headers()).not.toContain('操作');
    expect(byTestId('row-edit-1')).toBeNull();
    expect(byTestId('row-delete-1')).toBeNull();
    expect(byTestId('btn-create')).toBeNull();
    expect(byTestId('btn-export')).not.toBeNull();
  });

  it('ignores Enter and Delete on a row', () => {
    const mock = show('Inventory', { items: STOCK, totalCount: 1 });
    const cell = byTestId('resource-table')!.querySelector('.bp6-table-cell')!;
    act(() => {
      cell.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      cell.dispatchEvent(new KeyboardEvent('keydown', { key: 'Delete', bubbles: true }));
    });
    expect(withoutLookups(mock.dispatched)).toEqual([A.listRequested({ resource: 'Inventory' })]);
  });

  it('while a writable screen keeps its action column', () => {
    show('Warehousereceipt', { items: RECEIPTS, totalCount: 1 });
    expect(headers()).toContain('操作');
    expect(byTestId('row-edit-4')).not.toBeNull();
  });
});

describe('a date range filter', () => {
  it('offers From and To for a field declared with filterRange and sends both ends', () => {
    const mock = show('Warehousereceipt', { items: RECEIPTS, totalCount: 1 });
    expect(byTestId('filter-range-receiptDate')!.textContent).toContain('入库日期');
    const from = byTestId('filter-receiptDateFrom') as HTMLInputElement;
    const to = byTestId('filter-receiptDateTo') as HTMLInputElement;
    // The product's date input: typed year first in zh-CN, whatever the browser's locale.
    expect([from.placeholder, to.placeholder]).toEqual(['YYYY-MM-DD', 'YYYY-MM-DD']);
    expect(from.getAttribute('aria-label')).toBe('入库日期起');
    typeInto(from, '2025-03-01');
    // An impossible or half-typed day filters nothing.
    typeInto(to, '2025-02-30');
    typeInto(to, '2025-03-');
    typeInto(to, '2025-03-31');
    expect(withoutLookups(mock.dispatched).slice(1)).toEqual([
      A.filterChanged({ resource: 'Warehousereceipt', name: 'receiptDateFrom', value: '2025-03-01' }),
      A.filterChanged({ resource: 'Warehousereceipt', name: 'receiptDateTo', value: '2025-03-31' }),
    ]);
  });

  it('shows the chosen ends, keeps To after From, opens an end when cleared, and offers a reset', () => {
    const mock = show('Warehousereceipt', { items: RECEIPTS, totalCount: 1, filters: { receiptDateFrom: '2025-03-01', receiptDateTo: '2025-03-31' } });
    const from = byTestId('filter-receiptDateFrom') as HTMLInputElement;
    const to = byTestId('filter-receiptDateTo') as HTMLInputElement;
    expect([from.value, to.value]).toEqual(['2025-03-01', '2025-03-31']);
    // To cannot be set before From, nor From after To.
    typeInto(to, '2025-02-28');
    typeInto(from, '2025-04-01');
    typeInto(from, '');
    click(byTestId('btn-reset'));
    expect(withoutLookups(mock.dispatched).slice(1)).toEqual([
      A.filterChanged({ resource: 'Warehousereceipt', name: 'receiptDateFrom', value: null }),
      A.queryReset({ resource: 'Warehousereceipt' }),
    ]);
  });

  it('is not offered for fields without filterRange', () => {
    show('Inventory', { items: STOCK, totalCount: 1 });
    expect(document.querySelector('[data-testid^="filter-range-"]')).toBeNull();
  });
});

describe('?id= in the address', () => {
  it('opens that record’s dialog once, reading it afresh', () => {
    const mock = show('Contract', { items: [], totalCount: 0 }, '/contractmanagement/contract?id=9');
    const opened = withoutLookups(mock.dispatched).filter((a) => a.type === A.editOpened.type);
    expect(opened).toEqual([A.editOpened({ resource: 'Contract', id: 9 })]);
  });

  it.each([
    ['no id', '/contractmanagement/contract'],
    ['a malformed id', '/contractmanagement/contract?id=9x'],
    ['a zero id', '/contractmanagement/contract?id=0'],
  ])('opens nothing for %s', (_name, address) => {
    const mock = show('Contract', { items: [], totalCount: 0 }, address);
    expect(mock.dispatched.filter((a) => a.type === A.editOpened.type)).toEqual([]);
  });

  it('opens nothing on a read-only screen', () => {
    const mock = show('Inventory', { items: STOCK, totalCount: 1 }, '/inventorymanagement/inventorylist?id=1');
    expect(mock.dispatched.filter((a) => a.type === A.editOpened.type)).toEqual([]);
  });
});
