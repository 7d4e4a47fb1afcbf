import type { Action } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import { loggedOut } from '../../session/appSlice';
import { crudActions } from '../../crud/slice';
import { liveEventsApplied } from '../../realtime/liveActions';
import { inventoryEvent, noticeEvent, transferEvent } from '../../realtime/test-support-events';
import {
  inventoryScreenHidden, inventoryScreenShown, LIVE_RELOAD_DEBOUNCE_MS, resourcesChangedBy, watchInventoryScreens,
} from './liveSaga';
import { sleep } from '../../../../test/support/wait';

const RECEIPTS = 'Warehousereceipt';
const STOCK = 'Inventory';

// Live events as the hub saga hands them on, pushed or replayed by the catch-up after a reconnect.
const stockEvent = inventoryEvent(20, [2, 5]);
const orderEvent = (action: string) => transferEvent(21, { id: 3, version: 4, action, party: 'receiver' });
const stockPush = liveEventsApplied([stockEvent]);
const orderPush = (action: string) => liveEventsApplied([orderEvent(action)]);

/** The list reloads the watcher asked for while `script` dispatched on a real clock. */
async function reloads(total: number, script: (dispatch: (action: Action) => void) => Promise<void>): Promise<string[]> {
  const saga = expectSaga(watchInventoryScreens);
  const done = saga.silentRun(total);
  await script((action) => saga.dispatch(action));
  const result = await done;
  return (result.effects.put ?? [])
    .map((effect) => effect.payload.action as Action)
    .filter(crudActions.listRequested.match)
    .map((action) => action.payload.resource);
}

describe('live stock screens', () => {
  it('reload the receipts and the inventory on screen after a stock event', async () => {
    const asked = await reloads(LIVE_RELOAD_DEBOUNCE_MS + 150, async (dispatch) => {
      dispatch(inventoryScreenShown({ screen: RECEIPTS }));
      dispatch(inventoryScreenShown({ screen: STOCK }));
      dispatch(stockPush);
    });
    expect(asked.sort()).toEqual([STOCK, RECEIPTS]);
  });

  it('reload the receipts (only) after an order is agreed, and nothing after other moves', async () => {
    const agreed = await reloads(LIVE_RELOAD_DEBOUNCE_MS + 150, async (dispatch) => {
      dispatch(inventoryScreenShown({ screen: RECEIPTS }));
      dispatch(inventoryScreenShown({ screen: STOCK }));
      dispatch(orderPush('agree'));
    });
    expect(agreed).toEqual([RECEIPTS]);

    const others = await reloads(LIVE_RELOAD_DEBOUNCE_MS + 150, async (dispatch) => {
      dispatch(inventoryScreenShown({ screen: RECEIPTS }));
      dispatch(orderPush('dispatch'));
      dispatch(orderPush('return'));
      dispatch(liveEventsApplied([noticeEvent(22, { id: 1 })]));
    });
    expect(others).toEqual([]);
  });

  it('leave screens that are not shown alone', async () => {
    const asked = await reloads(LIVE_RELOAD_DEBOUNCE_MS + 150, async (dispatch) => {
      dispatch(stockPush);
      dispatch(inventoryScreenShown({ screen: STOCK }));
      dispatch(inventoryScreenHidden({ screen: STOCK }));
      dispatch(inventoryScreenShown({ screen: RECEIPTS }));
      await sleep(20);
      dispatch(stockPush);
    });
    expect(asked).toEqual([RECEIPTS]);
  });

  it('drop a pending reload when the screen is left or the user logs out', async () => {
    for (const leave of [inventoryScreenHidden({ screen: STOCK }), loggedOut()]) {
      const asked = await reloads(LIVE_RELOAD_DEBOUNCE_MS + 150, async (dispatch) => {
        dispatch(inventoryScreenShown({ screen: STOCK }));
        dispatch(stockPush);
        await sleep(LIVE_RELOAD_DEBOUNCE_MS / 2);
        dispatch(leave);
      });
      expect([leave.type, asked]).toEqual([leave.type, []]);
    }
  });

  it('debounce a burst of events into one reload per screen, ~300 ms after the last', async () => {
    const gap = LIVE_RELOAD_DEBOUNCE_MS / 2;
    const burst = (dispatch: (action: Action) => void) => (async () => {
      dispatch(inventoryScreenShown({ screen: RECEIPTS }));
      for (const push of [stockPush, orderPush('agree'), stockPush]) {
        dispatch(push);
        await sleep(gap);
      }
    })();
    // Stopped 1.5 × the debounce after the first event: a timer from that event would have fired already.
    expect(await reloads(2 * gap + LIVE_RELOAD_DEBOUNCE_MS - 60, burst)).toEqual([]);
    expect(await reloads(2 * gap + LIVE_RELOAD_DEBOUNCE_MS + 150, burst)).toEqual([RECEIPTS]);
  });
});

describe('resourcesChangedBy', () => {
  it('names the lists an event makes stale', () => {
    expect(resourcesChangedBy(stockEvent)).toEqual([RECEIPTS, STOCK]);
    expect(resourcesChangedBy(orderEvent('agree'))).toEqual([RECEIPTS]);
    expect(resourcesChangedBy(orderEvent('sign'))).toEqual([]);
    expect(resourcesChangedBy({ ...orderEvent('agree'), payload: null })).toEqual([]);
    expect(resourcesChangedBy(noticeEvent(22, { id: 1 }))).toEqual([]);
  });

  it('reload once for a catch-up batch holding both a stock event and an agree', async () => {
    const asked = await reloads(LIVE_RELOAD_DEBOUNCE_MS + 150, async (dispatch) => {
      dispatch(inventoryScreenShown({ screen: RECEIPTS }));
      dispatch(inventoryScreenShown({ screen: STOCK }));
      dispatch(liveEventsApplied([orderEvent('agree'), { ...stockEvent, seq: 23 }]));
    });
    expect(asked.sort()).toEqual([STOCK, RECEIPTS]);
  });
});
