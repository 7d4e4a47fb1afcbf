import type {
  ChatMessagePayload, ChatReadPayload, DeviceStatePayload, LiveEvent, StorageWeightPayload, WarningPayload,
} from '../../shared/live/events';
import { warningStatus } from '../../shared/enums';

/**
 * The live state the screens show, as folded from snapshots and events. Every entity remembers the seq it was last set
 * at and an event only applies when it is newer: a stale event cannot overwrite a fresher snapshot, and folding the
 * same event twice changes nothing. The same apply functions serve the store's `base` (evicted events) and the
 * selectors (the window folded over the base), so both agree by construction.
 */

/** A storage point's weight as the screens show it: the event's state without what only explains the change. */
export type StorageWeight = Omit<StorageWeightPayload, 'delta' | 'reason' | 'userName' | 'note'> & { seq: number };
export type StorageSnapshotRow = Omit<StorageWeight, 'seq'>;

export type DeviceState = DeviceStatePayload & { seq: number };
export type LiveWarning = WarningPayload & { seq: number };

/** One reader's unread messages from one sender. */
export interface ChatUnread {
  seq: number;
  /** Unread messages counted by the last snapshot (their ids are unknown). */
  count: number;
  /** Unread messages seen as events since. */
  ids: number[];
}

/** Per kind, the seq of the last complete snapshot: anything older is already in it or was superseded. */
interface ProjectionFloors {
  storages: number;
  devices: number;
  warnings: number;
  /** By reader. */
  chat: Record<number, number>;
}

export interface LiveProjection {
  storages: Record<number, StorageWeight>;
  devices: Record<number, DeviceState>;
  /** Warnings not closed (open or acknowledged). */
  warnings: Record<number, LiveWarning>;
  /** Closed warning id → seq it closed at, so an older "open" event cannot bring it back. */
  closedWarnings: Record<number, number>;
  /** Reader → sender → unread. */
  chat: Record<number, Record<number, ChatUnread>>;
  floors: ProjectionFloors;
}

export const emptyProjection = (): LiveProjection => ({
  storages: {},
  devices: {},
  warnings: {},
  closedWarnings: {},
  chat: {},
  floors: { storages: 0, devices: 0, warnings: 0, chat: {} },
});

/**
 * Closed-warning tombstones kept at most; beyond, the older half is dropped and the warnings floor raised to the
 * newest dropped one. Old events for those ids no longer apply, but those are long folded duplicates anyway.
 */
const TOMBSTONE_LIMIT = 256;

function pruneTombstones(projection: LiveProjection): void {
  if (Object.keys(projection.closedWarnings).length <= TOMBSTONE_LIMIT) return;
  const entries = Object.entries(projection.closedWarnings);
  entries.sort((a, b) => a[1] - b[1]);
  const dropped = entries.slice(0, entries.length - TOMBSTONE_LIMIT / 2);
  projection.closedWarnings = Object.fromEntries(entries.slice(dropped.length));
  projection.floors = { ...projection.floors, warnings: Math.max(projection.floors.warnings, dropped[dropped.length - 1][1]) };
}

// The apply functions mutate the maps they are given (never the entities in them): callers pass copies.

export function applyStorageEvent(storages: Record<number, StorageWeight>, floor: number, event: LiveEvent): void {
  if (event.type !== 'storage.weight') return;
  const p = event.payload as StorageWeightPayload;
  if (event.seq <= floor || event.seq <= (storages[p.storageId]?.seq ?? 0)) return;
  storages[p.storageId] = {
    storageId: p.storageId,
    deviceId: p.deviceId,
    enterpriseId: p.enterpriseId,
    currentWeight: p.currentWeight,
    capacity: p.capacity,
    fillRatio: p.fillRatio,
    lastChangeTime: p.lastChangeTime,
    seq: event.seq,
  };
}

export function applyDeviceEvent(devices: Record<number, DeviceState>, floor: number, event: LiveEvent): void {
  if (event.type !== 'device.state') return;
  const p = event.payload as DeviceStatePayload;
  if (event.seq <= floor || event.seq <= (devices[p.deviceId]?.seq ?? 0)) return;
  devices[p.deviceId] = { ...p, seq: event.seq };
}

