/** @jest-environment jsdom */
import type { Store } from '@reduxjs/toolkit';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { configLoaded, sessionLoaded } from '../../session/appSlice';
import { rootReducer, type RootState } from '../../app/store';
import { serverConfiguration, TENANT_SESSION } from '../../app/test-support';
import { screenTestSetup, byTestId, click, createI18n, mockStore, render, type Rendered } from '../../crud/test-support-render';
import type { CrudRootState } from '../../crud/types';
import HomePage from './HomePage';
import { inboxHidden, inboxRequested, inboxShown, type InboxItem, type InboxState } from './inboxSlice';
import { liveStreamsClosed, liveStreamsOpened } from '../../realtime/liveStreams';

screenTestSetup();

let view: Rendered | null = null;

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

const record = (id: number, title: string, subtitle = '', date = '2025-03-0' + (id % 9)) => ({ id, title, subtitle, date });

const ITEMS: InboxItem[] = [
  { kind: 'toDispatch', count: 0, records: [] },
  { kind: 'toReceive', count: 7, records: [record(7, 'ZY20250301-00007', '华东化工 → 绿源处置'), record(8, 'ZY20250301-00008')] },
  { kind: 'returned', count: 1, records: [record(4, 'ZY20250220-00004', '数量不符')] },
  { kind: 'planReturned', count: 1, records: [record(3, '2025年度管理计划', '华东化工')] },
  { kind: 'contractExpiring', count: 1, records: [record(9, 'HT-009', '乙方：绿源处置', '2025-04-01')] },
];

function show(inbox: Partial<InboxState>, granted: string[] = []) {
  let state = rootReducer(undefined, { type: '@@init' });
  state = rootReducer(state, configLoaded(serverConfiguration({ loggedIn: true, granted }) as never));
  state = rootReducer(state, sessionLoaded(TENANT_SESSION));
  const full: RootState = { ...state, inbox: { items: [], loading: false, loaded: false, error: null, ...inbox } };
  const mock = mockStore(full as unknown as CrudRootState);
  view = render(
    <MemoryRouter initialEntries={['/main/home']}>
      <HomePage />
      <LocationProbe />
    </MemoryRouter>,
    mock.store as Store<CrudRootState>,
    createI18n('zh-CN'),
  );
  return mock;
}

const location = () => byTestId('location')!.textContent;

describe('home inbox', () => {
  it('starts the inbox when shown and stops it when left, with skeleton cards until the first answer', () => {
    const mock = show({ loading: true });
    expect(mock.dispatched).toEqual([liveStreamsOpened(['transfer', 'inventory']), inboxShown()]);
    expect(byTestId('inbox-skeleton')!.querySelectorAll('.bp6-skeleton').length).toBeGreaterThan(0);
    expect(byTestId('inbox-card-toReceive')).toBeNull();
    view!.unmount();
    view = null;
    expect(mock.dispatched).toEqual([
      liveStreamsOpened(['transfer', 'inventory']), inboxShown(), liveStreamsClosed(['transfer', 'inventory']), inboxHidden(),
    ]);
  });

  it('shows a card per kind with its count and records, and keeps the welcome card and quick links', () => {
    show({ loaded: true, items: ITEMS });
    expect(byTestId('inbox-total')!.textContent).toBe('10');
    expect(byTestId('inbox-count-toReceive')!.textContent).toBe('7');
    expect(byTestId('inbox-card-toReceive')!.textContent).toContain('待接收联单');
    expect(byTestId('inbox-record-toReceive-7')!.textContent).toBe('ZY20250301-00007华东化工 → 绿源处置2025-03-07');
    expect(byTestId('inbox-count-contractExpiring')!.textContent).toBe('1');
    expect(byTestId('inbox-record-contractExpiring-9')!.textContent).toContain('2025-04-01');
    const order = [...document.querySelectorAll('[data-testid^="inbox-card-"]')].map((e) => e.getAttribute('data-testid'));
    expect(order).toEqual(['toDispatch', 'toReceive', 'returned', 'planReturned', 'contractExpiring'].map((k) => `inbox-card-${k}`));
    expect(byTestId('home-welcome')!.textContent).toContain('欢迎回来');
    expect(byTestId('home-username')!.textContent).toBe('admin');
  });

  it('says "nothing to do" on a kind without records', () => {
    show({ loaded: true, items: ITEMS });
    expect(byTestId('inbox-count-toDispatch')!.textContent).toBe('0');
    expect(byTestId('inbox-empty-toDispatch')!.textContent).toBe('暂无待办');
    expect(byTestId('inbox-empty-toReceive')).toBeNull();
    expect(byTestId('inbox-all-done')).toBeNull();
  });

  it('says "nothing to do" once for everything when no kind has a record', () => {
    show({ loaded: true, items: ITEMS.map((i) => ({ ...i, count: 0, records: [] })) });
    expect(byTestId('inbox-all-done')!.textContent).toContain('暂无待办事项');
    expect(byTestId('inbox-card-toReceive')).toBeNull();
    expect(byTestId('inbox-total')).toBeNull();
  });

  it.each([
    ['toDispatch', { kind: 'toDispatch', count: 1, records: [record(12, 'ZY-12')] }, '/transfermanagement/transferorder?id=12'],
    ['returned', ITEMS[2], '/transfermanagement/transferorder?id=4'],
    ['toReceive', ITEMS[1], '/transfermanagement/transferreception?id=7'],
    ['planReturned', ITEMS[3], '/enterpriseinformationwp/annualmanagementplan?id=3'],
    ['contractExpiring', ITEMS[4], '/contractmanagement/contract?id=9'],
  ] as const)('opens a %s record on its screen', (kind, item, path) => {
    show({ loaded: true, items: [item as InboxItem] });
    expect(location()).toBe('/main/home');
    click(byTestId(`inbox-record-${kind}-${item.records[0].id}`));
    expect(location()).toBe(path);
  });

  it('links to the whole list when more records wait than are shown, if the user may open it', () => {
    show({ loaded: true, items: ITEMS }, ['Pages.TransferReception']);
    expect(byTestId('inbox-more-toReceive')!.textContent).toBe('另有 5 条，查看全部');
    expect(byTestId('inbox-more-returned')).toBeNull();
    click(byTestId('inbox-more-toReceive'));
    expect(location()).toBe('/transfermanagement/transferreception');
    view!.unmount();
    show({ loaded: true, items: ITEMS }, []);
    expect(byTestId('inbox-more-toReceive')).toBeNull();
  });

  it('shows a failed first load with a retry', () => {
    const mock = show({ loaded: false, error: { message: '服务器内部错误', status: 500 } });
    expect(byTestId('inbox-error')!.textContent).toContain('待办事项加载失败');
    expect(byTestId('inbox-error')!.textContent).toContain('服务器内部错误');
    expect(byTestId('inbox-skeleton')).toBeNull();
    click(byTestId('inbox-retry'));
    expect(mock.dispatched.at(-1)).toEqual(inboxRequested());
  });

  it('keeps the cards when a reload fails, with a notice and a retry', () => {
    const mock = show({ loaded: true, items: ITEMS, error: { message: 'Network Error' } });
    expect(byTestId('inbox-count-toReceive')!.textContent).toBe('7');
    expect(byTestId('inbox-stale')!.textContent).toContain('待办事项刷新失败：Network Error');
    click(byTestId('inbox-retry'));
    expect(mock.dispatched.at(-1)).toEqual(inboxRequested());
  });
});
