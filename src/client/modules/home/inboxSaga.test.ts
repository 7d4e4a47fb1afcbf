import type { Action } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import { callApi } from '../../api/http';
import { loggedOut } from '../../session/appSlice';
import { rootReducer, type RootState } from '../../app/store';
import { liveEventsApplied } from '../../realtime/liveActions';
import { chatMessage, inventoryEvent, noticeEvent, transferEvent } from '../../realtime/test-support-events';
import { INBOX_DEBOUNCE_MS, INBOX_PATH, watchInbox } from './inboxSaga';
import { inboxHidden, inboxRequested, inboxShown, toInboxItems, type InboxState } from './inboxSlice';
import { sleep } from '../../../../test/support/wait';

const ANSWER = {
  items: [
    { kind: 'contractExpiring', count: 1, records: [{ id: 9, title: 'HT-009', subtitle: '乙方甲', date: '2025-02-01' }] },
    { kind: 'toReceive', count: 7, records: [1, 2, 3, 4, 5].map((id) => ({ id, title: `ZY20250101-0000${id}`, subtitle: '华东化工', date: '2025-01-0' + id })) },
    { kind: 'toDispatch', count: 0, records: [] },
  ],
};

// Live events as the hub saga hands them on, pushed or replayed by the catch-up after a reconnect.
const orderPush = liveEventsApplied([transferEvent(11, { id: 1, version: 2 })]);
const stockPush = liveEventsApplied([inventoryEvent(12, [3])]);
const noticePush = liveEventsApplied([noticeEvent(13, { id: 5, title: 'hello' }), chatMessage(14, { id: 1, from: 2, to: 1 })]);

/** A fake server: records every inbox call and answers from `answers` in turn (the last one repeats). */
function fakeServer(...answers: (() => unknown)[]) {
  const calls: unknown[][] = [];
  const providers: EffectProviders = {
    call(effect, next) {
      if (effect.fn !== callApi) return next();
      calls.push(effect.args);
      return (answers[Math.min(calls.length - 1, answers.length - 1)] ?? (() => ANSWER))();
    },
  };
  return { calls, providers };
}

const initial = () => rootReducer(undefined, { type: '@@init' });
const inboxOf = (result: { storeState: unknown }): InboxState => (result.storeState as RootState).inbox;
const networkError = () => { throw Object.assign(new Error('Network Error'), { isAxiosError: true }); };


/**
 * Runs the watcher for `total` ms while `script` dispatches on a real clock (expectSaga's own `.delay` only delays
 * the next action, relative to when the queue is flushed: too loose to test a debounce).
 */
async function session(server: ReturnType<typeof fakeServer>, total: number, script: (dispatch: (action: Action) => void) => Promise<void>) {
  const saga = expectSaga(watchInbox).withReducer(rootReducer, initial()).provide(server.providers);
  const done = saga.silentRun(total);
  await script((action) => saga.dispatch(action));
  return inboxOf(await done);
}

