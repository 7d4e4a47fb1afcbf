/**
 * The live event contract, read by both sides. Every change a client watches is persisted as one event with a
 * per-tenant, strictly increasing `seq`, pushed on the hub in batches, and can be fetched again with
 * `Events/GetEventsAfter`. Payloads carry absolute state (the weight now, the whole warning), never deltas alone, so
 * folding an event twice or after a fresher snapshot changes nothing. Every instant an event carries, `at` and those in
 * its payload, is ISO 8601 written on the tenant's clock with its offset (`2026-11-28T00:41:09+08:00`); every day is a
 * day of the tenant's calendar.
 */

import type { PermissionName } from '../permissions';

/** What the event is about; decides who may see it together with its audience. */
export type EventTopic = 'monitoring' | 'transfer' | 'inventory' | 'recycling' | 'chat' | 'notice';

export type LiveEventType =
  | 'reading'
  | 'storage.weight'
  | 'warning.raised'
  | 'warning.updated'
  | 'device.state'
  | 'transfer.changed'
  | 'inventory.changed'
  | 'exchange.slots'
  | 'points.balance'
  | 'recycling.record'
  | 'notice.created'
  | 'chat.message'
  | 'chat.read'
  | 'chat.notice';

export interface LiveEvent<P = unknown> {
  seq: number;
  type: LiveEventType;
  /** The instant the event was written (the writing transaction's clock), on the tenant's clock with its offset. */
  at: string;
  /** Enterprises the event concerns; null means the whole tenant (or, for chat, the users it names). */
  enterpriseIds: number[] | null;
  payload: P;
}

/**
 * What a connection subscribes to: each event type belongs to one stream, and a connection receives a stream's events
 * only while one of its open screens declared it. Chat and notices belong to none: they are addressed to users and
 * always delivered.
 */
export const LIVE_STREAMS = ['readings', 'storage', 'warnings', 'devices', 'transfer', 'inventory', 'recycling'] as const;
export type LiveStream = (typeof LIVE_STREAMS)[number];

export const isLiveStream = (value: unknown): value is LiveStream => LIVE_STREAMS.some((stream) => stream === value);

const STREAM_OF_TYPE: Record<LiveEventType, LiveStream | null> = {
  reading: 'readings',
  'storage.weight': 'storage',
  'warning.raised': 'warnings',
  'warning.updated': 'warnings',
  'device.state': 'devices',
  'transfer.changed': 'transfer',
  'inventory.changed': 'inventory',
  'exchange.slots': 'recycling',
  'points.balance': 'recycling',
  'recycling.record': 'recycling',
  'notice.created': null,
  'chat.message': null,
  'chat.read': null,
  'chat.notice': null,
};
export const streamOf = (type: LiveEventType): LiveStream | null => STREAM_OF_TYPE[type];

/** The topic whose permissions a stream needs (TOPIC_PERMISSIONS). */
export const STREAM_TOPIC: Record<LiveStream, EventTopic> = {
  readings: 'monitoring',
  storage: 'monitoring',
  warnings: 'monitoring',
  devices: 'monitoring',
  transfer: 'transfer',
  inventory: 'inventory',
  recycling: 'recycling',
};

/** Holding any one of a topic's permissions lets a user see its events (within the user's enterprises). */
export const TOPIC_PERMISSIONS: Record<EventTopic, readonly PermissionName[]> = {
  monitoring: [
    'Pages.SupervisorConsole', 'Pages.EquipmentWarning', 'Pages.Hazardouswastestorage', 'Pages.Smartequipment',
    'Pages.Equipmentmodel', 'Pages.BigData',
  ],
  // The big-data screen counts manifests and stock as they move.
  transfer: ['Pages.TransferApplication', 'Pages.TransferReception', 'Pages.BigData'],
  inventory: ['Pages.InventoryList', 'Pages.Warehousereceipt', 'Pages.BigData'],
  // Machines' slots and households' balances, for the whole tenant: users limited to scheme areas do not get them.
  recycling: ['Pages.BHgoodsExchange', 'Pages.BHUsers', 'Pages.Integral', 'Pages.BigData'],
  chat: ['Pages.ChatLog'],
  // Addressed to one user each (their `userIds`): no permission shows them to anyone else.
  notice: [],
};

