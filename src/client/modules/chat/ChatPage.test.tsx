/** @jest-environment jsdom */
import { act } from 'react';
import type { Action } from '@reduxjs/toolkit';
import type { ChatMessageDto, MsgInfoDto } from '../../../shared/chat';
import { TENANT_SESSION } from '../../app/test-support';
import { byTestId, click, mockStore, render, screenTestSetup, typeInto } from '../../crud/test-support-render';
import { initialCrudState } from '../../crud/slice';
import { eventLogReducer } from '../../realtime/eventLog';
import { chatUnreadLoaded } from '../../realtime/liveActions';
import ChatPage from './ChatPage';
import { chatActions as A, chatHidden, chatShown, initialChatState, type ChatState, type Conversation } from './chatSlice';
import { LI, ME, USERS, WANG } from './test-support';

screenTestSetup();

const msg = (id: number, from: number, to: number, content: string, isRead = false): ChatMessageDto => ({
  id, fromUserId: from, fromUserName: '', toUserId: to, content, messageType: 0, fileId: null, fileName: null, isRead,
  creationTime: `2026-11-21T09:${String(id).padStart(2, '0')}:00`, readTime: null, seq: id,
});
const CONVERSATION: Conversation = {
  items: [msg(10, WANG, ME, '在吗', true), msg(11, ME, WANG, '在，请讲', true), msg(12, ME, WANG, '联单已提交')],
  hasMore: true, status: 'loaded', loadingEarlier: false, error: null,
};
const NOTICE: MsgInfoDto = { id: 9, title: '停电通知', content: '明天8点停电', adminId: 1, adminName: 'admin', creationTime: '2026-11-21T08:00:00' };

interface Setup {
  chat?: Partial<ChatState>;
  unread?: Record<number, number>;
  granted?: string[];
}

function show({ chat = {}, unread = {}, granted = ['Pages.ChatLog'] }: Setup = {}) {
  const state = {
    app: { session: TENANT_SESSION, config: { auth: { grantedPermissions: Object.fromEntries(granted.map((p) => [p, 'true'])), allPermissions: {} } } },
    crud: initialCrudState,
    eventLog: eventLogReducer(undefined, chatUnreadLoaded({ userId: ME, counts: unread, seq: 50 })),
    chat: {
      ...initialChatState, me: ME, users: { items: USERS, status: 'loaded' as const, error: null },
      activeUserId: WANG, conversations: { [WANG]: CONVERSATION }, ...chat,
    },
  };
  const mock = mockStore(state as never);
  const view = render(<ChatPage />, mock.store);
  return { view, dispatched: () => mock.dispatched.filter((a: Action) => a.type !== chatShown.type) , all: mock.dispatched };
}

function key(element: Element | null, init: KeyboardEventInit) {
  if (!element) throw new Error('no element');
  act(() => {
    element.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));
  });
}

