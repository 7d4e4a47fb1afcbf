import type { Action } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import { loggedOut } from '../../session/appSlice';
import { crudActions } from '../../crud/slice';
import { realtimeReceived } from '../../realtime/actions';
import {
  inventoryScreenHidden, inventoryScreenShown, LIVE_RELOAD_DEBOUNCE_MS, resourcesChangedBy, watchInventoryScreens,
} from './liveSaga';

const RECEIPTS = 'Warehousereceipt';
const STOCK = 'Inventory';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const stockPush = realtimeReceived({ target: 'InventoryChanged', args: [{ enterpriseIds: [2, 5] }] });
const orderPush = (action: string) => realtimeReceived({ target: 'TransferOrderChanged', args: [{ id: 3, action, party: 'receiver' }] });

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
  it('reload the receipts and the inventory on screen after a stock push', async () => {
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
      dispatch(realtimeReceived({ target: 'getNotification', args: [{}] }));
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

  it('debounce a burst of pushes into one reload per screen, ~300 ms after the last', async () => {
    const gap = LIVE_RELOAD_DEBOUNCE_MS / 2;
    const burst = (dispatch: (action: Action) => void) => (async () => {
      dispatch(inventoryScreenShown({ screen: RECEIPTS }));
      for (const push of [stockPush, orderPush('agree'), stockPush]) {
        dispatch(push);
        await sleep(gap);
      }
    })();
    // Stopped 1.5 × the debounce after the first push: a timer from that push would have fired already.
    expect(await reloads(2 * gap + LIVE_RELOAD_DEBOUNCE_MS - 60, burst)).toEqual([]);
    expect(await reloads(2 * gap + LIVE_RELOAD_DEBOUNCE_MS + 150, burst)).toEqual([RECEIPTS]);
  });
});

describe('resourcesChangedBy', () => {
  it('names the lists a push makes stale', () => {
    expect(resourcesChangedBy(stockPush.payload)).toEqual([RECEIPTS, STOCK]);
    expect(resourcesChangedBy(orderPush('agree').payload)).toEqual([RECEIPTS]);
    expect(resourcesChangedBy(orderPush('sign').payload)).toEqual([]);
    expect(resourcesChangedBy(realtimeReceived({ target: 'TransferOrderChanged', args: [] }).payload)).toEqual([]);
  });
});
