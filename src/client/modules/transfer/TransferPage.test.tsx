/** @jest-environment jsdom */
import type { Action } from '@reduxjs/toolkit';
import { MemoryRouter } from 'react-router-dom';
import { crudActions as A, initialCrudState, initialResourceState } from '../../crud/slice';
import { screenTestSetup, byTestId, click, mockStore, render, typeInto } from '../../crud/test-support-render';
import type { ResourceState } from '../../crud/types';
import { detailRequested, listShown, moveAsked, moveRequested, printRequested, type OrdersState } from './ordersSlice';
import { ORDER, ROW, withState } from './test-support';
import { TransferPage } from './TransferPage';
import { initialTransferState } from './transferSlice';
import { listKey } from './transferView';
import type { Party } from '../../../shared/transfer/machine';
import type { TransferOrderDetail } from './types';

screenTestSetup();

const C = listKey('C');
const S = listKey('S');
const APPLY = 'Pages.TransferApplication';
const RECEIVE = 'Pages.TransferReception';


interface Setup {
  route?: 'transferorder' | 'transferreception';
  url?: string;
  granted?: string[];
  lists?: Record<string, Partial<ResourceState>>;
  orders?: Partial<OrdersState>;
}

function show({ route = 'transferorder', url = '/transfermanagement/transferorder', granted = [APPLY, RECEIVE], lists = {}, orders = {} }: Setup = {}) {
  const byResource = Object.fromEntries(Object.entries({
    [C]: { items: [ROW], totalCount: 1, loaded: true, scope: { List: 'C' } },
    [S]: { items: [], totalCount: 0, loaded: true, scope: { List: 'S' } },
    ...lists,
  }).map(([key, s]) => [key, { ...initialResourceState, ...s }]));
  const state = {
    app: { config: { auth: { grantedPermissions: Object.fromEntries(granted.map((p) => [p, 'true'])), allPermissions: {} } } },
    crud: { ...initialCrudState, byResource },
    transfer: { ...initialTransferState, orders: { ...initialTransferState.orders, me: { status: 'loaded', name: '张三', enterpriseIds: [3] }, ...orders } },
  };
  const mock = mockStore(state as never);
  render(<MemoryRouter initialEntries={[url]}><TransferPage route={route} /></MemoryRouter>, mock.store);
  return { dispatched: () => mock.dispatched.filter((a: Action) => a.type !== A.lookupRequested.type) };
}

const openDetail = (order: TransferOrderDetail, parties: Party[]): Partial<OrdersState> =>
  ({ detail: { id: order.id, status: 'loaded', order: { ...order, parties }, error: null, refusal: null } });
const moveButtons = () => [...document.querySelectorAll('[data-testid="order-actions"] [data-testid^="move-"]')].map((b) => b.getAttribute('data-testid'));

