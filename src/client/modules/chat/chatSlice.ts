import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ChatHistoryPage, ChatMessageDto, ChatUserDto, MsgInfoDto } from '../../../shared/chat';
import type { ChatMessagePayload, ChatNoticePayload, ChatReadPayload, LiveEvent } from '../../../shared/live/events';
import { loggedOut } from '../../session/appSlice';
import type { CrudError } from '../../crud/types';
import { liveEventsApplied } from '../../realtime/liveActions';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface Conversation {
  /** Ascending id; pages are prepended, pushes appended. */
  items: ChatMessageDto[];
  hasMore: boolean;
  status: LoadStatus;
  loadingEarlier: boolean;
  error: CrudError | null;
}

/** A text typed and not yet confirmed by the server (or refused): shown as the last bubbles of its conversation. */
export interface PendingMessage {
  clientId: string;
  toUserId: number;
  content: string;
  status: 'sending' | 'failed';
  error: CrudError | null;
}

/** An attachment on its way up, then sent as an image or file message. */
export interface ChatUpload {
  uploadId: string;
  toUserId: number;
  kind: 'image' | 'file';
  name: string;
  loaded: number;
  total: number;
  status: 'uploading' | 'sending' | 'failed';
  error: CrudError | null;
}

export interface ChatState {
  /** The logged-in user, known once the screen was shown: it tells which party of a pushed message is the other. */
  me: number | null;
  users: { items: ChatUserDto[]; status: LoadStatus; error: CrudError | null };
  search: string;
  activeUserId: number | null;
  tab: 'messages' | 'notices';
  conversations: Record<number, Conversation>;
  pending: PendingMessage[];
  uploads: Record<string, ChatUpload>;
  /** Object URLs of image messages' files, fetched with the session's headers. */
  images: Record<number, { status: 'loading' | 'loaded' | 'failed'; url: string | null }>;
  notices: { items: MsgInfoDto[]; totalCount: number; status: LoadStatus; error: CrudError | null; publishing: boolean; publishError: CrudError | null };
}

export const initialChatState: ChatState = {
  me: null,
  users: { items: [], status: 'idle', error: null },
  search: '',
  activeUserId: null,
  tab: 'messages',
  conversations: {},
  pending: [],
  uploads: {},
  images: {},
  notices: { items: [], totalCount: 0, status: 'idle', error: null, publishing: false, publishError: null },
};

export const NOTICES_PAGE = 20;

/** The chat screen is on screen (its session loads and follows) / left. */
export const chatShown = createAction<{ userId: number }>('chat/shown');
export const chatHidden = createAction('chat/hidden');

const emptyConversation = (): Conversation => ({ items: [], hasMore: false, status: 'idle', loadingEarlier: false, error: null });

/** Adds messages not held yet, keeping ascending id. */
function merge(items: ChatMessageDto[], incoming: ChatMessageDto[]): ChatMessageDto[] {
  const known = new Set(items.map((m) => m.id));
  const fresh = incoming.filter((m) => !known.has(m.id));
  if (fresh.length === 0) return items;
  return [...items, ...fresh].sort((a, b) => a.id - b.id);
}

const fromPayload = (event: LiveEvent): ChatMessageDto => ({ ...(event.payload as ChatMessagePayload), readTime: null, seq: event.seq });

/** A pushed message of mine whose text is still shown as pending: the push arrived before the server's answer. */
function dropEchoedPending(state: ChatState, message: ChatMessageDto): void {
  const index = state.pending.findIndex((p) => p.status === 'sending' && p.toUserId === message.toUserId && p.content === message.content);
  if (index >= 0) state.pending.splice(index, 1);
}

/** The reader read the sender's messages up to `upToId`: I read theirs, or they read mine (the ticks). */
function markRead(state: ChatState, read: { reader: number; sender: number; upToId: number; readTime: string }): void {
  const other = read.reader === state.me ? read.sender : read.reader;
  for (const m of state.conversations[other]?.items ?? []) {
    if (m.fromUserId === read.sender && m.toUserId === read.reader && m.id <= read.upToId && !m.isRead) {
      Object.assign(m, { isRead: true, readTime: read.readTime });
    }
  }
}

