import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NoticeItem, NoticeList, NoticeTypeValue } from '../api/types';
import { loggedOut } from '../session/appSlice';
import { liveEventsApplied } from '../realtime/liveActions';
import type { LiveEvent } from '../../shared/live/events';

export interface NoticesState {
  items: NoticeItem[];
  totalCount: number;
  unreadCount: number;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
}

export const initialNoticesState: NoticesState = { items: [], totalCount: 0, unreadCount: 0, status: 'idle' };

export const noticesRequested = createAction('notices/requested');
export const markReadRequested = createAction<number>('notices/markReadRequested');
export const markAllReadRequested = createAction<NoticeTypeValue | undefined>('notices/markAllReadRequested');

/** The category of reminders the server files for contracts nearing expiry. */
export const CONTRACT_EXPIRY_CATEGORY = 'contractExpiry';

/** A `notice.created` event's payload, if it has the shape of a notice; one without its own time was filed at `at`. */
export function asNoticeItem(value: unknown, at: string): NoticeItem | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<NoticeItem>;
  if (typeof v.id !== 'number' || typeof v.title !== 'string') return null;
  const type = v.type === 1 || v.type === 2 ? v.type : 0;
  return {
    id: v.id,
    type,
    title: v.title,
    description: typeof v.description === 'string' ? v.description : '',
    isRead: v.isRead === true,
    creationTime: typeof v.creationTime === 'string' ? v.creationTime : at,
    category: typeof v.category === 'string' ? v.category : null,
  };
}

/** The notices a batch of live events filed for the user, oldest first. */
export function noticesOf(events: readonly LiveEvent[]): NoticeItem[] {
  return events.filter((e) => e.type === 'notice.created').flatMap((e) => asNoticeItem(e.payload, e.at) ?? []);
}

export const noticesSlice = createSlice({
  name: 'notices',
  initialState: initialNoticesState,
  reducers: {
    noticesLoading(state) {
      state.status = 'loading';
    },
    noticesLoaded(state, action: PayloadAction<NoticeList>) {
      state.items = action.payload.items;
      state.totalCount = action.payload.totalCount;
      state.unreadCount = action.payload.unreadCount;
      state.status = 'loaded';
    },
    noticesFailed(state) {
      state.status = 'failed';
    },
    noticeMarkedRead(state, action: PayloadAction<number>) {
      const item = state.items.find((i) => i.id === action.payload);
      if (item && !item.isRead) {
        item.isRead = true;
        state.unreadCount = Math.max(0, state.unreadCount - 1);
      }
    },
    allNoticesMarkedRead(state, action: PayloadAction<NoticeTypeValue | undefined>) {
      const type = action.payload;
      let marked = 0;
      for (const item of state.items) {
        if (!item.isRead && (type === undefined || item.type === type)) {
          item.isRead = true;
          marked += 1;
        }
      }
      // Unread items beyond the loaded page are cleared by the server too when no type is given.
      state.unreadCount = type === undefined ? 0 : Math.max(0, state.unreadCount - marked);
    },
  },
  extraReducers: (builder) => {
    builder
      // Live, or replayed by the catch-up after a reconnect: either way on top, once.
      .addCase(liveEventsApplied, (state, action) => {
        for (const item of noticesOf(action.payload)) {
          if (state.items.some((i) => i.id === item.id)) continue;
          state.items.unshift(item);
          state.totalCount += 1;
          if (!item.isRead) state.unreadCount += 1;
        }
      })
      .addCase(loggedOut, () => initialNoticesState);
  },
});

export const { noticesLoading, noticesLoaded, noticesFailed, noticeMarkedRead, allNoticesMarkedRead } = noticesSlice.actions;

export const selectNotices = (state: { notices: NoticesState }) => state.notices;
