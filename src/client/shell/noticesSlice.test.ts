import { liveEventsApplied } from '../realtime/liveActions';
import { chatMessage, noticeEvent } from '../realtime/test-support-events';
import { allNoticesMarkedRead, initialNoticesState, noticeMarkedRead, noticesLoaded, noticesSlice, type NoticesState } from './noticesSlice';

const item = (id: number, type: 0 | 1 | 2, isRead = false) => ({ id, type, title: `t${id}`, description: '', isRead, creationTime: '2025-01-01T00:00:00' });
const loaded = (): NoticesState =>
  noticesSlice.reducer(initialNoticesState, noticesLoaded({ totalCount: 4, unreadCount: 5, items: [item(1, 0), item(2, 1), item(3, 2), item(4, 0, true)] }));

describe('notices reducer', () => {
  it('marks one item read and lowers the unread count once', () => {
    let state = noticesSlice.reducer(loaded(), noticeMarkedRead(1));
    state = noticesSlice.reducer(state, noticeMarkedRead(1));
    expect(state.items.find((i) => i.id === 1)?.isRead).toBe(true);
    expect(state.unreadCount).toBe(4);
  });

  it('marks all of one type read', () => {
    const state = noticesSlice.reducer(loaded(), allNoticesMarkedRead(1));
    expect(state.items.filter((i) => !i.isRead).map((i) => i.id)).toEqual([1, 3]);
    expect(state.unreadCount).toBe(4);
  });

  it('marks everything read (including unread items beyond the loaded page)', () => {
    const state = noticesSlice.reducer(loaded(), allNoticesMarkedRead(undefined));
    expect(state.items.every((i) => i.isRead)).toBe(true);
    expect(state.unreadCount).toBe(0);
  });

  it('adds a notice.created event on top, once, and ignores other events and malformed payloads', () => {
    let state = noticesSlice.reducer(loaded(), liveEventsApplied([noticeEvent(30, item(9, 2))]));
    state = noticesSlice.reducer(state, liveEventsApplied([noticeEvent(31, item(9, 2))]));
    state = noticesSlice.reducer(state, liveEventsApplied([{ ...chatMessage(32, { id: 10, from: 2, to: 1 }), payload: item(10, 0) }]));
    state = noticesSlice.reducer(state, liveEventsApplied([{ ...noticeEvent(33, { id: 11 }), payload: 'garbage' }]));
    expect(state.items.map((i) => i.id)).toEqual([9, 1, 2, 3, 4]);
    expect(state.unreadCount).toBe(6);
    expect(state.totalCount).toBe(5);
  });

  it('adds every notice of a catch-up batch, newest on top', () => {
    const state = noticesSlice.reducer(loaded(), liveEventsApplied([noticeEvent(40, item(20, 0)), noticeEvent(41, item(21, 1, true))]));
    expect(state.items.map((i) => i.id)).toEqual([21, 20, 1, 2, 3, 4]);
    expect(state.unreadCount).toBe(6);
    expect(state.totalCount).toBe(6);
  });
});
