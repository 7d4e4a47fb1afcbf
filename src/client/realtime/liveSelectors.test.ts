import { combineReducers, type UnknownAction } from '@reduxjs/toolkit';
import type {
  ChatMessagePayload, ChatReadPayload, DeviceStatePayload, LiveEvent, StorageWeightPayload, WarningPayload,
} from '../../shared/live/events';
import { compareWarnings } from '../../shared/live/severity';
import { appSlice, sessionLoaded } from '../session/appSlice';
import { TENANT_SESSION } from '../app/test-support';
import { eventLogReducer, LOG_LIMIT } from './eventLog';
import {
  chatUnreadLoaded, devicesSnapshotLoaded, liveCatchUpLoaded, liveEventsReceived, storageSnapshotLoaded,
  warningsSnapshotLoaded,
} from './liveActions';
import {
  selectChatUnreadBySender, selectDeviceStates, selectOpenWarnings, selectSnapshotSeq,
  selectStorageWeights, selectWeightPointsByStorage,
} from './liveSelectors';
import { syntheticLiveEvents } from './synthetic';
import { chatMessage, chatRead, deviceEvent, page, plainEvents, warning, warningEvent, weightEvent } from './test-support-events';

const reducer = combineReducers({ app: appSlice.reducer, eventLog: eventLogReducer });
type State = ReturnType<typeof reducer>;
const ME = TENANT_SESSION.user!.id;

function stateAfter(actions: UnknownAction[], from?: State): State {
  const initial = from ?? [sessionLoaded(TENANT_SESSION), liveCatchUpLoaded(page([], 0))].reduce(reducer, reducer(undefined, { type: '@@init' }));
  return actions.reduce(reducer, initial);
}
const received = (...events: LiveEvent[]) => liveEventsReceived(events);

/** Reference views computed straight from the whole stream, without any window. */
function directFold(events: LiveEvent[], reader: number) {
  const sorted = [...events].sort((a, b) => a.seq - b.seq);
  const weights: Record<number, number> = {};
  const online: Record<number, number> = {};
  const warnings = new Map<number, WarningPayload>();
  const unread = new Map<number, Set<number>>();
  for (const { type, payload } of sorted) {
    if (type === 'storage.weight') weights[(payload as StorageWeightPayload).storageId] = (payload as StorageWeightPayload).currentWeight;
    if (type === 'device.state') online[(payload as DeviceStatePayload).deviceId] = (payload as DeviceStatePayload).onlineState;
    if (type === 'warning.raised' || type === 'warning.updated') warnings.set((payload as WarningPayload).id, payload as WarningPayload);
    if (type === 'chat.message') {
      const m = payload as ChatMessagePayload;
      if (m.toUserId === reader && !m.isRead) {
        if (!unread.has(m.fromUserId)) unread.set(m.fromUserId, new Set());
        unread.get(m.fromUserId)!.add(m.id);
      }
    }
    if (type === 'chat.read') {
      const r = payload as ChatReadPayload;
      if (r.toUserId === reader) for (const id of [...(unread.get(r.fromUserId) ?? [])]) if (id <= r.upToId) unread.get(r.fromUserId)!.delete(id);
    }
  }
  const open = [...warnings.values()].filter((w) => w.status !== 2).sort(compareWarnings).map((w) => w.id);
  const counts: Record<number, number> = {};
  for (const [sender, ids] of unread) if (ids.size > 0) counts[sender] = ids.size;
  return { weights, online, open, counts };
}

function views(state: State) {
  const weights: Record<number, number> = {};
  for (const [id, s] of Object.entries(selectStorageWeights(state))) weights[Number(id)] = s.currentWeight;
  const online: Record<number, number> = {};
  for (const [id, d] of Object.entries(selectDeviceStates(state))) online[Number(id)] = d.onlineState;
  return { weights, online, open: selectOpenWarnings(state).map((w) => w.id), counts: selectChatUnreadBySender(state) };
}

