import { createAction } from '@reduxjs/toolkit';
import type { DeviceStatePayload, EventsAfterResult, LiveEvent, LiveFrame, WarningPayload } from '../../shared/live/events';
import type { StorageSnapshotRow } from './projection';

/** A hub push of events (the hub saga dispatches it; the log drops what it already holds). */
export const liveEventsReceived = createAction<LiveEvent[]>('live/eventsReceived');
/**
 * A hub frame: its events, and (when it starts where the log's coverage ends, or below) coverage up to its `upTo`;
 * one that starts above it proves a gap.
 */
export const liveFrameReceived = createAction<LiveFrame>('live/frameReceived');
/** One page of `Events/GetEventsAfter`: its events, and (when it was the last page) everything up to `head` is covered. */
export const liveCatchUpLoaded = createAction<EventsAfterResult>('live/catchUpLoaded');
/**
 * The events the log accepted as new, ascending seq, dispatched right after the log took them: what other slices and
 * sagas react to (never the raw pushes, which may repeat events).
 */
export const liveEventsApplied = createAction<LiveEvent[]>('live/eventsApplied');

/**
 * REST snapshots, tagged with `seq` = `selectSnapshotSeq` read BEFORE the request was sent. `complete: true` when the
 * rows are every entity of the kind the user may see (not a filtered page): entities missing from them are dropped.
 */
interface SnapshotPayload<Row> {
  items: Row[];
  seq: number;
  complete?: boolean;
}
export const storageSnapshotLoaded = createAction<SnapshotPayload<StorageSnapshotRow>>('live/storageSnapshotLoaded');
export const devicesSnapshotLoaded = createAction<SnapshotPayload<DeviceStatePayload>>('live/devicesSnapshotLoaded');
export const warningsSnapshotLoaded = createAction<SnapshotPayload<WarningPayload>>('live/warningsSnapshotLoaded');
/** The reader's unread message counts by sender user id (senders not named have none). */
export const chatUnreadLoaded = createAction<{ userId: number; counts: Record<number, number>; seq: number }>('live/chatUnreadLoaded');