describe('TransferPage lists', () => {
  it('shows the C and S lists as tabs on the application route, each with its own paging', () => {
    const { dispatched } = show({ lists: { [C]: { items: [ROW], totalCount: 30, currentPage: 2, loaded: true, scope: { List: 'C' } } } });
    const tabs = [...document.querySelectorAll('[role="tab"]')].map((t) => t.textContent);
    expect(tabs).toEqual(['我的转移联单', '待我签收']);
    expect(byTestId('list-C-pager-page')?.textContent).toBe('第 2 / 3 页');
    expect(dispatched()).toContainEqual(listShown({ list: 'C', key: C }));
    click(byTestId('list-C-pager-next'));
    expect(dispatched().at(-1)).toEqual(A.pageChanged({ resource: C, page: 3 }));

    click([...document.querySelectorAll('[role="tab"]')][1]);
    expect(byTestId('transfer-list-S')).not.toBeNull();
    expect(byTestId('transfer-list-C')).toBeNull();
    expect(byTestId('list-S-pager-page')?.textContent).toBe('第 1 / 1 页');
    expect(dispatched()).toContainEqual(listShown({ list: 'S', key: S }));
  });

  it('shows only the S list on the reception route, without a create button', () => {
    show({ route: 'transferreception', url: '/transfermanagement/transferreception', lists: { [S]: { items: [ROW], totalCount: 1, loaded: true } } });
    expect(document.querySelectorAll('[role="tab"]')).toHaveLength(0);
    expect(byTestId('transfer-list-S')).not.toBeNull();
    expect(byTestId('btn-create')).toBeNull();
  });

  it('enables edit and delete only on rows the machine lets the user’s producer change', () => {
    const mineDispatched = { ...withState(ROW, 0, 1, 0), id: 8 };
    const notMine = { ...ROW, id: 9, producerId: 99, transporterId: 4 };
    show({ lists: { [C]: { items: [ROW, mineDispatched, notMine], totalCount: 3, loaded: true, scope: { List: 'C' } } } });
    const disabled = (id: string) => (byTestId(id) as HTMLButtonElement).disabled;
    expect([disabled('row-edit-7'), disabled('row-delete-7')]).toEqual([false, false]);
    expect([disabled('row-edit-8'), disabled('row-delete-8')]).toEqual([true, true]);
    expect([disabled('row-edit-9'), disabled('row-delete-9')]).toEqual([true, true]);
    expect(byTestId('btn-create')).not.toBeNull();
  });

  it('asks before deleting a row from the list, naming it', () => {
    const { dispatched } = show({ orders: { dialog: { orderId: 7, action: 'delete', party: 'producer', pending: false, error: null } } });
    expect(byTestId('move-confirm-question')?.textContent).toBe('确定要删除转移联单“ZY20261121-00007”吗？此操作不可撤销。');
    click(byTestId('move-confirm-submit'));
    expect(dispatched().at(-1)).toEqual(moveRequested({ id: 7, party: 'producer', version: 3, input: { action: 'delete' } }));
    click(byTestId('row-delete-7'));
    expect(dispatched().at(-1)).toEqual(moveAsked({ orderId: 7, action: 'delete', party: 'producer' }));
  });

  it('opens the order named by ?id= in the drawer', () => {
    const { dispatched } = show({ url: '/transfermanagement/transferorder?id=7' });
    expect(dispatched()).toContainEqual(detailRequested({ id: 7 }));
  });
});