/** The streams a holder of these permissions may subscribe to (the hub refuses the others). */
export const streamsAllowed = (isGranted: (permission: PermissionName) => boolean): LiveStream[] =>
  LIVE_STREAMS.filter((stream) => TOPIC_PERMISSIONS[STREAM_TOPIC[stream]].some(isGranted));

/** Hub methods a client invokes with `LiveStream[]`; both answer with the streams the connection now holds. */
export const SUBSCRIBE_METHOD = 'Subscribe';
export const UNSUBSCRIBE_METHOD = 'Unsubscribe';

/**
 * Hub target carrying one `LiveFrame` per call. A frame covers every event of the tenant with after < seq ≤ upTo that
 * the connection may see and has subscribed to: a client whose last frame ended at `after` missed nothing, one whose
 * log ends below `after` has a gap to catch up. Within a frame only the latest reading of a device, weight of a storage
 * point and state of a device are kept (the others were superseded); every other event is there.
 */
export const FRAME_TARGET = 'ReceiveFrame';
export interface LiveFrame {
  after: number;
  upTo: number;
  events: LiveEvent[];
}

/** Hub target on which a user's chat messages still waiting for delivery arrive when a connection opens (`LiveEvent[]`). */
export const CHAT_TARGET = 'ReceiveMessage';

/** `GET Events/GetEventsAfter?after=N&maxResultCount=M`: the caller's visible events with seq > N, oldest first. */
export interface EventsAfterResult {
  items: LiveEvent[];
  /**
   * The tenant's latest seq when the page was read. Without `hasMore`, everything up to it the caller may see is in
   * this page or earlier; with `hasMore`, only everything up to the page's last item.
   */
  head: number;
  hasMore: boolean;
}
export const EVENTS_PAGE_DEFAULT = 500;
export const EVENTS_PAGE_MAX = 1000;

export interface ReadingPayload {
  deviceId: number;
  storageId: number | null;
  readAt: string;
  weight: number | null;
  battery: number | null;
  temperature: number | null;
  latitude: number | null;
  longitude: number | null;
}

export interface StorageWeightPayload {
  storageId: number;
  deviceId: number | null;
  enterpriseId: number;
  currentWeight: number;
  capacity: number;
  fillRatio: number;
  /** Change from the previous weight, kg. */
  delta: number;
  lastChangeTime: string;
  reason: 'reading' | 'correction';
  userName?: string | null;
  note?: string | null;
}

export interface WarningPayload {
  id: number;
  smartequipmentId: number;
  serialNumber: string;
  enterpriseId: number;
  storageId: number | null;
  warningType: number;
  value: number | null;
  threshold: number | null;
  /** Reduction: kg that left the storage point unexplained. */
  quantity: number | null;
  raisedAt: string;
  lastSeenAt: string;
  occurrences: number;
  /** 0 open, 1 acknowledged, 2 closed. */
  status: number;
  acknowledgedBy: string | null;
  acknowledgedAt: string | null;
  acknowledgeNote: string | null;
  closedBy: string | null;
  closedAt: string | null;
  closeNote: string | null;
}

export interface DeviceStatePayload {
  deviceId: number;
  serialNumber: string;
  enterpriseId: number;
  onlineState: number;
  runningState: number;
  lastHeartbeat: string | null;
}

/** A transfer order was created, edited, moved or deleted; statuses and version as the write left them. */
export interface TransferChangedPayload {
  id: number;
  manifestNo: string;
  action: string;
  party: string | null;
  /** Statuses before and after (null before a create, after a delete). */
  from: { declareStatus: number; dispatchStatus: number; signStatus: number } | null;
  to: { declareStatus: number; dispatchStatus: number; signStatus: number } | null;
  version: number;
  declareStatus: number;
  dispatchStatus: number;
  signStatus: number;
  producerId: number;
  transporterId: number;
  receiverId: number;
  /** The tenant's day the transfer is planned for. */
  plannedDate: string;
  /** Tonnes declared, and received once agreed (null before). */
  totalQuantity: number;
  receivedQuantity: number | null;
  userName: string | null;
}

