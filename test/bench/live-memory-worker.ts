// Run with --expose-gc in its own process (live-memory.ts spawns it): the client's live store fed 100,000 pushed
// events in hub-sized batches, heap measured after collection, against the same events simply kept (an unbounded log).
import { configureStore } from '@reduxjs/toolkit';
import { eventLogReducer } from '../../src/client/realtime/eventLog';
import { liveCatchUpLoaded, liveEventsReceived } from '../../src/client/realtime/liveActions';
import {
  selectDeviceStates, selectOpenWarnings, selectStorageWeights,
} from '../../src/client/realtime/liveSelectors';
import { syntheticLiveEvents } from '../../src/client/realtime/synthetic';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

function heapMb(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

const total = Number(process.argv[2] ?? 100_000);
const batch = Number(process.argv[3] ?? 20);
const events = syntheticLiveEvents(total, { storages: 200, devices: 200, warnings: 100, users: 20 });
const streamMb = heapMb();

const store = configureStore({ reducer: { eventLog: eventLogReducer }, middleware: (d) => d({ serializableCheck: false, immutableCheck: false }) });
store.dispatch(liveCatchUpLoaded({ items: [], head: 0, hasMore: false }));
const emptyStoreMb = heapMb();
const checkpoints: Array<{ events: number; heapMb: number; window: number }> = [];
const started = performance.now();
let selectorMs = 0;
for (let i = 0; i < events.length; i += batch) {
  // Fresh objects, as each hub frame is parsed into: the window then holds its own copies, measured as the store's.
  store.dispatch(liveEventsReceived(JSON.parse(JSON.stringify(events.slice(i, i + batch))) as typeof events));
  // A screen re-derives its views after each push: time what the selectors cost along the way.
  const before = performance.now();
  const state = store.getState();
  selectStorageWeights(state);
  selectDeviceStates(state);
  selectOpenWarnings(state);
  selectorMs += performance.now() - before;
  const fed = i + batch;
  if (fed % 25_000 === 0 || fed >= events.length) {
    checkpoints.push({ events: Math.min(fed, events.length), heapMb: heapMb() - streamMb, window: store.getState().eventLog.events.length });
  }
}
const feedMs = performance.now() - started;
const state = store.getState().eventLog;

// The same events held in a plain array: what the store would weigh if the log were not bounded.
const kept = events.map((e) => structuredClone(e));
const unboundedMb = heapMb() - streamMb - (checkpoints[checkpoints.length - 1]?.heapMb ?? 0);
void kept.length;

process.stdout.write(JSON.stringify({
  events: total, batch,
  storeMb: { empty: emptyStoreMb - streamMb, checkpoints },
  unboundedMb,
  window: state.events.length, lastSeq: state.lastSeq, stats: state.stats,
  feedMsPerEvent: feedMs / total, selectorMsPerBatch: selectorMs / Math.ceil(total / batch),
  views: {
    storages: Object.keys(selectStorageWeights({ eventLog: state })).length,
    openWarnings: selectOpenWarnings({ eventLog: state }).length,
  },
}));
