import { createSelector } from '@reduxjs/toolkit';
import type { ExchangeSlotsPayload, LiveEvent, LiveEventType, PointsBalancePayload, StorageWeightPayload } from '../../shared/live/events';
import { compareWarnings } from '../../shared/live/severity';
import type { AppState } from '../session/appSlice';
import type { EventLogState } from './eventLog';
import {
  applyChatEvent, applyDeviceEvent, applyStorageEvent, applyWarningEvent, type ChatUnread, type DeviceState,
  type LiveWarning, type StorageWeight,
} from './projection';

/**
 * Every live view is the base projection with the window folded over it. Each view reads only the window events of
 * its own types, through a filter that keeps its previous array while none of those changed, so a chat event does not
 * recompute (or re-render) the weights.
 */

/** The slice of the store the live selectors read; RootState satisfies it. */
export interface LiveRootState {
  eventLog: EventLogState;
}
export interface LiveUserRootState extends LiveRootState {
  app: Pick<AppState, 'session'>;
}

export const selectEventLog = (state: LiveRootState) => state.eventLog;
/** The window itself (ascending seq), e.g. for a console's event feed. */
export const selectLiveWindow = (state: LiveRootState) => state.eventLog.events;
const selectCurrentUserId = (state: LiveUserRootState) => state.app.session.user?.id ?? null;

const sameItems = (a: readonly LiveEvent[], b: readonly LiveEvent[]) => a.length === b.length && a.every((e, i) => e === b[i]);

/**
 * The window's events of some types, as the same array while they did not change. Kept by hand rather than with
 * reselect's `resultEqualityCheck`, which holds results through WeakRefs: those stay alive until the current job ends,
 * so a synchronous loop of dispatches (the memory bench) would seem to leak.
 */
function windowOf(types: readonly LiveEventType[]) {
  let previous: LiveEvent[] = [];
  return createSelector([selectLiveWindow], (events) => {
    const matching = events.filter((e) => types.includes(e.type));
    if (sameItems(matching, previous)) return previous;
    previous = matching;
    return matching;
  });
}
const selectStorageWindow = windowOf(['storage.weight']);
const selectDeviceWindow = windowOf(['device.state']);
const selectWarningWindow = windowOf(['warning.raised', 'warning.updated']);
const selectChatWindow = windowOf(['chat.message', 'chat.read']);
const selectBalanceWindow = windowOf(['points.balance']);
const selectSlotsWindow = windowOf(['exchange.slots']);

/**
 * Points per household id, for households whose balance moved since the window began (the lists have the others).
 * Each event carries the balance its posting left, so the latest one is the balance now.
 */
export const selectHouseholdBalances = createSelector([selectBalanceWindow], (events): Record<number, number> => {
  const out: Record<number, number> = {};
  for (const e of events) {
    const { householdId, points } = e.payload as PointsBalancePayload;
    out[householdId] = points;
  }
  return out;
});

/** Items left per exchange machine id, for machines whose slots changed since the window began. */
export const selectMachineItems = createSelector([selectSlotsWindow], (events): Record<number, number> => {
  const out: Record<number, number> = {};
  for (const e of events) {
    const { machineId, itemsLeft } = e.payload as ExchangeSlotsPayload;
    out[machineId] = itemsLeft;
  }
  return out;
});

/** Current weight per storage point id. */
export const selectStorageWeights = createSelector(
  [(s: LiveRootState) => s.eventLog.base.storages, (s: LiveRootState) => s.eventLog.base.floors.storages, selectStorageWindow],
  (base, floor, events): Record<number, StorageWeight> => {
    const out = { ...base };
    for (const event of events) applyStorageEvent(out, floor, event);
    return out;
  },
);

export interface WeightPoint {
  seq: number;
  /** lastChangeTime of the event. */
  at: string;
  weight: number;
}

/**
 * The storage.weight events still in the window, as chart points by storage point id (ascending seq). A 24-h chart
 * loads its history over REST and appends the points whose seq is above the seq it loaded at.
 */
export const selectWeightPointsByStorage = createSelector([selectStorageWindow], (events) => {
  const points: Record<number, WeightPoint[]> = {};
  for (const event of events) {
    const p = event.payload as StorageWeightPayload;
    (points[p.storageId] ??= []).push({ seq: event.seq, at: p.lastChangeTime, weight: p.currentWeight });
  }
  return points;
});

/** Online/running state per device id. */
export const selectDeviceStates = createSelector(
  [(s: LiveRootState) => s.eventLog.base.devices, (s: LiveRootState) => s.eventLog.base.floors.devices, selectDeviceWindow],
  (base, floor, events): Record<number, DeviceState> => {
    const out = { ...base };
    for (const event of events) applyDeviceEvent(out, floor, event);
    return out;
  },
);

/** Warnings not closed, by id. */
export const selectWarningsById = createSelector(
  [(s: LiveRootState) => s.eventLog.base.warnings, (s: LiveRootState) => s.eventLog.base.closedWarnings,
    (s: LiveRootState) => s.eventLog.base.floors.warnings, selectWarningWindow],
  (base, closedBase, floor, events): Record<number, LiveWarning> => {
    const open = { ...base };
    const closed = { ...closedBase };
    for (const event of events) applyWarningEvent(open, closed, floor, event);
    return open;
  },
);

/** Open and acknowledged warnings, most severe type first, then newest raised first. */
export const selectOpenWarnings = createSelector([selectWarningsById], (byId): LiveWarning[] =>
  Object.values(byId).filter((w) => w.status === 0 || w.status === 1).sort(compareWarnings));

const selectChatUnread = createSelector(
  [(s: LiveRootState) => s.eventLog.base.chat, (s: LiveRootState) => s.eventLog.base.floors.chat, selectChatWindow],
  (base, floors, events): Record<number, Record<number, ChatUnread>> => {
    const out = { ...base };
    for (const event of events) applyChatEvent(out, floors, event);
    return out;
  },
);

/** The current user's unread message count by sender user id (senders with none left out). */
export const selectChatUnreadBySender = createSelector([selectChatUnread, selectCurrentUserId], (chat, me) => {
  const counts: Record<number, number> = {};
  if (me === null) return counts;
  for (const [sender, entry] of Object.entries(chat[me] ?? {})) {
    const unread = entry.count + entry.ids.length;
    if (unread > 0) counts[Number(sender)] = unread;
  }
  return counts;
});

/**
 * The seq to tag a REST snapshot with, read before sending the request: every event up to it committed before the
 * request, so the snapshot already reflects it (a gap's missing events included).
 */
export const selectSnapshotSeq = (state: LiveRootState): number => {
  const log = state.eventLog;
  const newest = log.events.length ? log.events[log.events.length - 1].seq : 0;
  return Math.max(log.lastSeq ?? 0, log.foldedSeq, newest);
};