export function applyWarningEvent(
  open: Record<number, LiveWarning>, closed: Record<number, number>, floor: number, event: LiveEvent,
): void {
  if (event.type !== 'warning.raised' && event.type !== 'warning.updated') return;
  const w = event.payload as WarningPayload;
  if (event.seq <= Math.max(floor, open[w.id]?.seq ?? 0, closed[w.id] ?? 0)) return;
  if (w.status === warningStatus.closed) {
    delete open[w.id];
    closed[w.id] = event.seq;
  } else {
    open[w.id] = { ...w, seq: event.seq };
    delete closed[w.id];
  }
}

/**
 * chat.message to a reader adds an unread id; chat.read by the reader drops the ids up to `upToId` and the snapshot's
 * count (a read marks the conversation read up to its newest message, which is newer than any the snapshot counted).
 */
export function applyChatEvent(
  chat: Record<number, Record<number, ChatUnread>>, floors: Record<number, number>, event: LiveEvent,
): void {
  let reader: number;
  let sender: number;
  if (event.type === 'chat.message') {
    const p = event.payload as ChatMessagePayload;
    reader = p.toUserId;
    sender = p.fromUserId;
  } else if (event.type === 'chat.read') {
    const p = event.payload as ChatReadPayload;
    reader = p.toUserId;
    sender = p.fromUserId;
  } else {
    return;
  }
  const entry = chat[reader]?.[sender];
  if (event.seq <= (floors[reader] ?? 0) || event.seq <= (entry?.seq ?? 0)) return;
  let next: ChatUnread;
  if (event.type === 'chat.message') {
    const p = event.payload as ChatMessagePayload;
    const ids = entry?.ids ?? [];
    next = { seq: event.seq, count: entry?.count ?? 0, ids: p.isRead || ids.includes(p.id) ? ids : [...ids, p.id] };
  } else {
    const p = event.payload as ChatReadPayload;
    next = { seq: event.seq, count: 0, ids: (entry?.ids ?? []).filter((id) => id > p.upToId) };
  }
  // The inner map may be shared with the state the caller copied from: replace it rather than write into it.
  chat[reader] = { ...chat[reader], [sender]: next };
}

/** A new projection with `events` (ascending seq) folded in; untouched maps are shared with `base`. */
export function foldProjection(base: LiveProjection, events: readonly LiveEvent[]): LiveProjection {
  if (events.length === 0) return base;
  const next: LiveProjection = { ...base };
  const copied = new Set<keyof LiveProjection>();
  const writable = <K extends 'storages' | 'devices' | 'warnings' | 'closedWarnings' | 'chat'>(key: K): LiveProjection[K] => {
    if (!copied.has(key)) {
      copied.add(key);
      next[key] = { ...base[key] };
    }
    return next[key];
  };
  const { floors } = base;
  for (const event of events) {
    switch (event.type) {
      case 'storage.weight':
        applyStorageEvent(writable('storages'), floors.storages, event);
        break;
      case 'device.state':
        applyDeviceEvent(writable('devices'), floors.devices, event);
        break;
      case 'warning.raised':
      case 'warning.updated':
        applyWarningEvent(writable('warnings'), writable('closedWarnings'), floors.warnings, event);
        break;
      case 'chat.message':
      case 'chat.read':
        applyChatEvent(writable('chat'), floors.chat, event);
        break;
      default:
        // Readings, transfer changes and notices have no projected state; the window keeps them for the screens.
        break;
    }
  }
  if (copied.has('closedWarnings')) pruneTombstones(next);
  return next;
}

// --- Snapshots --------------------------------------------------------------------------------------------------

/**
 * Rows a screen read over REST, tagged with the log's seq taken before the request: each row replaces its entity
 * unless the entity holds something newer. On a tie the snapshot wins: it was read after the event of that seq
 * arrived, or after an earlier snapshot with the same tag. A snapshot older than its kind's floor (a complete
 * snapshot, or dropped tombstones) is ignored. `complete` says the rows are every entity of the kind the user may
 * see: entities missing from them are gone, and events up to `seq` no longer apply.
 */