/** The stock of these enterprises changed (a receipt written or removed, a transfer order agreed). */
export interface InventoryChangedPayload {
  enterpriseIds: number[];
}

/** A notice filed for the one user the event is addressed to (the notice as `Notification/GetUserNotifications` lists it). */
export interface NoticePayload {
  id: number;
  type: 0 | 1 | 2;
  title: string;
  description: string;
  isRead: boolean;
  creationTime: string;
  category: string | null;
}

export interface ChatMessagePayload {
  id: number;
  fromUserId: number;
  fromUserName: string;
  toUserId: number;
  content: string;
  /** 0 text, 1 image, 2 file. */
  messageType: number;
  fileId: number | null;
  fileName: string | null;
  isRead: boolean;
  creationTime: string;
}

export interface ChatReadPayload {
  /** The reader. */
  toUserId: number;
  /** Whose messages were read. */
  fromUserId: number;
  upToId: number;
  readTime: string;
}

/** An administrator's notice to the whole tenant (what `MsgInfo` lists too). */
export interface ChatNoticePayload {
  id: number;
  title: string;
  content: string;
  adminId: number;
  adminName: string;
  creationTime: string;
}

/** Each event type's payload. */
export interface LivePayloads {
  'reading': ReadingPayload;
  'storage.weight': StorageWeightPayload;
  'warning.raised': WarningPayload;
  'warning.updated': WarningPayload;
  'device.state': DeviceStatePayload;
  'transfer.changed': TransferChangedPayload;
  'inventory.changed': InventoryChangedPayload;
  'exchange.slots': ExchangeSlotsPayload;
  'points.balance': PointsBalancePayload;
  'recycling.record': RecordCountedPayload;
  'notice.created': NoticePayload;
  'chat.message': ChatMessagePayload;
  'chat.read': ChatReadPayload;
  'chat.notice': ChatNoticePayload;
}

/** An event whose `type` tells its payload's shape: a `switch` on the type narrows the payload. */
export type TypedLiveEvent = { [K in LiveEventType]: LiveEvent<LivePayloads[K]> & { type: K } }[LiveEventType];

/** The server writes each type with its payload (the table above), so the type is the proof of the payload's shape. */
export const typedEvent = (event: LiveEvent): TypedLiveEvent => event as TypedLiveEvent;

/** A machine's slots after a load, an unload, a hold or its end (absolute: the whole grid). */
export interface ExchangeSlotsPayload {
  machineId: number;
  itemsLeft: number;
  slots: ExchangeSlot[];
}

export interface ExchangeSlot {
  slotNo: number;
  goodsId: number | null;
  goodsName: string | null;
  pointsPrice: number | null;
  quantity: number;
  /** Items promised to redemptions under way. */
  held: number;
  capacity: number;
}

/** A household's balance after a posting, with the posting's leg that moved it (a sum of them is points issued or spent). */
export interface PointsBalancePayload {
  householdId: number;
  points: number;
  /** The change this posting made to the balance. */
  amount: number;
  /** `pointsReason` of the posting. */
  reason: number;
}

/** What a recycling record adds to the scheme's counted kilograms: a record that is live and not rejected counts. */
export interface CountedKg {
  /** `rubbishType1` of the record. */
  rubbishType1: number;
  /** The tenant's day of the record's instant. */
  day: string;
  kg: number;
}

/**
 * A record was entered, edited, rejected or deleted: what it counted before and counts now (null: nothing). Approving
 * changes no kilograms and sends none: a pending record already counts, as it does in the analyses.
 */
export interface RecordCountedPayload {
  id: number;
  before: CountedKg | null;
  after: CountedKg | null;
}
