import { realtimeReceived } from '../realtime/actions';
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

  it('adds a pushed getNotification on top, once, and ignores other targets and malformed payloads', () => {
    let state = noticesSlice.reducer(loaded(), realtimeReceived({ target: 'getNotification', args: [item(9, 2)] }));
    state = noticesSlice.reducer(state, realtimeReceived({ target: 'getNotification', args: [item(9, 2)] }));
    state = noticesSlice.reducer(state, realtimeReceived({ target: 'ReceiveMessage', args: [item(10, 0)] }));
    state = noticesSlice.reducer(state, realtimeReceived({ target: 'getNotification', args: ['garbage'] }));
    expect(state.items.map((i) => i.id)).toEqual([9, 1, 2, 3, 4]);
    expect(state.unreadCount).toBe(6);
    expect(state.totalCount).toBe(5);
  });
});
