/**
 * The monitoring contract beyond the resource declarations: the device ingest, the storage-point and open-warning
 * snapshots the console loads, read by the server module (src/server/modules/monitoring), the client and the simulator.
 * Live changes travel as events (src/shared/live/events.ts); every snapshot carries the event head read before it.
 */
import type { WarningPayload } from './live/events';

/** `POST` with header `X-Device-Key`; not an app service (devices do not log in). */
export const INGEST_PATH = '/api/device/readings';
export const DEVICE_KEY_HEADER = 'X-Device-Key';
export const INGEST_MAX_READINGS = 500;

/** Inclusive ranges of the measured values. */
export const READING_LIMITS = {
  /** kg */
  weight: { min: 0, max: 1_000_000 },
  /** % */
  battery: { min: 0, max: 100 },
  /** °C */
  temperature: { min: -40, max: 125 },
  latitude: { min: -90, max: 90 },
  longitude: { min: -180, max: 180 },
} as const;
export type ReadingField = keyof typeof READING_LIMITS;
export const READING_FIELDS = Object.keys(READING_LIMITS) as ReadingField[];

/**
 * One reading as a device sends it. `at` is the instant the device's clock stamped, ISO 8601 with `Z` or an offset,
 * within the window every device time keeps (src/shared/time/device-time.ts: at most 10 minutes ahead of the server,
 * at most 7 days old); the values may be null or left out (a device without a thermometer); latitude and longitude
 * come together or not at all.
 */
export interface DeviceReading {
  at: string;
  weight?: number | null;
  battery?: number | null;
  temperature?: number | null;
  latitude?: number | null;
  longitude?: number | null;
}

/** 200 result of the ingest: readings stored, and the seq of the last event the batch wrote. */
export interface IngestResult {
  accepted: number;
  lastSeq: number;
}

/** A snapshot with the tenant's event head read before it: events with seq ≤ `seq` are already in it. */
export interface SeqItems<T> {
  items: T[];
  seq: number;
}

/** `Hazardouswastestorage/GetHazardouswastestoragefinaldata` row: one active storage point with its device and names. */
export interface StoragePointDto {
  /** The storage row's id (`storageId` in events). */
  id: number;
  smartequipmentId: number;
  serialNumber: string;
  enterpriseId: number;
  enterpriseName: string | null;
  hazardouswasteInformationId: number;
  hazardouswasteInformationName: string | null;
  wastecodeId: number | null;
  wastecodeName: string | null;
  storagePlace: string | null;
  /** kg */
  currentWeight: number;
  /** kg */
  capacity: number;
  /** currentWeight / capacity, 4 decimals; above 1 when over capacity. */
  fillRatio: number;
  lastChangeTime: string | null;
  lastAddedTime: string | null;
  boundTime: string | null;
  /** null while the row is the device's active storage point. */
  unboundTime: string | null;
  /** 0 online, 1 offline. */
  onlineState: number;
  /** 0 normal, 1 some warning not closed. */
  runningState: number;
  /** 0 activated (has reported), 1 not yet. */
  activation: number;
  lastHeartbeat: string | null;
  /** The device's home position (displacement is measured from it). */
  latitude: number | null;
  longitude: number | null;
  /** The device's latest reading. */
  lastReadAt: string | null;
  battery: number | null;
  temperature: number | null;
  lastLatitude: number | null;
  lastLongitude: number | null;
  /** Warnings of the device not closed. */
  openWarnings: number;
}

/** One bucket of a storage point's weight series. */
export interface WeightSample {
  /** Bucket start: an instant; buckets are aligned on the tenant's midnight. */
  at: string;
  /** The bucket's last weight, kg. */
  weight: number;
  max: number;
  min: number;
  count: number;
}
export const SERIES_HOURS = 24;
export const SERIES_BUCKET_MINUTES = 5;

/** A weight set by hand with `UpdateCurrentWeight`. */
export interface StorageCorrectionDto {
  id: number;
  previousWeight: number;
  currentWeight: number;
  reason: string;
  userName: string | null;
  creationTime: string;
}

/** `Hazardouswastestorage/GetGetHazardouswastestoragefinaldataById?Id=`: any storage row in scope (history too). */
export interface StoragePointDetailDto extends StoragePointDto {
  /** The last SERIES_HOURS hours in SERIES_BUCKET_MINUTES-minute buckets, oldest first; empty buckets left out. */
  series: WeightSample[];
  /** Newest first, at most 20. */
  corrections: StorageCorrectionDto[];
  seq: number;
}

/** `EquipmentWarning/GetOpenWarnings` row: a warning not closed, with the names a live payload lacks. */
export interface OpenWarningDto extends WarningPayload {
  enterpriseName: string | null;
  storagePlace: string | null;
  hazardouswasteInformationName: string | null;
}

/** Warning moves people make (`UpdateEquipmentWarningStatus`); a close needs a note. */
export const WARNING_MOVES: Readonly<Record<number, readonly number[]>> = { 0: [1, 2], 1: [2] };
