import type { Action } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import { loggedOut } from '../../session/appSlice';
import { crudActions } from '../../crud/slice';
import { liveEventsApplied } from '../../realtime/liveActions';
import { inventoryEvent, noticeEvent, transferEvent } from '../../realtime/test-support-events';
import {
  inventoryScreenHidden, inventoryScreenShown, LIVE_RELOAD_DEBOUNCE_MS, resourcesChangedBy, watchInventoryScreens,
} from './liveSaga';
import { STOP_SAGA, stoppable, STOPPABLE_RUN_MS } from '../../../../test/support/stoppable-saga';
import { virtualTimers, type VirtualTimers } from '../../../../test/support/virtual-timers';

const RECEIPTS = 'Warehousereceipt';
const STOCK = 'Inventory';

// Live events as the hub saga hands them on, pushed or replayed by the catch-up after a reconnect.
const stockEvent = inventoryEvent(20, [2, 5]);
const orderEvent = (action: string) => transferEvent(21, { id: 3, version: 4, action, party: 'receiver' });
const stockPush = liveEventsApplied([stockEvent]);
const orderPush = (action: string) => liveEventsApplied([orderEvent(action)]);

type Dispatch = (action: Action) => void;

/**
 * The list reloads the watcher asked for while `script` dispatched and moved the watcher's clock (its debounce runs on
 * virtual timers, never on the real clock).
 */
async function reloads(script: (dispatch: Dispatch, timers: VirtualTimers) => Promise<void>): Promise<string[]> {
  const timers = virtualTimers();
  const saga = expectSaga(stoppable(watchInventoryScreens)).provide(timers.provider);
  const done = saga.silentRun(STOPPABLE_RUN_MS);
  await script((action) => saga.dispatch(action), timers);
  saga.dispatch(STOP_SAGA);
  const result = await done;
  return (result.effects.put ?? [])
    .map((effect) => effect.payload.action as Action)
    .filter(crudActions.listRequested.match)
    .map((action) => action.payload.resource);
}

describe('live stock screens', () => {
  it('reload the receipts and the inventory on screen after a stock event', async () => {
    const asked = await reloads(async (dispatch, timers) => {
      dispatch(inventoryScreenShown({ screen: RECEIPTS }));
      dispatch(inventoryScreenShown({ screen: STOCK }));
      dispatch(stockPush);
      await timers.advance(LIVE_RELOAD_DEBOUNCE_MS);
    });
    expect(asked.sort()).toEqual([STOCK, RECEIPTS]);
  });

  it('reload the receipts (only) after an order is agreed, and nothing after other moves', async () => {
    const agreed = await reloads(async (dispatch, timers) => {
      dispatch(inventoryScreenShown({ screen: RECEIPTS }));
      dispatch(inventoryScreenShown({ screen: STOCK }));
      dispatch(orderPush('agree'));
      await timers.advance(LIVE_RELOAD_DEBOUNCE_MS);
    });
    expect(agreed).toEqual([RECEIPTS]);

    const others = await reloads(async (dispatch, timers) => {
      dispatch(inventoryScreenShown({ screen: RECEIPTS }));
      dispatch(orderPush('dispatch'));
      dispatch(orderPush('return'));
      dispatch(liveEventsApplied([noticeEvent(22, { id: 1 })]));
      await timers.advance(LIVE_RELOAD_DEBOUNCE_MS * 2);
    });
    expect(others).toEqual([]);
  });

  it('leave screens that are not shown alone', async () => {
    const asked = await reloads(async (dispatch, timers) => {
      dispatch(stockPush);
      dispatch(inventoryScreenShown({ screen: STOCK }));
      dispatch(inventoryScreenHidden({ screen: STOCK }));
      dispatch(inventoryScreenShown({ screen: RECEIPTS }));
      await timers.advance(20);
      dispatch(stockPush);
      await timers.advance(LIVE_RELOAD_DEBOUNCE_MS * 2);
    });
    expect(asked).toEqual([RECEIPTS]);
  });

  it('drop a pending reload when the screen is left or the user logs out', async () => {
    for (const leave of [inventoryScreenHidden({ screen: STOCK }), loggedOut()]) {
      const asked = await reloads(async (dispatch, timers) => {
        dispatch(inventoryScreenShown({ screen: STOCK }));
        dispatch(stockPush);
        await timers.advance(LIVE_RELOAD_DEBOUNCE_MS / 2);
        dispatch(leave);
        await timers.advance(LIVE_RELOAD_DEBOUNCE_MS * 2);
      });
      expect([leave.type, asked]).toEqual([leave.type, []]);
    }
  });

  it('debounce a burst of events into one reload per screen, 300 ms after the last', async () => {
    const gap = LIVE_RELOAD_DEBOUNCE_MS / 2;
    const burst = async (dispatch: Dispatch, timers: VirtualTimers) => {
      dispatch(inventoryScreenShown({ screen: RECEIPTS }));
      for (const push of [stockPush, orderPush('agree'), stockPush]) {
        dispatch(push);
        await timers.advance(gap);
      }
    };
    // 1.5 debounces after the first event a timer of that event would have fired; the last event's has not yet.
    expect(await reloads(async (dispatch, timers) => {
      await burst(dispatch, timers);
      await timers.advance(LIVE_RELOAD_DEBOUNCE_MS - gap - 1);
    })).toEqual([]);
    expect(await reloads(async (dispatch, timers) => {
      await burst(dispatch, timers);
      await timers.advance(LIVE_RELOAD_DEBOUNCE_MS - gap);
    })).toEqual([RECEIPTS]);
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
    const asked = await reloads(async (dispatch, timers) => {
      dispatch(inventoryScreenShown({ screen: RECEIPTS }));
      dispatch(inventoryScreenShown({ screen: STOCK }));
      dispatch(liveEventsApplied([orderEvent('agree'), { ...stockEvent, seq: 23 }]));
      await timers.advance(LIVE_RELOAD_DEBOUNCE_MS * 2);
    });
    expect(asked.sort()).toEqual([STOCK, RECEIPTS]);
  });
});