export const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    usersRequested(state) {
      state.users.status = 'loading';
      state.users.error = null;
    },
    usersLoaded(state, { payload }: PayloadAction<ChatUserDto[]>) {
      state.users = { items: payload, status: 'loaded', error: null };
    },
    usersFailed(state, { payload }: PayloadAction<CrudError>) {
      state.users.status = 'failed';
      state.users.error = payload;
    },
    searchChanged(state, { payload }: PayloadAction<string>) {
      state.search = payload;
    },
    tabChanged(state, { payload }: PayloadAction<ChatState['tab']>) {
      state.tab = payload;
    },
    /** A contact was chosen: its conversation loads (once) and what it sent is marked read. */
    conversationOpened(state, { payload }: PayloadAction<number>) {
      state.activeUserId = payload;
      state.tab = 'messages';
    },
    historyRequested(state, { payload }: PayloadAction<number>) {
      const conversation = (state.conversations[payload] ??= emptyConversation());
      conversation.status = 'loading';
      conversation.error = null;
    },
    historyLoaded(state, { payload }: PayloadAction<{ userId: number; page: ChatHistoryPage }>) {
      const conversation = (state.conversations[payload.userId] ??= emptyConversation());
      // Pushes that arrived while the page was on its way are kept.
      conversation.items = merge(payload.page.items, conversation.items);
      conversation.hasMore = payload.page.hasMore;
      conversation.status = 'loaded';
    },
    historyFailed(state, { payload }: PayloadAction<{ userId: number; error: CrudError }>) {
      const conversation = (state.conversations[payload.userId] ??= emptyConversation());
      conversation.status = 'failed';
      conversation.error = payload.error;
    },
    earlierRequested(state, { payload }: PayloadAction<number>) {
      const conversation = state.conversations[payload];
      if (conversation) conversation.loadingEarlier = true;
    },
    earlierLoaded(state, { payload }: PayloadAction<{ userId: number; page: ChatHistoryPage }>) {
      const conversation = state.conversations[payload.userId];
      if (!conversation) return;
      conversation.items = merge(conversation.items, payload.page.items);
      conversation.hasMore = payload.page.hasMore;
      conversation.loadingEarlier = false;
    },
    earlierFailed(state, { payload }: PayloadAction<{ userId: number; error: CrudError }>) {
      const conversation = state.conversations[payload.userId];
      if (!conversation) return;
      conversation.loadingEarlier = false;
      conversation.error = payload.error;
    },

    /** The server marked the sender's messages to the reader read (the chat.read event will say the same). */
    readMarked(state, { payload }: PayloadAction<{ reader: number; sender: number; upToId: number; readTime: string }>) {
      markRead(state, payload);
    },

    messageSendRequested(state, { payload }: PayloadAction<{ clientId: string; toUserId: number; content: string }>) {
      state.pending = state.pending.filter((p) => p.clientId !== payload.clientId);
      state.pending.push({ ...payload, status: 'sending', error: null });
    },
    messageSent(state, { payload }: PayloadAction<{ clientId?: string; message: ChatMessageDto }>) {
      if (payload.clientId) state.pending = state.pending.filter((p) => p.clientId !== payload.clientId);
      const conversation = state.conversations[payload.message.toUserId];
      if (conversation) conversation.items = merge(conversation.items, [payload.message]);
    },
    messageSendFailed(state, { payload }: PayloadAction<{ clientId: string; error: CrudError }>) {
      const pending = state.pending.find((p) => p.clientId === payload.clientId);
      if (pending) Object.assign(pending, { status: 'failed', error: payload.error });
    },
    pendingDismissed(state, { payload }: PayloadAction<string>) {
      state.pending = state.pending.filter((p) => p.clientId !== payload);
    },

    /** A file was chosen (held by `holdFile` under `uploadId`): upload it, then send it to `toUserId`. */
    attachmentChosen(state, { payload }: PayloadAction<{ uploadId: string; toUserId: number; kind: 'image' | 'file'; name: string; size: number }>) {
      const { size, ...rest } = payload;
      state.uploads[payload.uploadId] = { ...rest, loaded: 0, total: size, status: 'uploading', error: null };
    },
    attachmentProgressed(state, { payload }: PayloadAction<{ uploadId: string; loaded: number; total: number }>) {
      const upload = state.uploads[payload.uploadId];
      if (upload?.status === 'uploading') Object.assign(upload, { loaded: payload.loaded, total: payload.total });
    },
    attachmentUploaded(state, { payload }: PayloadAction<{ uploadId: string }>) {
      const upload = state.uploads[payload.uploadId];
      if (upload) Object.assign(upload, { status: 'sending', loaded: upload.total });
    },
    attachmentFailed(state, { payload }: PayloadAction<{ uploadId: string; error: CrudError }>) {
      const upload = state.uploads[payload.uploadId];
      if (upload) Object.assign(upload, { status: 'failed', error: payload.error });
    },
    attachmentCleared(state, { payload }: PayloadAction<string>) {
      delete state.uploads[payload];
    },

    imageRequested(state, { payload }: PayloadAction<number>) {
      state.images[payload] = { status: 'loading', url: null };
    },
    imageLoaded(state, { payload }: PayloadAction<{ fileId: number; url: string }>) {
      state.images[payload.fileId] = { status: 'loaded', url: payload.url };
    },
    imageFailed(state, { payload }: PayloadAction<number>) {
      state.images[payload] = { status: 'failed', url: null };
    },

    noticesRequested(state, _action: PayloadAction<{ more: boolean }>) {
      state.notices.status = 'loading';
      state.notices.error = null;
    },
    noticesLoaded(state, { payload }: PayloadAction<{ items: MsgInfoDto[]; totalCount: number; more: boolean }>) {
      const known = new Set(payload.more ? state.notices.items.map((n) => n.id) : []);
      const items = payload.more ? [...state.notices.items, ...payload.items.filter((n) => !known.has(n.id))] : payload.items;
      Object.assign(state.notices, { items, totalCount: payload.totalCount, status: 'loaded', error: null });
    },
    noticesFailed(state, { payload }: PayloadAction<CrudError>) {
      state.notices.status = 'failed';
      state.notices.error = payload;
    },
    noticePublishRequested(state, _action: PayloadAction<{ title: string; content: string }>) {
      state.notices.publishing = true;
      state.notices.publishError = null;
    },
    noticePublished(state, { payload }: PayloadAction<MsgInfoDto>) {
      state.notices.publishing = false;
      if (!state.notices.items.some((n) => n.id === payload.id)) {
        state.notices.items.unshift(payload);
        state.notices.totalCount += 1;
      }
    },
    noticePublishFailed(state, { payload }: PayloadAction<CrudError>) {
      state.notices.publishing = false;
      state.notices.publishError = payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(chatShown, (state, { payload }) => {
      if (state.me !== payload.userId) return { ...initialChatState, me: payload.userId };
      return state;
    });
    // The event log accepted these as new: messages, read marks and notices land in what the screen holds.
    builder.addCase(liveEventsApplied, (state, { payload }) => {
      const me = state.me;
      if (me === null) return;
      for (const event of payload) {
        if (event.type === 'chat.message') {
          const message = fromPayload(event);
          const other = message.fromUserId === me ? message.toUserId : message.fromUserId;
          if (message.fromUserId === me) dropEchoedPending(state, message);
          const conversation = state.conversations[other];
          // A page on its way keeps what was pushed meanwhile (historyLoaded merges): it may be newer than the page.
          if (conversation?.status === 'loaded' || conversation?.status === 'loading') conversation.items = merge(conversation.items, [message]);
        } else if (event.type === 'chat.read') {
          const read = event.payload as ChatReadPayload;
          markRead(state, { reader: read.toUserId, sender: read.fromUserId, upToId: read.upToId, readTime: read.readTime });
        } else if (event.type === 'chat.notice') {
          const notice = event.payload as ChatNoticePayload;
          if (state.notices.status === 'loaded' && !state.notices.items.some((n) => n.id === notice.id)) {
            state.notices.items.unshift(notice);
            state.notices.totalCount += 1;
          }
        }
      }
    });
    builder.addCase(loggedOut, () => initialChatState);
  },
});

export const chatActions = chatSlice.actions;
export type ChatRootState = { chat: ChatState };
export const selectChat = (state: ChatRootState) => state.chat;
