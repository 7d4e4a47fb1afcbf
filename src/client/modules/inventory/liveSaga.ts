import { createAction } from '@reduxjs/toolkit';
import type { SagaIterator, Task } from 'redux-saga';
import { cancel, delay, fork, put, take } from 'redux-saga/effects';
import { inventory, warehousereceipt } from '../../../shared/resources';
import { loggedOut } from '../../session/appSlice';
import { crudActions } from '../../crud/slice';
import { baseResourceOf } from '../../crud/view';
import { realtimeReceived } from '../../realtime/actions';

/** A stock screen (by slice key) came on screen / left it: only screens on screen follow the hub. */
export const inventoryScreenShown = createAction<{ screen: string }>('inventory/screenShown');
export const inventoryScreenHidden = createAction<{ screen: string }>('inventory/screenHidden');

/** An agree writes receipts, stock and the order at once (several pushes): they make one reload per screen. */
export const LIVE_RELOAD_DEBOUNCE_MS = 300;

type Push = ReturnType<typeof realtimeReceived>['payload'];

/**
 * The resources whose lists a push makes stale: any stock move changes receipts and inventory; an order's agree
 * writes receipts (its InventoryChanged may reach only the receiver's users, the order push reaches all parties).
 */
export function resourcesChangedBy(push: Push): string[] {
  if (push.target === 'InventoryChanged') return [warehousereceipt.name, inventory.name];
  if (push.target === 'TransferOrderChanged') {
    const change = push.args[0] as { action?: unknown } | undefined;
    return change?.action === 'agree' ? [warehousereceipt.name] : [];
  }
  return [];
}

function* reloadLater(screen: string): SagaIterator {
  yield delay(LIVE_RELOAD_DEBOUNCE_MS);
  yield put(crudActions.listRequested({ resource: screen }));
}

/** Reloads the receipts and inventory screens on screen after the pushes that change them (debounced per screen). */
export function* watchInventoryScreens(): SagaIterator {
  const shown = new Set<string>();
  const pending = new Map<string, Task>();
  function* stop(screen: string): SagaIterator {
    const task = pending.get(screen);
    pending.delete(screen);
    if (task?.isRunning()) yield cancel(task);
  }
  for (;;) {
    const action: { type: string; payload?: unknown } = yield take([
      inventoryScreenShown.type, inventoryScreenHidden.type, realtimeReceived.type, loggedOut.type,
    ]);
    if (inventoryScreenShown.match(action)) {
      shown.add(action.payload.screen);
    } else if (inventoryScreenHidden.match(action)) {
      shown.delete(action.payload.screen);
      yield* stop(action.payload.screen);
    } else if (loggedOut.match(action)) {
      for (const screen of [...pending.keys()]) yield* stop(screen);
      shown.clear();
    } else if (realtimeReceived.match(action)) {
      const changed = resourcesChangedBy(action.payload);
      for (const screen of shown) {
        if (!changed.includes(baseResourceOf(screen))) continue;
        yield* stop(screen);
        pending.set(screen, yield fork(reloadLater, screen));
      }
    }
  }
}