describe('inbox saga', () => {
  it('loads the inbox when the home page is shown, silently, and keeps the kinds in display order', async () => {
    const server = fakeServer(() => ANSWER);
    const inbox = await session(server, 50, async (dispatch) => dispatch(inboxShown()));
    expect(server.calls).toEqual([['GET', INBOX_PATH, {}, { silent: true }]]);
    expect(INBOX_PATH).toBe('/api/services/app/Inbox/GetInbox');
    expect(inbox).toMatchObject({ loading: false, loaded: true, error: null });
    expect(inbox.items.map((i) => [i.kind, i.count, i.records.length])).toEqual([
      ['toDispatch', 0, 0], ['toReceive', 7, 5], ['contractExpiring', 1, 1],
    ]);
  });

  it('asks nothing before the home page is shown, whatever arrives', async () => {
    const server = fakeServer();
    await session(server, INBOX_DEBOUNCE_MS + 100, async (dispatch) => dispatch(orderPush));
    expect(server.calls).toEqual([]);
  });

  it('keeps the failure for the page, and a retry loads again', async () => {
    const failing = fakeServer(networkError);
    const failed = await session(failing, 50, async (dispatch) => dispatch(inboxShown()));
    expect(failed).toMatchObject({ loading: false, loaded: false, items: [], error: { message: 'Network Error' } });

    const server = fakeServer(networkError, () => ANSWER);
    const inbox = await session(server, 100, async (dispatch) => {
      dispatch(inboxShown());
      await sleep(20);
      dispatch(inboxRequested());
    });
    expect(server.calls).toHaveLength(2);
    expect(inbox).toMatchObject({ loading: false, loaded: true, error: null });
    expect(inbox.items).toHaveLength(3);
  });

  it('reloads after an order or a stock event while shown, and not after other events', async () => {
    const server = fakeServer(() => ({ items: [] }), () => ANSWER);
    const inbox = await session(server, 2 * INBOX_DEBOUNCE_MS + 300, async (dispatch) => {
      dispatch(inboxShown());
      await sleep(20);
      dispatch(noticePush);
      await sleep(INBOX_DEBOUNCE_MS + 100);
      expect(server.calls).toHaveLength(1);
      dispatch(orderPush);
    });
    expect(server.calls).toHaveLength(2);
    expect(inbox.items.find((i) => i.kind === 'toReceive')?.count).toBe(7);

    const stock = fakeServer();
    await session(stock, INBOX_DEBOUNCE_MS + 200, async (dispatch) => {
      dispatch(inboxShown());
      await sleep(20);
      dispatch(stockPush);
    });
    expect(stock.calls).toHaveLength(2);
  });

  it('debounces a burst of events into one reload, ~300 ms after the last', async () => {
    const server = fakeServer();
    const gap = INBOX_DEBOUNCE_MS / 2;
    const seen: number[] = [];
    await session(server, 4 * INBOX_DEBOUNCE_MS, async (dispatch) => {
      dispatch(inboxShown());
      await sleep(20);
      for (const push of [orderPush, stockPush, orderPush]) {
        dispatch(push);
        await sleep(gap);
      }
      // 1.5 × the debounce after the first event: a timer from that event would have fired already.
      seen.push(server.calls.length);
      await sleep(INBOX_DEBOUNCE_MS);
      seen.push(server.calls.length);
    });
    expect(seen).toEqual([1, 2]);
    expect(server.calls).toHaveLength(2);
  });

  it('stops following events once the page is hidden or the user logs out, and starts again when shown', async () => {
    for (const leave of [inboxHidden(), loggedOut()]) {
      const server = fakeServer();
      await session(server, INBOX_DEBOUNCE_MS + 200, async (dispatch) => {
        dispatch(inboxShown());
        await sleep(20);
        dispatch(orderPush);
        dispatch(leave);
        await sleep(20);
        dispatch(stockPush);
      });
      expect([leave.type, server.calls.length]).toEqual([leave.type, 1]);
    }

    const server = fakeServer();
    await session(server, 100, async (dispatch) => {
      dispatch(inboxShown());
      await sleep(20);
      dispatch(inboxHidden());
      dispatch(inboxShown());
    });
    expect(server.calls).toHaveLength(2);
  });
});

describe('toInboxItems', () => {
  it('drops unknown kinds, duplicates and malformed records, keeps at most five, and never counts fewer than listed', () => {
    expect(toInboxItems({
      items: [
        { kind: 'returned', count: 2, records: [{ id: 4, title: 'ZY-4', subtitle: null, date: '2025-01-04' }, { id: 'x' }] },
        { kind: 'returned', count: 9, records: [] },
        { kind: 'mystery', count: 3, records: [] },
        { kind: 'planReturned', records: [{ id: 2, title: '' }] },
        { kind: 'toReceive', count: 8, records: [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, title: `T${id}` })) },
      ],
    })).toEqual([
      { kind: 'toReceive', count: 8, records: [1, 2, 3, 4, 5].map((id) => ({ id, title: `T${id}`, subtitle: '', date: '' })) },
      { kind: 'returned', count: 2, records: [{ id: 4, title: 'ZY-4', subtitle: '', date: '2025-01-04' }] },
      { kind: 'planReturned', count: 1, records: [{ id: 2, title: '#2', subtitle: '', date: '' }] },
    ]);
    expect(toInboxItems(null)).toEqual([]);
    expect(toInboxItems({ items: 'nope' })).toEqual([]);
  });
});