describe('TransferPage drawer', () => {
  it.each<[string, TransferOrderDetail, Party[], string[], string[]]>([
    ['a producer of a draft', ORDER, ['producer'], [APPLY, RECEIVE], ['move-edit', 'move-delete', 'move-void', 'move-sign']],
    ['a transporter of an open order', withState(ORDER, 0, 1, 0), ['transporter'], [APPLY], ['move-dispatch', 'move-sign']],
    ['a receiver of a dispatched order', withState(ORDER, 0, 1, 0), ['receiver'], [APPLY, RECEIVE], ['move-agree', 'move-return', 'move-sign']],
    ['a producer of a returned order', withState(ORDER, 0, 1, 2), ['producer'], [APPLY], ['move-edit', 'move-void', 'move-resubmit', 'move-sign']],
    ['an enterprise both producer and transporter', ORDER, ['producer', 'transporter'], [APPLY],
      ['move-edit', 'move-delete', 'move-void', 'move-dispatch', 'move-sign-producer', 'move-sign-transporter']],
    ['a receiver without the reception permission', withState(ORDER, 0, 1, 0), ['receiver'], [APPLY], []],
    ['anyone on a voided order', withState(ORDER, 2, 1, 0), ['producer', 'transporter', 'receiver'], [APPLY, RECEIVE], []],
  ])('offers %s exactly the machine’s moves', (_name, order, parties, granted, expected) => {
    show({ granted, orders: openDetail(order, parties) });
    expect(moveButtons()).toEqual(expected);
    expect(byTestId('no-moves') !== null).toBe(expected.length === 0);
  });

  it('asks for a move for the party it is offered to', () => {
    const { dispatched } = show({ orders: openDetail(withState(ORDER, 0, 1, 0), ['receiver']) });
    click(byTestId('move-return'));
    expect(dispatched().at(-1)).toEqual(moveAsked({ orderId: 7, action: 'return', party: 'receiver' }));
  });

  it('prefills the received quantities and agrees with them', () => {
    const order = withState(ORDER, 0, 1, 0);
    const { dispatched } = show({
      orders: { ...openDetail(order, ['receiver']), dialog: { orderId: 7, action: 'agree', party: 'receiver', pending: false, error: null } },
    });
    expect((byTestId('received-71') as HTMLInputElement).value).toBe('1');
    expect((byTestId('received-72') as HTMLInputElement).value).toBe('0.5');
    typeInto(byTestId('received-71'), '0.95');
    click(byTestId('move-reception-submit'));
    expect(dispatched().at(-1)).toEqual(moveRequested({
      id: 7, party: 'receiver', version: 3, input: { action: 'agree', lines: [{ id: 71, receivedQuantity: 0.95 }, { id: 72, receivedQuantity: 0.5 }] },
    }));
  });

  it('requires a reason to return', () => {
    const { dispatched } = show({
      orders: { ...openDetail(withState(ORDER, 0, 1, 0), ['receiver']), dialog: { orderId: 7, action: 'return', party: 'receiver', pending: false, error: null } },
    });
    expect((byTestId('move-reception-submit') as HTMLButtonElement).disabled).toBe(true);
    typeInto(byTestId('return-reason-input'), '数量不符');
    click(byTestId('move-reception-submit'));
    expect(dispatched().at(-1)).toEqual(moveRequested({ id: 7, party: 'receiver', version: 3, input: { action: 'return', returnReason: '数量不符' } }));
  });

  it('says someone else changed the order and reloads it on request', () => {
    const detail = { id: 7, status: 'loaded' as const, order: ORDER, error: null, refusal: { conflict: true, error: { message: 'stale', status: 409 } } };
    const { dispatched } = show({ orders: { detail } });
    expect(byTestId('move-refusal')?.textContent).toContain('该联单已被他人修改，请刷新后重试');
    click(byTestId('btn-conflict-reload'));
    expect(dispatched().slice(-2)).toEqual([detailRequested({ id: 7 }), A.listRequested({ resource: C })]);
  });

  it('shows a refusal by the server’s own words, not the envelope’s generic message', () => {
    const error = { message: '请求无效！', status: 400, validationErrors: [{ message: '只有接收单位可以同意接收此联单', members: ['party'] }] };
    show({ orders: { detail: { id: 7, status: 'loaded', order: ORDER, error: null, refusal: { conflict: false, error } } } });
    expect(byTestId('move-refusal')?.textContent).toBe('只有接收单位可以同意接收此联单');
    expect(byTestId('btn-conflict-reload')).toBeNull();
  });

  it('prints from the drawer', () => {
    const { dispatched } = show({ orders: openDetail(ORDER, ['producer']) });
    click(byTestId('btn-print'));
    expect(dispatched().at(-1)).toEqual(printRequested({ id: 7 }));
  });

  it('shows the history with who, what and the quantities a move changed', () => {
    const order: TransferOrderDetail = {
      ...withState(ORDER, 1, 1, 1),
      history: [...ORDER.history, {
        id: 2, action: 'agree', party: 'receiver', userId: 5, userName: '王五', creationTime: '2026-11-22T10:30:00',
        fromState: { declareStatus: 0, dispatchStatus: 1, signStatus: 0 }, toState: { declareStatus: 1, dispatchStatus: 1, signStatus: 1 },
        reason: null, beforeValues: { lines: [{ id: 71, wasteName: '废矿物油', quantity: 1, receivedQuantity: null }] },
        afterValues: { lines: [{ id: 71, wasteName: '废矿物油', quantity: 1, receivedQuantity: 0.95 }] },
      }],
    };
    show({ orders: openDetail(order, ['receiver']) });
    const row = byTestId('history-2')!.textContent!;
    expect(row).toContain('2026-11-22 10:30');
    expect(row).toContain('王五');
    expect(row).toContain('同意接收');
    expect(row).toContain('待签收 → 已签收');
    expect(row).toContain('废矿物油 实收量 — → 0.950');
  });
});