function snapshotEntities<T extends { seq: number }>(
  current: Record<number, T>, rows: readonly Omit<T, 'seq'>[], keyOf: (row: Omit<T, 'seq'>) => number, seq: number,
  complete: boolean, newerElsewhere: (id: number) => boolean = () => false,
): Record<number, T> {
  const next: Record<number, T> = { ...current };
  const listed = new Set<number>();
  for (const row of rows) {
    const id = keyOf(row);
    listed.add(id);
    if ((current[id]?.seq ?? 0) > seq || newerElsewhere(id)) continue;
    next[id] = { ...row, seq } as T;
  }
  if (complete) {
    for (const [key, entity] of Object.entries(current)) {
      if (!listed.has(Number(key)) && entity.seq <= seq) delete next[Number(key)];
    }
  }
  return next;
}

export function withStorageSnapshot(base: LiveProjection, rows: readonly StorageSnapshotRow[], seq: number, complete: boolean): LiveProjection {
  if (seq < base.floors.storages) return base;
  return {
    ...base,
    storages: snapshotEntities<StorageWeight>(base.storages, rows, (r) => r.storageId, seq, complete),
    floors: complete ? { ...base.floors, storages: Math.max(base.floors.storages, seq) } : base.floors,
  };
}

export function withDeviceSnapshot(base: LiveProjection, rows: readonly DeviceStatePayload[], seq: number, complete: boolean): LiveProjection {
  if (seq < base.floors.devices) return base;
  return {
    ...base,
    devices: snapshotEntities<DeviceState>(base.devices, rows, (r) => r.deviceId, seq, complete),
    floors: complete ? { ...base.floors, devices: Math.max(base.floors.devices, seq) } : base.floors,
  };
}

export function withWarningSnapshot(base: LiveProjection, rows: readonly WarningPayload[], seq: number, complete: boolean): LiveProjection {
  if (seq < base.floors.warnings) return base;
  const closedAfter = (id: number) => (base.closedWarnings[id] ?? 0) > seq;
  const open = snapshotEntities<LiveWarning>(base.warnings, rows.filter((r) => r.status !== warningStatus.closed), (r) => r.id, seq, complete, closedAfter);
  const closedWarnings = { ...base.closedWarnings };
  for (const row of rows) {
    if (row.status !== warningStatus.closed || (base.warnings[row.id]?.seq ?? 0) > seq || (closedWarnings[row.id] ?? 0) > seq) continue;
    delete open[row.id];
    closedWarnings[row.id] = seq;
  }
  if (complete) {
    // The floor now guards every id up to `seq`: older tombstones are no longer needed.
    for (const [key, closedAt] of Object.entries(closedWarnings)) if (closedAt <= seq) delete closedWarnings[Number(key)];
  }
  return {
    ...base,
    warnings: open,
    closedWarnings,
    floors: complete ? { ...base.floors, warnings: Math.max(base.floors.warnings, seq) } : base.floors,
  };
}

/** A reader's unread counts by sender at `seq`; senders not named have none. */
export function withChatSnapshot(base: LiveProjection, reader: number, counts: Record<number, number>, seq: number): LiveProjection {
  if (seq < (base.floors.chat[reader] ?? 0)) return base;
  const current = base.chat[reader] ?? {};
  const next: Record<number, ChatUnread> = {};
  for (const [key, entry] of Object.entries(current)) if (entry.seq > seq) next[Number(key)] = entry;
  for (const [key, count] of Object.entries(counts)) {
    const sender = Number(key);
    if (next[sender] || count <= 0) continue;
    next[sender] = { seq, count, ids: [] };
  }
  return {
    ...base,
    chat: { ...base.chat, [reader]: next },
    floors: { ...base.floors, chat: { ...base.floors.chat, [reader]: Math.max(base.floors.chat[reader] ?? 0, seq) } },
  };
}
