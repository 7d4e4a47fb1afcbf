import type {
  ChatMessagePayload, ChatReadPayload, DeviceStatePayload, LiveEvent, ReadingPayload, StorageWeightPayload,
  WarningPayload,
} from '../../shared/live/events';
import { mulberry32 } from '../../shared/util/random';
import { DEFAULT_TIME_ZONE, formatInstant } from '../../shared/time';

/**
 * Deterministic synthetic event streams for tests and the bench: a tenant with storage points, devices, warnings that
 * open, get acknowledged and close, and chat between a few users. Plain data, no DOM.
 */
interface SyntheticOptions {
  /** Seq of the first event; the rest follow contiguously. Default 1. */
  startSeq?: number;
  storages?: number;
  devices?: number;
  /** Warning ids in play at once. */
  warnings?: number;
  /** Users chatting with each other (ids 1..users). */
  users?: number;
  seed?: number;
  /** Added to warning and message ids, so streams generated apart can be joined without their ids meeting. */
  idOffset?: number;
}


/** Times as the server writes them: ISO 8601 on the tenant's clock, with its offset. */
const iso = (ms: number) => formatInstant(ms, DEFAULT_TIME_ZONE);

export function syntheticLiveEvents(count: number, options: SyntheticOptions = {}): LiveEvent[] {
  const { startSeq = 1, storages = 40, devices = 25, warnings = 30, users = 4, seed = 1, idOffset = 0 } = options;
  const next = mulberry32(seed);
  const pick = (n: number) => 1 + Math.floor(next() * n);
  const weights = new Map<number, number>();
  const warningState = new Map<number, WarningPayload>();
  let warningGeneration = idOffset;
  let messageId = idOffset;
  const t0 = Date.UTC(2025, 0, 1);
  const events: LiveEvent[] = [];
  for (let i = 0; i < count; i++) {
    const seq = startSeq + i;
    const at = iso(t0 + seq * 1000);
    const roll = next();
    let event: LiveEvent;
    if (roll < 0.35) {
      const storageId = pick(storages);
      const before = weights.get(storageId) ?? 0;
      const currentWeight = Math.round(Math.max(0, before + (next() - 0.3) * 50) * 1000) / 1000;
      weights.set(storageId, currentWeight);
      const payload: StorageWeightPayload = {
        storageId, deviceId: storageId, enterpriseId: 1 + (storageId % 3), currentWeight, capacity: 1000,
        fillRatio: currentWeight / 1000, delta: currentWeight - before, lastChangeTime: at, reason: 'reading',
      };
      event = { seq, type: 'storage.weight', at, enterpriseIds: [payload.enterpriseId], payload };
    } else if (roll < 0.5) {
      const deviceId = pick(devices);
      const payload: DeviceStatePayload = {
        deviceId, serialNumber: `SN-${deviceId}`, enterpriseId: 1 + (deviceId % 3), onlineState: next() < 0.8 ? 0 : 1,
        runningState: next() < 0.9 ? 0 : 1, lastHeartbeat: at,
      };
      event = { seq, type: 'device.state', at, enterpriseIds: [payload.enterpriseId], payload };
    } else if (roll < 0.7) {
      const slot = pick(warnings);
      const current = warningState.get(slot);
      let payload: WarningPayload;
      if (!current || current.status === 2) {
        warningGeneration += 1;
        payload = {
          id: warningGeneration, smartequipmentId: pick(devices), serialNumber: `SN-${slot}`, enterpriseId: 1 + (slot % 3),
          storageId: pick(storages), warningType: pick(7), value: Math.round(next() * 100), threshold: 50, quantity: null,
          raisedAt: at, lastSeenAt: at, occurrences: 1, status: 0, acknowledgedBy: null, acknowledgedAt: null,
          acknowledgeNote: null, closedBy: null, closedAt: null, closeNote: null,
        };
      } else {
        const status = next() < 0.4 ? 2 : next() < 0.5 ? 1 : current.status;
        payload = { ...current, lastSeenAt: at, occurrences: current.occurrences + 1, status, closedAt: status === 2 ? at : null };
      }
      warningState.set(slot, payload);
      const type = payload.occurrences === 1 ? 'warning.raised' : 'warning.updated';
      event = { seq, type, at, enterpriseIds: [payload.enterpriseId], payload };
    } else if (roll < 0.85) {
      const fromUserId = pick(users);
      const toUserId = 1 + (fromUserId % users);
      messageId += 1;
      const payload: ChatMessagePayload = {
        id: messageId, fromUserId, fromUserName: `user${fromUserId}`, toUserId, content: `m${messageId}`, messageType: 0,
        fileId: null, fileName: null, isRead: false, creationTime: at,
      };
      event = { seq, type: 'chat.message', at, enterpriseIds: null, payload };
    } else if (roll < 0.9) {
      const toUserId = pick(users);
      const fromUserId = toUserId === 1 ? users : toUserId - 1;
      // Read up to a recent message: the newest few may still be unread.
      const payload: ChatReadPayload = { toUserId, fromUserId, upToId: messageId - Math.floor(next() * 8), readTime: at };
      event = { seq, type: 'chat.read', at, enterpriseIds: null, payload };
    } else {
      const deviceId = pick(devices);
      const payload: ReadingPayload = {
        deviceId, storageId: deviceId, readAt: at, weight: weights.get(deviceId) ?? 0, battery: Math.round(next() * 100),
        temperature: 20, latitude: 31.2, longitude: 121.4,
      };
      event = { seq, type: 'reading', at, enterpriseIds: null, payload };
    }
    events.push(event);
  }
  return events;
}
