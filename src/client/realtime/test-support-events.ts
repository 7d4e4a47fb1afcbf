// Builders of live events for the realtime tests.
import type {
  ChatMessagePayload, ChatReadPayload, DeviceStatePayload, EventsAfterResult, InventoryChangedPayload, LiveEvent, NoticePayload,
  StorageWeightPayload, TransferChangedPayload, WarningPayload, LiveFrame,
} from '../../shared/live/events';

const at = (seq: number) => new Date(Date.UTC(2025, 0, 1) + seq * 1000).toISOString().slice(0, 23);

export function weightEvent(seq: number, storageId: number, currentWeight: number): LiveEvent<StorageWeightPayload> {
  return {
    seq, type: 'storage.weight', at: at(seq), enterpriseIds: [1],
    payload: {
      storageId, deviceId: storageId, enterpriseId: 1, currentWeight, capacity: 1000, fillRatio: currentWeight / 1000,
      delta: 0, lastChangeTime: at(seq), reason: 'reading',
    },
  };
}

export function deviceEvent(seq: number, deviceId: number, onlineState: number): LiveEvent<DeviceStatePayload> {
  return {
    seq, type: 'device.state', at: at(seq), enterpriseIds: [1],
    payload: { deviceId, serialNumber: `SN-${deviceId}`, enterpriseId: 1, onlineState, runningState: 0, lastHeartbeat: at(seq) },
  };
}

export function warning(id: number, fields: Partial<WarningPayload> = {}): WarningPayload {
  return {
    id, smartequipmentId: 1, serialNumber: 'SN-1', enterpriseId: 1, storageId: 1, warningType: 1, value: null,
    threshold: null, quantity: null, raisedAt: '2025-01-01T00:00:00', lastSeenAt: '2025-01-01T00:00:00', occurrences: 1,
    status: 0, acknowledgedBy: null, acknowledgedAt: null, acknowledgeNote: null, closedBy: null, closedAt: null,
    closeNote: null, ...fields,
  };
}

export function warningEvent(seq: number, id: number, fields: Partial<WarningPayload> = {}): LiveEvent<WarningPayload> {
  return { seq, type: 'warning.updated', at: at(seq), enterpriseIds: [1], payload: warning(id, fields) };
}

export function chatMessage(seq: number, m: { id: number; from: number; to: number; isRead?: boolean }): LiveEvent<ChatMessagePayload> {
  return {
    seq, type: 'chat.message', at: at(seq), enterpriseIds: null,
    payload: {
      id: m.id, fromUserId: m.from, fromUserName: `u${m.from}`, toUserId: m.to, content: 'hi', messageType: 0, fileId: null,
      fileName: null, isRead: m.isRead ?? false, creationTime: at(seq),
    },
  };
}

export function chatRead(seq: number, r: { reader: number; sender: number; upToId: number }): LiveEvent<ChatReadPayload> {
  return {
    seq, type: 'chat.read', at: at(seq), enterpriseIds: null,
    payload: { toUserId: r.reader, fromUserId: r.sender, upToId: r.upToId, readTime: at(seq) },
  };
}

/** An order's change as the server records it (a dispatch by the transporter unless told otherwise). */
export function transferEvent(seq: number, change: Partial<TransferChangedPayload> & { id: number; version: number }): LiveEvent<TransferChangedPayload> {
  return {
    seq, type: 'transfer.changed', at: at(seq), enterpriseIds: [1, 2, 3],
    payload: {
      manifestNo: `ZY-${change.id}`, action: 'dispatch', party: 'transporter', from: null, to: null, declareStatus: 0, dispatchStatus: 1,
      signStatus: 0, producerId: 1, transporterId: 2, receiverId: 3, plannedDate: '2026-11-20', totalQuantity: 1.5,
      receivedQuantity: null, userName: 'clerk', ...change,
    },
  };
}

export function inventoryEvent(seq: number, enterpriseIds: number[]): LiveEvent<InventoryChangedPayload> {
  return { seq, type: 'inventory.changed', at: at(seq), enterpriseIds, payload: { enterpriseIds } };
}

export function noticeEvent(seq: number, notice: Partial<NoticePayload> & { id: number }): LiveEvent<NoticePayload> {
  return {
    seq, type: 'notice.created', at: at(seq), enterpriseIds: null,
    payload: { type: 0, title: `notice ${notice.id}`, description: '', isRead: false, creationTime: at(seq), category: null, ...notice },
  };
}

/** A transfer change: an event with no projected state, to fill seqs. */
function plainEvent(seq: number): LiveEvent {
  return { seq, type: 'transfer.changed', at: at(seq), enterpriseIds: [1], payload: { id: seq } };
}

export const plainEvents = (from: number, to: number): LiveEvent[] =>
  Array.from({ length: to - from + 1 }, (_, i) => plainEvent(from + i));

export const page = (items: LiveEvent[], head: number, hasMore = false): EventsAfterResult => ({ items, head, hasMore });

/** A hub frame of these events: by default from just below the first to the last. */
export const frame = (events: LiveEvent[], after = (events[0]?.seq ?? 1) - 1, upTo = events[events.length - 1]?.seq ?? after): LiveFrame =>
  ({ after, upTo, events });
