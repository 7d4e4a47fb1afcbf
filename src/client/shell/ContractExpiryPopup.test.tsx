/** @jest-environment jsdom */
import { act } from 'react';
import { initialNoticesState } from './noticesSlice';
import { screenTestSetup, byTestId, click, mockStore, render } from '../crud/test-support-render';
import { ContractExpiryPopup } from './ContractExpiryPopup';
import { contractExpiryDismissed, contractExpiryViewRequested, type ContractExpiryState, type ExpiringContract } from './contractExpirySlice';
import { NoticePopover } from './NoticePopover';

screenTestSetup();


const contract = (id: number, daysLeft: number, partyBName = `乙方${id}`): ExpiringContract =>
  ({ id, contractNo: `HT-00${id}`, partyBName, expiryDate: '2025-01-10', daysLeft });

function show(contractExpiry: ContractExpiryState) {
  const mock = mockStore({ contractExpiry } as never);
  render(<ContractExpiryPopup />, mock.store);
  return mock;
}

describe('ContractExpiryPopup', () => {
  it('lists contract numbers, party B and the days left, fixed at the top right', () => {
    show({ visible: true, items: [contract(1, 0), contract(2, 12, '')] });
    const card = byTestId('contract-expiry-popup')!;
    expect(card.style.position).toBe('fixed');
    expect(card.style.top).toBe('60px');
    expect(card.style.right).toBe('24px');
    expect(card.textContent).toContain('合同到期提醒');
    expect(card.textContent).toContain('2 份合同将在 12 天内到期');
    expect(byTestId('contract-expiry-item-1')!.textContent).toBe('HT-001乙方：乙方1今天到期');
    expect(byTestId('contract-expiry-item-2')!.textContent).toBe('HT-002剩余 12 天');
  });

  it('counts the contracts beyond the first five', () => {
    show({ visible: true, items: [1, 2, 3, 4, 5, 6, 7].map((id) => contract(id, id)) });
    expect(byTestId('contract-expiry-item-5')).not.toBeNull();
    expect(byTestId('contract-expiry-item-6')).toBeNull();
    expect(byTestId('contract-expiry-popup')!.textContent).toContain('另有 2 份合同即将到期');
  });

  it('dismisses or opens the contracts', () => {
    const mock = show({ visible: true, items: [contract(1, 3)] });
    click(byTestId('contract-expiry-dismiss'));
    click(byTestId('contract-expiry-view'));
    expect(mock.dispatched).toEqual([contractExpiryDismissed(), contractExpiryViewRequested()]);
  });

  it('renders nothing while hidden', () => {
    show({ visible: false, items: [contract(1, 3)] });
    expect(byTestId('contract-expiry-popup')).toBeNull();
  });
});

describe('NoticePopover', () => {
  it('tags contract-expiry reminders', async () => {
    const items = [
      { id: 1, type: 1 as const, title: '合同即将到期：HT-001', description: '', isRead: false, creationTime: '2025-01-10T09:00:00', category: 'contractExpiry' },
      { id: 2, type: 1 as const, title: '普通消息', description: '', isRead: false, creationTime: '2025-01-10T09:00:00', category: null },
    ];
    const mock = mockStore({ app: { language: 'zh-CN' }, notices: { ...initialNoticesState, items, totalCount: 2, unreadCount: 2, status: 'loaded' } } as never);
    render(<NoticePopover />, mock.store);
    click(byTestId('notice-bell'));
    await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
    click(byTestId('notice-tab-message'));
    await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
    expect(byTestId('notice-category-1')?.textContent).toBe('合同到期提醒');
    expect(byTestId('notice-item-2')).not.toBeNull();
    expect(byTestId('notice-category-2')).toBeNull();
  });
});