describe('ChatPage', () => {
  it('starts the chat session for the logged-in user on mount and ends it on unmount', () => {
    const { view, all } = show();
    expect(all[0]).toEqual(chatShown({ userId: ME }));
    view.unmount();
    expect(all.at(-1)).toEqual(chatHidden());
  });

  it('sends with Enter, keeps Shift+Enter and IME composition for the text, and sends nothing empty', () => {
    const { dispatched } = show();
    const input = byTestId('chat-input') as HTMLTextAreaElement;
    key(input, { key: 'Enter' });
    expect(dispatched()).toEqual([]);

    typeInto(input, '  明天上午来收  ');
    key(input, { key: 'Enter', shiftKey: true });
    key(input, { key: 'Enter', isComposing: true });
    expect(dispatched()).toEqual([]);
    expect(input.value).toBe('  明天上午来收  ');

    key(input, { key: 'Enter' });
    expect(dispatched()).toEqual([A.messageSendRequested({ clientId: expect.any(String) as unknown as string, toUserId: WANG, content: '明天上午来收' })]);
    expect(input.value).toBe('');
    expect((byTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);

    typeInto(input, '第二条');
    click(byTestId('chat-send'));
    expect(dispatched().at(-1)).toMatchObject({ payload: { toUserId: WANG, content: '第二条' } });
  });

  it('refuses a text over 2000 characters before sending', () => {
    const { dispatched } = show();
    const input = byTestId('chat-input') as HTMLTextAreaElement;
    typeInto(input, '字'.repeat(2001));
    expect(byTestId('chat-too-long')?.textContent).toBe('消息不能超过 2000 个字符');
    key(input, { key: 'Enter' });
    expect(dispatched()).toEqual([]);
  });

  it('shows unread badges from the event log, online dots, and filters contacts by search', () => {
    const { dispatched } = show({ unread: { [LI]: 3 } });
    expect(byTestId(`chat-unread-${LI}`)?.textContent).toBe('3');
    expect(byTestId(`chat-unread-${WANG}`)).toBeNull();
    expect(byTestId('chat-unread-total')?.textContent).toBe('3');
    expect(byTestId(`chat-online-${WANG}`)?.getAttribute('aria-label')).toBe('在线');
    expect(byTestId(`chat-online-${LI}`)?.getAttribute('aria-label')).toBe('离线');
    // Not myself; who wrote first comes first.
    const order = [...document.querySelectorAll('[data-testid^="chat-user-"]')].map((b) => b.getAttribute('data-testid'));
    expect(order).toEqual([`chat-user-${LI}`, `chat-user-${WANG}`]);

    typeInto(byTestId('chat-search'), 'wang');
    expect(dispatched().at(-1)).toEqual(A.searchChanged('wang'));
    click(byTestId(`chat-user-${LI}`));
    expect(dispatched().at(-1)).toEqual(A.conversationOpened(LI));
  });

  it('counts the conversation on screen as read, and badges it again once another tab is shown', () => {
    const { view } = show({ unread: { [LI]: 3, [WANG]: 2 } });
    // Wang's conversation is open: its messages are being marked read, so only Li's count.
    expect(byTestId(`chat-unread-${WANG}`)).toBeNull();
    expect(byTestId(`chat-unread-${LI}`)?.textContent).toBe('3');
    expect(byTestId('chat-unread-total')?.textContent).toBe('3');
    view.unmount();

    show({ unread: { [LI]: 3, [WANG]: 2 }, chat: { tab: 'notices' } });
    expect(byTestId(`chat-unread-${WANG}`)?.textContent).toBe('2');
    expect(byTestId('chat-unread-total')?.textContent).toBe('5');
  });

  it('applies the search held in the store', () => {
    show({ chat: { search: '李' } });
    expect([...document.querySelectorAll('[data-testid^="chat-user-"]')].map((b) => b.getAttribute('data-testid'))).toEqual([`chat-user-${LI}`]);
  });

  it('loads earlier messages with the button or by scrolling to the top, and says when there are none', () => {
    const { dispatched, view } = show();
    click(byTestId('chat-load-earlier'));
    expect(dispatched()).toEqual([A.earlierRequested(WANG)]);
    const list = byTestId('chat-messages')!;
    act(() => {
      list.scrollTop = 0;
      list.dispatchEvent(new Event('scroll'));
    });
    expect(dispatched()).toEqual([A.earlierRequested(WANG), A.earlierRequested(WANG)]);
    view.unmount();

    const again = show({ chat: { conversations: { [WANG]: { ...CONVERSATION, hasMore: true, loadingEarlier: true } } } });
    act(() => {
      byTestId('chat-messages')!.dispatchEvent(new Event('scroll'));
    });
    expect(again.dispatched()).toEqual([]);
    again.view.unmount();

    show({ chat: { conversations: { [WANG]: { ...CONVERSATION, hasMore: false } } } });
    expect(byTestId('chat-load-earlier')).toBeNull();
    expect(byTestId('chat-no-earlier')?.textContent).toBe('没有更早的消息了');
  });

  it('shows my messages with read ticks, and pending and refused texts', () => {
    show({ chat: { pending: [
      { clientId: 'p1', toUserId: WANG, content: '正在发', status: 'sending', error: null },
      { clientId: 'p2', toUserId: WANG, content: '发不出', status: 'failed', error: { message: '请求无效！', validationErrors: [{ message: '接收人已停用', members: ['toUserId'] }] } },
      { clientId: 'p3', toUserId: LI, content: '给李强的', status: 'sending', error: null },
    ] } });
    expect(byTestId('chat-tick-11')?.textContent).toContain('已读');
    expect(byTestId('chat-tick-12')?.textContent).toContain('已发送');
    expect(byTestId('chat-tick-10')).toBeNull();
    expect(byTestId('chat-message-10')?.className).toContain('chat-theirs');
    expect(byTestId('chat-pending-p1')?.textContent).toContain('发送中…');
    expect(byTestId('chat-pending-p2')?.textContent).toContain('发送失败：接收人已停用');
    expect(byTestId('chat-pending-p3')).toBeNull();
  });

  it('shows an upload in progress and its failure', () => {
    show({ chat: { uploads: {
      u1: { uploadId: 'u1', toUserId: WANG, kind: 'image', name: '现场.png', loaded: 512, total: 1024, status: 'uploading', error: null },
      u2: { uploadId: 'u2', toUserId: WANG, kind: 'file', name: 'a.exe', loaded: 0, total: 10, status: 'failed', error: { message: '不支持的文件类型' } },
    } } });
    expect(byTestId('chat-upload-u1')?.textContent).toContain('正在上传“现场.png”');
    expect(byTestId('chat-upload-u1')?.querySelector('.bp6-progress-meter')?.getAttribute('style')).toContain('50%');
    expect(byTestId('chat-upload-u2')?.textContent).toContain('“a.exe”上传失败：不支持的文件类型');
  });

  it('lists notices, with the publishing form only for holders of Pages.Users', () => {
    const notices = { ...initialChatState.notices, items: [NOTICE], totalCount: 2, status: 'loaded' as const };
    const { dispatched, view } = show({ chat: { tab: 'notices', notices } });
    expect(byTestId('chat-notice-9')?.textContent).toContain('停电通知');
    expect(byTestId('chat-notice-form')).toBeNull();
    click(byTestId('chat-notices-more'));
    expect(dispatched().at(-1)).toEqual(A.noticesRequested({ more: true }));
    view.unmount();

    const admin = show({ chat: { tab: 'notices', notices }, granted: ['Pages.ChatLog', 'Pages.Users'] });
    typeInto(byTestId('chat-notice-title'), ' 检查通知 ');
    expect((byTestId('chat-notice-publish') as HTMLButtonElement).disabled).toBe(true);
    typeInto(byTestId('chat-notice-content'), '明天检查');
    click(byTestId('chat-notice-publish'));
    expect(admin.dispatched().at(-1)).toEqual(A.noticePublishRequested({ title: '检查通知', content: '明天检查' }));
  });
});
