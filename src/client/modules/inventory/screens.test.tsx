/** @jest-environment jsdom */
import ResourceRoute from '../../app/ResourceRoute';
import { crudActions as A } from '../../crud/slice';
import { screenTestSetup, byTestId, click, createI18n, mockStore, render, type Rendered } from '../../crud/test-support-render';
import { stateWith } from '../../crud/test-support';
import type { ResourceState } from '../../crud/types';
import { setNavigator } from '../../util/navigator';
import { inventoryScreenHidden, inventoryScreenShown } from './liveSaga';
import { liveStreamsClosed, liveStreamsOpened } from '../../realtime/liveStreams';

screenTestSetup();

let view: Rendered | null = null;
afterEach(() => {
  view?.unmount();
  view = null;
  setNavigator(null);
  document.body.innerHTML = '';
});

const RECEIPTS = [
  { id: 4, enterpriseId: 2, enterpriseName: '华东化工', wastecodeId: 5, wastecodeName: '900-041-49', quantity: 2, receiptDate: '2025-03-01', source: 1, transferOrderId: null },
  {
    id: 5, enterpriseId: 3, enterpriseName: '绿源处置', wastecodeId: 5, wastecodeName: '900-041-49', quantity: 1234.5, receiptDate: '2025-03-02', source: 2,
    transferOrderId: 7, transferOrderName: 'ZY20250301-00007',
  },
];
const STOCK = [
  { id: 1, enterpriseId: 2, enterpriseName: '华东化工', wastecodeId: 5, wastecodeName: '900-041-49', quantity: 1.5, receivedTotal: 3, shippedTotal: 1.5, lastMovementTime: '2025-03-01T10:00:00' },
];

function show(resource: string, state: Partial<ResourceState>, language: 'zh-CN' | 'en-US' = 'zh-CN') {
  const mock = mockStore(stateWith({ [resource]: { loaded: true, ...state } }));
  view = render(<ResourceRoute resource={resource} />, mock.store, createI18n(language));
  return mock;
}

const table = () => byTestId('resource-table')!;
const disabled = (id: string) => (byTestId(id) as HTMLButtonElement).disabled;

describe('warehouse receipts', () => {
  it('keep receipts from a transfer order as they are: no edit, no delete; manual ones stay editable', () => {
    show('Warehousereceipt', { items: RECEIPTS, totalCount: 2 });
    expect([disabled('row-edit-5'), disabled('row-delete-5')]).toEqual([true, true]);
    expect([disabled('row-edit-4'), disabled('row-delete-4')]).toEqual([false, false]);
    expect(byTestId('receipt-source-5')!.textContent).toBe('转移接收');
    expect(byTestId('receipt-source-4')).toBeNull();
  });

  it('show the source order’s manifest number, opening that order on the reception screen', () => {
    const visited: string[] = [];
    setNavigator((to) => visited.push(to));
    show('Warehousereceipt', { items: RECEIPTS, totalCount: 2 });
    const link = byTestId('receipt-order-5') as HTMLAnchorElement;
    expect(link.textContent).toBe('ZY20250301-00007');
    expect(link.getAttribute('href')).toBe('/transfermanagement/transferreception?id=7');
    expect(byTestId('receipt-order-4')).toBeNull();
    click(link);
    expect(visited).toEqual(['/transfermanagement/transferreception?id=7']);
  });

  it('show quantities with three decimals and the unit', () => {
    show('Warehousereceipt', { items: RECEIPTS, totalCount: 2 });
    expect(table().textContent).toContain('2.000 吨');
    expect(table().textContent).toContain('1,234.500 吨');
    view!.unmount();
    show('Warehousereceipt', { items: RECEIPTS, totalCount: 2 }, 'en-US');
    expect(table().textContent).toContain('1,234.500 t');
  });

  it('tell the live saga while they are on screen', () => {
    const mock = show('Warehousereceipt', { items: RECEIPTS, totalCount: 2 });
    expect(mock.dispatched).toContainEqual(inventoryScreenShown({ screen: 'Warehousereceipt' }));
    view!.unmount();
    view = null;
    expect(mock.dispatched.at(-1)).toEqual(inventoryScreenHidden({ screen: 'Warehousereceipt' }));
  });
});

describe('the inventory list', () => {
  it('is read-only, shows stock in tonnes and follows the hub while shown', () => {
    const mock = show('Inventory', { items: STOCK, totalCount: 1 });
    expect(table().textContent).toContain('1.500 吨');
    expect(table().textContent).toContain('3.000 吨');
    expect(byTestId('row-edit-1')).toBeNull();
    expect(byTestId('btn-create')).toBeNull();
    expect(mock.dispatched.filter((a) => a.type !== A.lookupRequested.type)).toEqual([
      A.listRequested({ resource: 'Inventory' }),
      liveStreamsOpened(['inventory', 'transfer']),
      inventoryScreenShown({ screen: 'Inventory' }),
    ]);
    view!.unmount();
    view = null;
    expect(mock.dispatched.slice(-2)).toEqual([liveStreamsClosed(['inventory', 'transfer']), inventoryScreenHidden({ screen: 'Inventory' })]);
  });
});