describe('live views', () => {
  it('stay right when 10,000 events go through the 2,000-event window, arriving in shuffled batches', () => {
    // Busy at first everywhere, then only a few entities and users stay active: the rest live on in the base alone.
    const events = [
      ...syntheticLiveEvents(3_000, { seed: 7, users: 4 }),
      ...syntheticLiveEvents(7_000, { seed: 8, startSeq: 3_001, storages: 3, devices: 3, warnings: 3, users: 2, idOffset: 100_000 }),
    ];
    // Late arrivals within blocks of 20 (never later than the eviction horizon).
    const arrival: LiveEvent[] = [];
    for (let i = 0; i < events.length; i += 20) arrival.push(...events.slice(i, i + 20).reverse());
    let state = stateAfter([]);
    for (let i = 0; i < arrival.length; i += 7) state = reducer(state, received(...arrival.slice(i, i + 7)));

    const { stats, events: window } = state.eventLog;
    expect(window.length).toBeLessThanOrEqual(LOG_LIMIT);
    expect(stats).toEqual({ received: 10_000, duplicates: 0, evicted: 10_000 - window.length });
    expect(state.eventLog.lastSeq).toBe(10_000);
    for (const reader of [1, 2, 3, 4]) {
      const as = reducer(state, sessionLoaded({ ...TENANT_SESSION, user: { ...TENANT_SESSION.user!, id: reader } }));
      const expected = directFold(events, reader);
      // The stream must exercise every view, or the comparison proves little.
      expect(Object.keys(expected.weights).length).toBeGreaterThan(30);
      expect(expected.open.length).toBeGreaterThan(10);
      expect(Object.values(expected.counts).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      expect([reader, views(as)]).toEqual([reader, expected]);
    }
  });

  it('give the same views however the stream was cut into batches, and after the same events come again', () => {
    const events = syntheticLiveEvents(5_000, { seed: 3 });
    const whole = stateAfter([received(...events)]);
    let pieces = stateAfter([]);
    for (let i = 0; i < events.length; i += 250) pieces = reducer(pieces, received(...events.slice(i, i + 250)));
    const again = stateAfter([received(...events.slice(4_000)), liveCatchUpLoaded(page(events.slice(2_500), 5_000))], pieces);
    expect(views(pieces)).toEqual(views(whole));
    expect(views(again)).toEqual(views(whole));
    expect(again.eventLog.stats.duplicates).toBe(1_000 + 2_500);
  });

  it('do not let a stale event overwrite a fresher snapshot, in the window or once folded', () => {
    let state = stateAfter([received(weightEvent(1, 7, 100), deviceEvent(2, 7, 1))]);
    state = stateAfter([
      storageSnapshotLoaded({ seq: 5, items: [{ storageId: 7, deviceId: 7, enterpriseId: 1, currentWeight: 500, capacity: 1000, fillRatio: 0.5, lastChangeTime: '2025-01-01T00:00:05' }] }),
      devicesSnapshotLoaded({ seq: 5, items: [deviceEvent(0, 7, 0).payload] }),
    ], state);
    expect(selectStorageWeights(state)[7]).toMatchObject({ currentWeight: 500, seq: 5 });
    expect(selectDeviceStates(state)[7].onlineState).toBe(0);

    // Events 3 and 4 happened before the snapshot was read (it reflects them); they arrive late.
    state = stateAfter([received(weightEvent(4, 7, 300)), received(weightEvent(3, 7, 200))], state);
    expect(selectStorageWeights(state)[7].currentWeight).toBe(500);
    state = stateAfter([received(weightEvent(6, 7, 650))], state);
    expect(selectStorageWeights(state)[7].currentWeight).toBe(650);

    // Push everything through the base: folding the old events there changes nothing either.
    state = stateAfter([received(...plainEvents(7, LOG_LIMIT + 10))], state);
    expect(state.eventLog.foldedSeq).toBeGreaterThan(6);
    expect(selectStorageWeights(state)[7].currentWeight).toBe(650);
    expect(selectDeviceStates(state)[7].onlineState).toBe(0);

    // A snapshot older than what the base holds is ignored.
    state = stateAfter([storageSnapshotLoaded({ seq: 5, items: [{ ...selectStorageWeights(state)[7], currentWeight: 1 }] })], state);
    expect(selectStorageWeights(state)[7].currentWeight).toBe(650);
  });

  it('list open and acknowledged warnings by severity, then newest; a complete snapshot drops the rest', () => {
    const raisedAt = (h: number) => `2025-01-01T0${h}:00:00`;
    let state = stateAfter([received(
      warningEvent(1, 10, { warningType: 1, raisedAt: raisedAt(1) }), // battery
      warningEvent(2, 11, { warningType: 4, raisedAt: raisedAt(1) }), // reduction
      warningEvent(3, 12, { warningType: 7, raisedAt: raisedAt(2) }), // offline
      warningEvent(4, 13, { warningType: 4, raisedAt: raisedAt(3), status: 1 }), // reduction, newer, acknowledged
      warningEvent(5, 14, { warningType: 3, raisedAt: raisedAt(1) }), // over capacity
      warningEvent(6, 15, { warningType: 2 }),
      warningEvent(7, 15, { warningType: 2, status: 2 }), // closed
    )]);
    expect(selectOpenWarnings(state).map((w) => w.id)).toEqual([13, 11, 14, 12, 10]);

    // The list screen read all open warnings at seq 9: 12 was closed meanwhile (its event was lost to this client).
    state = stateAfter([warningsSnapshotLoaded({
      seq: 9, complete: true,
      items: [warning(10, { warningType: 1, occurrences: 4 }), warning(11, { warningType: 4 }), warning(13, { warningType: 4, status: 1 }), warning(14, { warningType: 3 })],
    })], state);
    expect(selectOpenWarnings(state).map((w) => w.id)).toEqual([13, 11, 14, 10]);
    expect(selectOpenWarnings(state).find((w) => w.id === 10)?.occurrences).toBe(4);
    // The answer to an acknowledge, read after the list with no event in between, carries the same tag: it wins.
    state = stateAfter([warningsSnapshotLoaded({ seq: 9, items: [warning(10, { warningType: 1, occurrences: 4, status: 1, acknowledgedBy: 'admin' })] })], state);
    expect(selectOpenWarnings(state).find((w) => w.id === 10)).toMatchObject({ status: 1, acknowledgedBy: 'admin' });
    // Snapshots older than the complete one are ignored.
    state = stateAfter([warningsSnapshotLoaded({ seq: 8, items: [warning(12, { warningType: 7 })] })], state);
    expect(selectOpenWarnings(state).map((w) => w.id)).toEqual([13, 11, 14, 10]);
    // An older event about 12 arriving late does not bring it back; a newer one does.
    state = stateAfter([received(warningEvent(8, 12, { warningType: 7 }))], state);
    expect(selectOpenWarnings(state).map((w) => w.id)).toEqual([13, 11, 14, 10]);
    state = stateAfter([received(warningEvent(10, 12, { warningType: 7, occurrences: 2 }))], state);
    expect(selectOpenWarnings(state).map((w) => w.id)).toEqual([13, 11, 14, 12, 10]);
  });

  it('count the current user\'s unread messages per sender: snapshot, new messages, minus what they read', () => {
    const OTHER = 9;
    let state = stateAfter([chatUnreadLoaded({ userId: ME, counts: { 5: 3 }, seq: 4 })]);
    expect(selectChatUnreadBySender(state)).toEqual({ 5: 3 });
    state = stateAfter([received(
      chatMessage(3, { id: 30, from: 5, to: ME }), // counted by the snapshot already
      chatMessage(5, { id: 31, from: 6, to: ME }),
      chatMessage(6, { id: 32, from: 6, to: ME }),
      chatMessage(7, { id: 33, from: 5, to: OTHER }), // not to me
      chatMessage(8, { id: 34, from: ME, to: 6 }), // from me
      chatMessage(9, { id: 35, from: 7, to: ME, isRead: true }),
    )], state);
    expect(selectChatUnreadBySender(state)).toEqual({ 5: 3, 6: 2 });

    state = stateAfter([received(chatRead(10, { reader: ME, sender: 5, upToId: 33 }), chatRead(11, { reader: ME, sender: 6, upToId: 31 }),
      chatRead(12, { reader: 6, sender: ME, upToId: 34 }))], state);
    expect(selectChatUnreadBySender(state)).toEqual({ 6: 1 });
  });

  it('recompute a view only when events of its own kind arrive', () => {
    let state = stateAfter([received(weightEvent(1, 1, 10), chatMessage(2, { id: 1, from: 5, to: ME }))]);
    const weights = selectStorageWeights(state);
    const unread = selectChatUnreadBySender(state);
    state = stateAfter([received(chatMessage(3, { id: 2, from: 5, to: ME }))], state);
    expect(selectStorageWeights(state)).toBe(weights);
    expect(selectChatUnreadBySender(state)).not.toBe(unread);
    state = stateAfter([received(weightEvent(4, 1, 20))], state);
    expect(selectStorageWeights(state)).not.toBe(weights);
    expect(selectStorageWeights(state)[1].currentWeight).toBe(20);
  });

  it('give chart points per storage point and the seq to tag a snapshot with', () => {
    const state = stateAfter([received(weightEvent(1, 1, 10), weightEvent(2, 2, 5), weightEvent(6, 1, 12))]);
    expect(selectWeightPointsByStorage(state)[1].map((p) => [p.seq, p.weight])).toEqual([[1, 10], [6, 12]]);
    expect(state.eventLog.lastSeq).toBe(2);
    expect(selectSnapshotSeq(state)).toBe(6);
  });
});
