import { createAction } from '@reduxjs/toolkit';
import type { SagaIterator, Task } from 'redux-saga';
import { cancel, delay, fork, put, take } from 'redux-saga/effects';
import { inventory, warehousereceipt } from '../../../shared/resources';
import { loggedOut } from '../../session/appSlice';
import { crudActions } from '../../crud/slice';
import { baseResourceOf } from '../../crud/view';
import { liveEventsApplied } from '../../realtime/liveActions';
import type { LiveEvent, TransferChangedPayload } from '../../../shared/live/events';

/** A stock screen (by slice key) came on screen / left it: only screens on screen follow the live events. */
export const inventoryScreenShown = createAction<{ screen: string }>('inventory/screenShown');
export const inventoryScreenHidden = createAction<{ screen: string }>('inventory/screenHidden');

/** An agree writes receipts, stock and the order at once (several events): they make one reload per screen. */
export const LIVE_RELOAD_DEBOUNCE_MS = 300;

/**
 * The resources whose lists an event makes stale: any stock move changes receipts and inventory; an order's agree
 * writes receipts (its stock event reaches only the producer's and receiver's users, the order's reaches all parties).
 */
export function resourcesChangedBy(event: LiveEvent): string[] {
  if (event.type === 'inventory.changed') return [warehousereceipt.name, inventory.name];
  if (event.type === 'transfer.changed') {
    const change = event.payload as Partial<TransferChangedPayload> | null;
    return change?.action === 'agree' ? [warehousereceipt.name] : [];
  }
  return [];
}

function* reloadLater(screen: string): SagaIterator {
  yield delay(LIVE_RELOAD_DEBOUNCE_MS);
  yield put(crudActions.listRequested({ resource: screen }));
}

/**
 * Reloads the receipts and inventory screens on screen after the events that change them, live or replayed by the
 * catch-up after a reconnect (debounced per screen).
 */
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
      inventoryScreenShown.type, inventoryScreenHidden.type, liveEventsApplied.type, loggedOut.type,
    ]);
    if (inventoryScreenShown.match(action)) {
      shown.add(action.payload.screen);
    } else if (inventoryScreenHidden.match(action)) {
      shown.delete(action.payload.screen);
      yield* stop(action.payload.screen);
    } else if (loggedOut.match(action)) {
      for (const screen of [...pending.keys()]) yield* stop(screen);
      shown.clear();
    } else if (liveEventsApplied.match(action)) {
      const changed = action.payload.flatMap(resourcesChangedBy);
      for (const screen of shown) {
        if (!changed.includes(baseResourceOf(screen))) continue;
        yield* stop(screen);
        pending.set(screen, yield fork(reloadLater, screen));
      }
    }
  }
}
