import type { SagaIterator, EventChannel, Task } from 'redux-saga';
import { call, cancel, cancelled, delay, fork, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import {
  CHAT_MESSAGE_TYPES, CHAT_PAGE_DEFAULT, type ChatFileDto, type ChatHistoryPage, type ChatMessageDto, type ChatUserDto,
  type MsgInfoDto, type UnreadCounts,
} from '../../../shared/chat';
import type { ChatMessagePayload } from '../../../shared/live/events';
import { crudPath } from '../../../shared/resource-kit';
import { callApi } from '../../api/http';
import { loggedOut } from '../../session/appSlice';
import { toCrudError } from '../../crud/api-error';
import { createUploadChannel, fetchFileBlob, takeHeldFile, type UploadEvent } from '../../crud/files';
import { chatUnreadLoaded, liveEventsApplied } from '../../realtime/liveActions';
import { chatActions as A, chatHidden, chatShown, NOTICES_PAGE, selectChat, type ChatState } from './chatSlice';

export const CHAT_PATHS = {
  users: crudPath('User', 'GetAllList'),
  history: crudPath('ChatLog', 'GetChatLogAllByUserid'),
  unread: crudPath('ChatLog', 'getReadNumByToUserid'),
  markRead: crudPath('ChatLog', 'UpdateSatus'),
  send: crudPath('ChatLog', 'Create'),
  upload: crudPath('ChatLog', 'UploadFile'),
  notices: crudPath('MsgInfo', 'GetMsgListByAdminid'),
  publish: crudPath('MsgInfo', 'Create'),
};

/** Who is online changes without an event: the contact list is asked again this often while the screen is shown. */
export const USERS_REFRESH_MS = 60_000;

// ------------------------------------------------------------------------------------------------ reads

export function* loadUsers(): SagaIterator {
  try {
    const users: ChatUserDto[] = yield call(callApi, 'GET', CHAT_PATHS.users, {}, { silent: true });
    yield put(A.usersLoaded(users));
  } catch (e) {
    yield put(A.usersFailed(toCrudError(e)));
  }
}

/** The unread counts as a snapshot for the event log: the badges are its projection, kept current by later events. */
export function* loadUnread(me: number): SagaIterator {
  try {
    const result: UnreadCounts = yield call(callApi, 'GET', CHAT_PATHS.unread, {}, { silent: true });
    const counts = Object.fromEntries(result.items.map((i) => [i.fromUserId, i.count]));
    yield put(chatUnreadLoaded({ userId: me, counts, seq: result.seq }));
  } catch (e) {
    console.warn('[chat] unread counts failed', e);
  }
}

/** The reader marks what a conversation shows as read, up to its newest message from the other side. */
export function* markRead(me: number, otherUserId: number): SagaIterator {
  const chat: ChatState = yield select(selectChat);
  const unreadIds = (chat.conversations[otherUserId]?.items ?? []).filter((m) => m.fromUserId === otherUserId && m.toUserId === me && !m.isRead).map((m) => m.id);
  if (unreadIds.length === 0) return;
  try {
    const result: { upToId: number | null; readTime: string | null } = yield call(callApi, 'PUT', CHAT_PATHS.markRead,
      { fromUserId: otherUserId, upToId: Math.max(...unreadIds) }, { silent: true });
    if (result.upToId !== null && result.readTime !== null) {
      yield put(A.readMarked({ reader: me, sender: otherUserId, upToId: result.upToId, readTime: result.readTime }));
    }
  } catch (e) {
    console.warn('[chat] marking read failed', e);
  }
}

function* openConversation(me: number, action: ReturnType<typeof A.conversationOpened>): SagaIterator {
  const userId = action.payload;
  const chat: ChatState = yield select(selectChat);
  if (chat.conversations[userId]?.status !== 'loaded') {
    yield put(A.historyRequested(userId));
    try {
      const page: ChatHistoryPage = yield call(callApi, 'GET', CHAT_PATHS.history, { userid: userId, maxResultCount: CHAT_PAGE_DEFAULT }, { silent: true });
      yield put(A.historyLoaded({ userId, page }));
    } catch (e) {
      yield put(A.historyFailed({ userId, error: toCrudError(e) }));
      return;
    }
  }
  yield call(markRead, me, userId);
}

function* loadEarlier(action: ReturnType<typeof A.earlierRequested>): SagaIterator {
  const userId = action.payload;
  const chat: ChatState = yield select(selectChat);
  const first = chat.conversations[userId]?.items[0];
  try {
    const page: ChatHistoryPage = yield call(callApi, 'GET', CHAT_PATHS.history, {
      userid: userId, beforeId: first?.id, maxResultCount: CHAT_PAGE_DEFAULT,
    }, { silent: true });
    yield put(A.earlierLoaded({ userId, page }));
  } catch (e) {
    yield put(A.earlierFailed({ userId, error: toCrudError(e) }));
  }
}

function* loadNotices(action: ReturnType<typeof A.noticesRequested>): SagaIterator {
  const chat: ChatState = yield select(selectChat);
  const skipCount = action.payload.more ? chat.notices.items.length : 0;
  try {
    const page: { items: MsgInfoDto[]; totalCount: number } = yield call(callApi, 'GET', CHAT_PATHS.notices, { skipCount, maxResultCount: NOTICES_PAGE }, { silent: true });
    yield put(A.noticesLoaded({ ...page, more: action.payload.more }));
  } catch (e) {
    yield put(A.noticesFailed(toCrudError(e)));
  }
}

/** A message from the open conversation's user while the screen is shown is read at once. */
function* readIncoming(me: number, action: ReturnType<typeof liveEventsApplied>): SagaIterator {
  const chat: ChatState = yield select(selectChat);
  const active = chat.activeUserId;
  if (active === null || chat.tab !== 'messages') return;
  const fromActive = action.payload.some((e) => e.type === 'chat.message'
    && (e.payload as ChatMessagePayload).fromUserId === active && (e.payload as ChatMessagePayload).toUserId === me);
  if (fromActive) yield call(markRead, me, active);
}

function* refreshUsers(): SagaIterator {
  for (;;) {
    yield delay(USERS_REFRESH_MS);
    yield put(A.usersRequested());
  }
}

/** While the screen is shown: contacts, unread counts and notices load, conversations open, pushes are read. */
export function* chatSession(me: number): SagaIterator {
  // Back on the screen: the conversation left open is opened again (pushes may have come in while away).
  const { activeUserId }: ChatState = yield select(selectChat);
  yield takeLatest(A.usersRequested.type, loadUsers);
  yield takeLatest(A.conversationOpened.type, openConversation, me);
  yield takeEvery(A.earlierRequested.type, loadEarlier);
  yield takeLatest(A.noticesRequested.type, loadNotices);
  yield takeEvery(liveEventsApplied.type, readIncoming, me);
  yield fork(refreshUsers);
  yield put(A.usersRequested());
  yield fork(loadUnread, me);
  yield put(A.noticesRequested({ more: false }));
  if (activeUserId !== null) yield put(A.conversationOpened(activeUserId));
}

// ------------------------------------------------------------------------------------------------ writes
// Writes are not tied to the screen: a message on its way is not lost because the clerk switched tabs.

function* sendText(action: ReturnType<typeof A.messageSendRequested>): SagaIterator {
  const { clientId, toUserId, content } = action.payload;
  try {
    const message: ChatMessageDto = yield call(callApi, 'POST', CHAT_PATHS.send, { toUserId, content, messageType: CHAT_MESSAGE_TYPES.text }, { silent: true });
    yield put(A.messageSent({ clientId, message }));
  } catch (e) {
    yield put(A.messageSendFailed({ clientId, error: toCrudError(e) }));
  }
}

/** Uploads a chosen file with progress, then sends it as an image or file message. */
export function* uploadAndSend(action: ReturnType<typeof A.attachmentChosen>): SagaIterator {
  const { uploadId, toUserId, kind } = action.payload;
  const file: File | undefined = yield call(takeHeldFile, uploadId);
  if (!file) {
    yield put(A.attachmentCleared(uploadId));
    return;
  }
  const channel: EventChannel<UploadEvent> = yield call(createUploadChannel, CHAT_PATHS.upload, file);
  let stored: ChatFileDto | null = null;
  try {
    while (stored === null) {
      const event: UploadEvent = yield take(channel);
      if (event.type === 'progress') {
        yield put(A.attachmentProgressed({ uploadId, loaded: event.loaded, total: event.total }));
      } else if (event.type === 'done') {
        stored = event.file as ChatFileDto;
      } else {
        yield put(A.attachmentFailed({ uploadId, error: event.error }));
        return;
      }
    }
  } finally {
    const stopped: boolean = yield cancelled();
    if (stopped) channel.close();
  }
  yield put(A.attachmentUploaded({ uploadId }));
  // An image the browser took for one but the server did not (a renamed file) still goes, as a file.
  const messageType = kind === 'image' && stored.contentType.startsWith('image/') ? CHAT_MESSAGE_TYPES.image : CHAT_MESSAGE_TYPES.file;
  try {
    const message: ChatMessageDto = yield call(callApi, 'POST', CHAT_PATHS.send, { toUserId, content: '', messageType, fileId: stored.id }, { silent: true });
    yield put(A.messageSent({ message }));
    yield put(A.attachmentCleared(uploadId));
  } catch (e) {
    yield put(A.attachmentFailed({ uploadId, error: toCrudError(e) }));
  }
}

/** An image message's file, fetched with the session's headers and shown through an object URL. */
export function* loadImage(action: ReturnType<typeof A.imageRequested>): SagaIterator {
  try {
    const blob: Blob = yield call(fetchFileBlob, action.payload);
    const url: string = yield call([URL, URL.createObjectURL], blob);
    yield put(A.imageLoaded({ fileId: action.payload, url }));
  } catch {
    yield put(A.imageFailed(action.payload));
  }
}

function* publishNotice(action: ReturnType<typeof A.noticePublishRequested>): SagaIterator {
  try {
    const notice: MsgInfoDto = yield call(callApi, 'POST', CHAT_PATHS.publish, action.payload, { silent: true });
    yield put(A.noticePublished(notice));
  } catch (e) {
    yield put(A.noticePublishFailed(toCrudError(e)));
  }
}

/** Follows the screen: a session while shown; sends, uploads and publishing whenever asked. */
export function* watchChat(): SagaIterator {
  yield takeEvery(A.messageSendRequested.type, sendText);
  yield takeEvery(A.attachmentChosen.type, uploadAndSend);
  yield takeEvery(A.imageRequested.type, loadImage);
  yield takeEvery(A.noticePublishRequested.type, publishNotice);
  for (;;) {
    const shown: ReturnType<typeof chatShown> = yield take(chatShown.type);
    const session: Task = yield fork(chatSession, shown.payload.userId);
    yield take([chatHidden.type, loggedOut.type]);
    yield cancel(session);
  }
}
