import type { Action } from '@reduxjs/toolkit';
import { buffers, channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import type { ChatMessageDto, MsgInfoDto } from '../../../shared/chat';
import type { LiveEvent } from '../../../shared/live/events';
import { callApi } from '../../api/http';
import { rootReducer, type RootState } from '../../app/store';
import { TENANT_SESSION } from '../../app/test-support';
import { createUploadChannel, fetchFileBlob, takeHeldFile, type UploadEvent } from '../../crud/files';
import { liveEventsApplied } from '../../realtime/liveActions';
import { selectChatUnreadBySender } from '../../realtime/liveSelectors';
import { CHAT_PATHS, USERS_REFRESH_MS, watchChat } from './chatSaga';
import { chatActions as A, chatHidden, chatShown } from './chatSlice';
import { LI, ME, USERS, WANG } from './test-support';
import { STOP_SAGA, STOPPABLE_RUN_MS, stoppable } from '../../../../test/support/stoppable-saga';
import { sleep, waitFor } from '../../../../test/support/wait';


const msg = (id: number, from: number, to: number, content: string, extra: Partial<ChatMessageDto> = {}): ChatMessageDto => ({
  id, fromUserId: from, fromUserName: from === ME ? 'admin' : '王芳', toUserId: to, content, messageType: 0, fileId: null, fileName: null,
  isRead: false, creationTime: `2026-11-21T09:${String(id).padStart(2, '0')}:00`, readTime: null, seq: 100 + id, ...extra,
});
const asEvent = (m: ChatMessageDto): LiveEvent => {
  const { readTime: _r, seq, ...payload } = m;
  return { seq: seq!, type: 'chat.message', at: m.creationTime, enterpriseIds: null, payload };
};
const NOTICE: MsgInfoDto = { id: 9, title: '停电通知', content: '明天停电', adminId: 1, adminName: 'admin', creationTime: '2026-11-21T08:00:00' };

type Api = (method: string, url: string, payload?: Record<string, unknown>) => unknown;

/** A fake server answering the chat paths, recording every call (except the ones a test ignores). */
function fakeServer(overrides: Partial<Record<string, Api>> = {}) {
  const calls: [string, string, Record<string, unknown> | undefined][] = [];
  const answer: Api = (method, url, payload) => {
    const own = overrides[url];
    if (own) return own(method, url, payload);
    switch (url) {
      case CHAT_PATHS.users: return USERS;
      case CHAT_PATHS.unread: return { total: 3, items: [{ fromUserId: WANG, count: 2 }, { fromUserId: LI, count: 1 }], seq: 120 };
      case CHAT_PATHS.notices: return { totalCount: 1, items: [NOTICE] };
      case CHAT_PATHS.history: return { items: [msg(10, WANG, ME, '在吗'), msg(11, ME, WANG, '在'), msg(12, WANG, ME, '联单已提交')], hasMore: true };
      case CHAT_PATHS.markRead: return { count: 2, upToId: 12, readTime: '2026-11-21T09:30:00' };
      default: throw new Error(`unexpected ${method} ${url}`);
    }
  };
  const providers: EffectProviders = {
    call(effect, next) {
      if (effect.fn !== callApi) return next();
      const [method, url, payload] = effect.args as [string, string, Record<string, unknown> | undefined];
      calls.push([method, url, payload]);
      return answer(method, url, payload);
    },
  };
  const callsTo = (url: string) => calls.filter(([, u]) => u === url);
  return { calls, callsTo, providers };
}

const initial = (): RootState => {
  const state = rootReducer(undefined, { type: '@@init' });
  return { ...state, app: { ...state.app, session: TENANT_SESSION } };
};
const chatOf = (result: { storeState: unknown }) => (result.storeState as RootState).chat;

/** Runs the watcher for `total` ms on a real clock while `script` dispatches. */
async function run(server: ReturnType<typeof fakeServer>, total: number, script: (dispatch: (a: Action) => void) => Promise<void>, providers: EffectProviders = {}) {
  const saga = expectSaga(watchChat).withReducer(rootReducer, initial()).provide([providers, server.providers]);
  const done = saga.silentRun(total);
  await script((a) => saga.dispatch(a));
  return (await done).storeState as RootState;
}

describe('chat saga: the session', () => {
  it('loads contacts, the unread snapshot into the event log and the notices when the screen is shown', async () => {
    const server = fakeServer();
    const state = await run(server, 50, async (dispatch) => dispatch(chatShown({ userId: ME })));
    expect(server.calls.map(([m, u]) => `${m} ${u}`).sort()).toEqual([
      'GET /api/services/app/ChatLog/getReadNumByToUserid',
      'GET /api/services/app/MsgInfo/GetMsgListByAdminid',
      'GET /api/services/app/User/GetAllList',
    ]);
    expect(server.callsTo(CHAT_PATHS.notices)[0][2]).toEqual({ skipCount: 0, maxResultCount: 20 });
    expect(state.chat.users).toMatchObject({ status: 'loaded', items: USERS });
    expect(state.chat.notices).toMatchObject({ status: 'loaded', items: [NOTICE], totalCount: 1 });
    expect(selectChatUnreadBySender(state)).toEqual({ [WANG]: 2, [LI]: 1 });
  });

  it('asks nothing before the screen is shown, and stops following once it is hidden', async () => {
    const server = fakeServer();
    await run(server, 50, async (dispatch) => dispatch(A.conversationOpened(WANG)));
    expect(server.calls).toEqual([]);

    const again = fakeServer();
    await run(again, 80, async (dispatch) => {
      dispatch(chatShown({ userId: ME }));
      await sleep(10);
      dispatch(chatHidden());
      dispatch(A.conversationOpened(WANG));
      dispatch(liveEventsApplied([asEvent(msg(20, WANG, ME, 'hidden'))]));
    });
    expect(again.callsTo(CHAT_PATHS.history)).toEqual([]);
    expect(again.callsTo(CHAT_PATHS.markRead)).toEqual([]);
  });

  it('opens a conversation once, then marks what the other sent read up to its newest message', async () => {
    const server = fakeServer();
    const state = await run(server, 80, async (dispatch) => {
      dispatch(chatShown({ userId: ME }));
      dispatch(A.conversationOpened(WANG));
      await sleep(20);
      dispatch(A.conversationOpened(LI));
      dispatch(A.conversationOpened(WANG));
    });
    expect(server.callsTo(CHAT_PATHS.history).map(([, , p]) => p)).toEqual([
      { userid: WANG, maxResultCount: 20 }, { userid: LI, maxResultCount: 20 },
    ]);
    // Li's (fake) page holds nothing Li sent: nothing to read. Wang's are read once: the second opening finds them read.
    expect(server.callsTo(CHAT_PATHS.markRead).map(([m, , p]) => [m, p])).toEqual([['PUT', { fromUserId: WANG, upToId: 12 }]]);
    expect(state.chat.conversations[WANG].items.filter((m) => m.fromUserId === WANG).map((m) => m.isRead)).toEqual([true, true]);
    expect(state.chat.activeUserId).toBe(WANG);
    expect(state.chat.conversations[WANG]).toMatchObject({ status: 'loaded', hasMore: true });
    expect(state.chat.conversations[WANG].items.map((m) => m.id)).toEqual([10, 11, 12]);
  });

  it('loads earlier messages before the first one held and prepends them', async () => {
    const server = fakeServer();
    let historyCalls = 0;
    const paged = fakeServer({
      [CHAT_PATHS.history]: (_m, _u, p) => (++historyCalls === 1
        ? { items: [msg(10, WANG, ME, '在吗', { isRead: true })], hasMore: true }
        : { items: [msg(7, ME, WANG, '早'), msg(8, WANG, ME, '早上好', { isRead: true })], hasMore: false, asked: p }),
    });
    const state = await run(paged, 80, async (dispatch) => {
      dispatch(chatShown({ userId: ME }));
      dispatch(A.conversationOpened(WANG));
      await sleep(20);
      dispatch(A.earlierRequested(WANG));
    });
    expect(paged.callsTo(CHAT_PATHS.history)[1][2]).toEqual({ userid: WANG, beforeId: 10, maxResultCount: 20 });
    expect(state.chat.conversations[WANG]).toMatchObject({ hasMore: false, loadingEarlier: false });
    expect(state.chat.conversations[WANG].items.map((m) => m.id)).toEqual([7, 8, 10]);
    // Everything on screen was read already: no read call.
    expect(paged.callsTo(CHAT_PATHS.markRead)).toEqual([]);
    expect(server.calls).toEqual([]);
  });

  it('reads a pushed message of the open conversation at once, folds it in, and shows the other side reading mine', async () => {
    const server = fakeServer();
    const state = await run(server, 100, async (dispatch) => {
      dispatch(chatShown({ userId: ME }));
      dispatch(A.conversationOpened(WANG));
      await sleep(20);
      const reads = server.callsTo(CHAT_PATHS.markRead).length;
      dispatch(liveEventsApplied([asEvent(msg(13, WANG, ME, '收到请回复'))]));
      await sleep(20);
      expect(server.callsTo(CHAT_PATHS.markRead).length).toBe(reads + 1);
      expect(server.callsTo(CHAT_PATHS.markRead).at(-1)![2]).toEqual({ fromUserId: WANG, upToId: 13 });
      // A message from someone else (not open) is not read for them.
      dispatch(liveEventsApplied([asEvent(msg(14, LI, ME, '我是李强'))]));
      await sleep(20);
      expect(server.callsTo(CHAT_PATHS.markRead).length).toBe(reads + 1);
      dispatch(liveEventsApplied([{ seq: 200, type: 'chat.read', at: '2026-11-21T09:40:00', enterpriseIds: null,
        payload: { toUserId: WANG, fromUserId: ME, upToId: 11, readTime: '2026-11-21T09:40:00' } }]));
    });
    const items = state.chat.conversations[WANG].items;
    expect(items.map((m) => m.id)).toEqual([10, 11, 12, 13]);
    expect(items.find((m) => m.id === 11)).toMatchObject({ fromUserId: ME, isRead: true, readTime: '2026-11-21T09:40:00' });
    // Li's conversation was never loaded: nothing is made up for it.
    expect(state.chat.conversations[LI]).toBeUndefined();
  });

  it('keeps a message pushed while the conversation\'s first page is on its way', async () => {
    const server = fakeServer({
      [CHAT_PATHS.history]: () => new Promise((resolve) => setTimeout(() => resolve({ items: [msg(10, WANG, ME, '在吗', { isRead: true })], hasMore: false }), 30)),
    });
    const state = await run(server, 100, async (dispatch) => {
      dispatch(chatShown({ userId: ME }));
      dispatch(A.conversationOpened(WANG));
      await sleep(10);
      dispatch(liveEventsApplied([asEvent(msg(15, WANG, ME, '刚发的'))]));
    });
    expect(state.chat.conversations[WANG].items.map((m) => m.id)).toEqual([10, 15]);
  });

  it('asks for the contacts again every minute while shown (online dots), and not once hidden', async () => {
    const server = fakeServer();
    // The minute is shortened to 15 ms: `delay(USERS_REFRESH_MS)` is a call the provider answers.
    const shortMinute: EffectProviders = { call: (effect, next) => (effect.args[0] === USERS_REFRESH_MS ? sleep(15) : next()) };
    const saga = expectSaga(stoppable(watchChat)).withReducer(rootReducer, initial()).provide([shortMinute, server.providers]);
    const done = saga.silentRun(STOPPABLE_RUN_MS);
    saga.dispatch(chatShown({ userId: ME }));
    await waitFor('three lists of contacts', () => server.callsTo(CHAT_PATHS.users).length >= 3);
    saga.dispatch(chatHidden());
    const shownCalls = server.callsTo(CHAT_PATHS.users).length;
    await sleep(60);
    saga.dispatch(STOP_SAGA);
    await done;
    expect(server.callsTo(CHAT_PATHS.users).length).toBe(shownCalls);
  });
});

describe('chat saga: sending', () => {
  it('shows a text as pending, then as the server\'s message; the push of the same message does not show it twice', async () => {
    const sent = msg(30, ME, WANG, '好的', { seq: 300 });
    const server = fakeServer({ [CHAT_PATHS.send]: () => sent });
    const state = await run(server, 80, async (dispatch) => {
      dispatch(chatShown({ userId: ME }));
      dispatch(A.conversationOpened(WANG));
      await sleep(20);
      // The push may come before the answer.
      dispatch(liveEventsApplied([asEvent(sent)]));
      dispatch(A.messageSendRequested({ clientId: 'c1', toUserId: WANG, content: '好的' }));
    });
    expect(server.callsTo(CHAT_PATHS.send)).toEqual([['POST', CHAT_PATHS.send, { toUserId: WANG, content: '好的', messageType: 0 }]]);
    expect(state.chat.pending).toEqual([]);
    expect(state.chat.conversations[WANG].items.filter((m) => m.id === 30)).toHaveLength(1);
  });

  it('keeps a refused text with the server\'s reason, and a retry sends it again', async () => {
    const refusal = () => {
      throw Object.assign(new Error('Request failed with status code 400'), { isAxiosError: true, response: { status: 400, data: {
        success: false, error: { message: '请求无效！', details: null, validationErrors: [{ message: '接收人不存在、已停用或不属于本单位', members: ['toUserId'] }] },
      } } });
    };
    const refusing = fakeServer({ [CHAT_PATHS.send]: refusal });
    const refused = await run(refusing, 30, async (dispatch) => dispatch(A.messageSendRequested({ clientId: 'c2', toUserId: WANG, content: 'retry me' })));
    expect(refused.chat.pending).toEqual([{
      clientId: 'c2', toUserId: WANG, content: 'retry me', status: 'failed',
      error: expect.objectContaining({ status: 400, validationErrors: [{ message: '接收人不存在、已停用或不属于本单位', members: ['toUserId'] }] }),
    }]);

    let attempt = 0;
    const server = fakeServer({ [CHAT_PATHS.send]: () => (++attempt === 1 ? refusal() : msg(31, ME, WANG, 'retry me')) });
    const state = await run(server, 80, async (dispatch) => {
      dispatch(A.messageSendRequested({ clientId: 'c2', toUserId: WANG, content: 'retry me' }));
      await sleep(10);
      dispatch(A.messageSendRequested({ clientId: 'c2', toUserId: WANG, content: 'retry me' }));
    });
    expect(attempt).toBe(2);
    expect(state.chat.pending).toEqual([]);
  });

  describe('attachments', () => {
    const file = { name: '现场.png', size: 2048 } as File;
    function fakeUpload(events: UploadEvent[]): { providers: EffectProviders; made: unknown[][] } {
      const ch = channel<UploadEvent>(buffers.expanding(10));
      for (const e of events) ch.put(e);
      ch.close();
      const made: unknown[][] = [];
      return {
        made,
        providers: {
          call(effect, next) {
            if (effect.fn === takeHeldFile) return effect.args[0] === 'u1' ? file : undefined;
            if (effect.fn === createUploadChannel) {
              made.push(effect.args);
              return ch;
            }
            return next();
          },
        },
      };
    }
    const chosen = A.attachmentChosen({ uploadId: 'u1', toUserId: WANG, kind: 'image', name: '现场.png', size: 2048 });

    it('uploads with progress to ChatLog/UploadFile, then sends an image message with the stored file', async () => {
      const stored = { id: 77, name: '现场.png', size: 2048, contentType: 'image/png', creationTime: '2026-11-21T09:00:00' };
      const upload = fakeUpload([{ type: 'progress', loaded: 1024, total: 2048 }, { type: 'done', file: stored }]);
      const server = fakeServer({ [CHAT_PATHS.send]: () => msg(40, ME, WANG, '', { messageType: 1, fileId: 77, fileName: '现场.png' }) });
      const result = await expectSaga(watchChat).withReducer(rootReducer, initial()).provide([upload.providers, server.providers])
        .put(A.attachmentProgressed({ uploadId: 'u1', loaded: 1024, total: 2048 }))
        .put(A.attachmentUploaded({ uploadId: 'u1' }))
        .put(A.attachmentCleared('u1'))
        .dispatch(chosen)
        .silentRun(50);
      expect(upload.made).toEqual([[CHAT_PATHS.upload, file]]);
      expect(server.callsTo(CHAT_PATHS.send)[0][2]).toEqual({ toUserId: WANG, content: '', messageType: 1, fileId: 77 });
      expect(chatOf(result).uploads).toEqual({});
    });

    it('sends a non-image chosen as an image as a file, and keeps a failed upload with its reason', async () => {
      const stored = { id: 78, name: 'scan.pdf', size: 10, contentType: 'application/pdf', creationTime: '2026-11-21T09:00:00' };
      const server = fakeServer({ [CHAT_PATHS.send]: () => msg(41, ME, WANG, '', { messageType: 2, fileId: 78 }) });
      await expectSaga(watchChat).withReducer(rootReducer, initial()).provide([fakeUpload([{ type: 'done', file: stored }]).providers, server.providers])
        .dispatch(chosen).silentRun(50);
      expect(server.callsTo(CHAT_PATHS.send)[0][2]).toMatchObject({ messageType: 2, fileId: 78 });

      const failing = fakeUpload([{ type: 'failed', error: { message: '不支持“x.exe”的文件类型', status: 400 } }]);
      const nothing = fakeServer();
      const result = await expectSaga(watchChat).withReducer(rootReducer, initial()).provide([failing.providers, nothing.providers])
        .dispatch(chosen).silentRun(50);
      expect(chatOf(result).uploads.u1).toMatchObject({ status: 'failed', error: { message: '不支持“x.exe”的文件类型' } });
      expect(nothing.calls).toEqual([]);
    });
  });

  it('fetches an image message\'s file once into an object URL', async () => {
    const blob = new Blob(['png']);
    const createObjectURL = jest.fn(() => 'blob:chat-77');
    Object.assign(URL, { createObjectURL });
    const result = await expectSaga(watchChat).withReducer(rootReducer, initial())
      .provide({ call(effect, next) { return effect.fn === fetchFileBlob ? blob : next(); } })
      .dispatch(A.imageRequested(77))
      .silentRun(30);
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(chatOf(result).images[77]).toEqual({ status: 'loaded', url: 'blob:chat-77' });
  });
});

describe('chat saga: notices', () => {
  it('publishes a notice and shows it first; a pushed notice is added once', async () => {
    const published: MsgInfoDto = { ...NOTICE, id: 10, title: '检查通知' };
    const server = fakeServer({ [CHAT_PATHS.publish]: () => published });
    const state = await run(server, 80, async (dispatch) => {
      dispatch(chatShown({ userId: ME }));
      await sleep(20);
      dispatch(A.noticePublishRequested({ title: '检查通知', content: '明天检查' }));
      await sleep(10);
      dispatch(liveEventsApplied([{ seq: 400, type: 'chat.notice', at: '', enterpriseIds: null, payload: published }]));
      dispatch(liveEventsApplied([{ seq: 401, type: 'chat.notice', at: '', enterpriseIds: null, payload: { ...NOTICE, id: 11, title: '另一条' } }]));
    });
    expect(server.callsTo(CHAT_PATHS.publish)[0][2]).toEqual({ title: '检查通知', content: '明天检查' });
    expect(state.chat.notices.items.map((n) => n.id)).toEqual([11, 10, 9]);
    expect(state.chat.notices.totalCount).toBe(3);
    expect(state.chat.notices.publishing).toBe(false);
  });

  it('loads more notices after those held', async () => {
    const server = fakeServer({
      [CHAT_PATHS.notices]: (_m, _u, p) => (p?.skipCount === 0 ? { totalCount: 2, items: [NOTICE] } : { totalCount: 2, items: [{ ...NOTICE, id: 3 }] }),
    });
    const state = await run(server, 80, async (dispatch) => {
      dispatch(chatShown({ userId: ME }));
      await sleep(20);
      dispatch(A.noticesRequested({ more: true }));
    });
    expect(server.callsTo(CHAT_PATHS.notices).map(([, , p]) => p)).toEqual([{ skipCount: 0, maxResultCount: 20 }, { skipCount: 1, maxResultCount: 20 }]);
    expect(state.chat.notices.items.map((n) => n.id)).toEqual([9, 3]);
  });
});
