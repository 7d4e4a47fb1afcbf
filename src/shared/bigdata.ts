/**
 * The big-data screen's contract, read by the server module (src/server/modules/bigdata) and the screen. One
 * aggregate call paints the screen; after that the screen folds live events onto it and reconciles with the same call
 * now and then. Tonnes are tonnes (t), weights of storage points kilograms as everywhere else; dates are days of the
 * tenant's calendar, and times instants written on its clock (`2026-11-28T00:41:09+08:00`).
 */
import type { LiveEvent } from './live/events';
import { declareStatus, dispatchStatus, signStatus } from './enums';
import type { OrderState } from './transfer/machine';
import type { TickerLine } from './ticker';

/**
 * A map key as configured, or null when there is none: blank, or a placeholder left unfilled in braces (`{key}`, as
 * configuration templates carry it). Without a key the map screens draw their offline map and never ask AMap.
 */
export function configuredMapKey(value: string | null | undefined): string | null {
  const key = value?.trim() ?? '';
  return key === '' || /^\{.*\}$/.test(key) ? null : key;
}

/** Where a manifest stands, as the control room counts them (a reading of the three statuses). */
export const MANIFEST_STAGES = ['draft', 'inTransit', 'returned', 'completed', 'voided'] as const;
export type ManifestStage = (typeof MANIFEST_STAGES)[number];

export function manifestStage(state: OrderState): ManifestStage {
  if (Number(state.declareStatus) === declareStatus.voided) return 'voided';
  if (Number(state.declareStatus) === declareStatus.signed || Number(state.signStatus) === signStatus.agreed) return 'completed';
  if (Number(state.signStatus) === signStatus.returned) return 'returned';
  return Number(state.dispatchStatus) === dispatchStatus.dispatched ? 'inTransit' : 'draft';
}

/** Stages still moving: their tonnes are "in progress". */
export const OPEN_STAGES: readonly ManifestStage[] = ['draft', 'inTransit', 'returned'];

/** Upper edges of the storage fill bands: [0,0.2), [0.2,0.4), … [0.8,1), and a last band from 1 up (overfilled). */
export const FILL_BAND_EDGES: readonly number[] = [0.2, 0.4, 0.6, 0.8, 1];

/** Tonnes received in a period, and in the same period a year earlier. */
export interface PeriodTonnes {
  tonnes: number;
  lastYear: number;
}

export interface MapEnterprise {
  id: number;
  name: string;
  /** `corporateType` values: an enterprise may be producer and transporter at once. */
  kinds: number[];
  longitude: number;
  latitude: number;
}

export interface MapDevice {
  id: number;
  serialNumber: string;
  enterpriseId: number;
  /** The device's own position, else its enterprise's. */
  longitude: number;
  latitude: number;
  /** `onlineState` */
  onlineState: number;
  /** Open (not closed) warnings of the device. */
  openWarnings: number;
  /** Fill of its storage point, 0 … 1 (more when overfilled); null without one. */
  fillRatio: number | null;
}

/** Tonnes declared from one producer to one receiver (not voided), planned in the window. */
export interface TransferFlow {
  producerId: number;
  receiverId: number;
  tonnes: number;
  orders: number;
}

export interface NamedTonnes {
  enterpriseId: number;
  name: string;
  tonnes: number;
}

/** `GET BigData/GetOverview` (`Pages.BigData`): everything the screen shows, within the caller's tenant and enterprises. */
export interface BigDataOverview {
  /** The server's clock when the figures were read: the instant every "today" and window of them is of. */
  asOf: string;
  /** The tenant's event head read before the figures: events with seq ≤ head are in them. */
  head: number;
  tenantName: string | null;
  enterprises: { producers: number; transporters: number; receivers: number };
  devices: { online: number; total: number };
  /** Open and acknowledged warnings per `warningType`, every type listed. */
  openWarnings: { warningType: number; count: number }[];
  /** Active storage points: waste in them now, and their capacity (t). */
  storage: { tonnes: number; capacityTonnes: number; points: number };
  /** Stock on the enterprises' books (inventory), t. */
  stockTonnes: number;
  /** Tonnes received (completed manifests, by planned date). */
  transferred: { today: PeriodTonnes; month: PeriodTonnes; year: PeriodTonnes };
  /** Manifests per stage (all dates). */
  manifests: Record<ManifestStage, number>;
  /** Tonnes declared on manifests still open. */
  inProgressTonnes: number;
  map: {
    enterprises: MapEnterprise[];
    devices: MapDevice[];
    /** Planned in the last day (today and yesterday) and the last 7 days. */
    flows: { day: TransferFlow[]; week: TransferFlow[] };
  };
  /** The ten producers with the most tonnes declared this year. */
  topProducers: NamedTonnes[];
  /** Tonnes declared this year per `disposalMethod`, every method listed. */
  disposal: { disposalMethod: number; tonnes: number }[];
  /** Warnings raised per day and type over the last 7 days of the tenant (by the day of their instant), oldest first, every day listed. */
  warningsByDay: { day: string; counts: { warningType: number; count: number }[] }[];
  /** Active storage points per fill band: [0,0.2), [0.2,0.4), [0.4,0.6), [0.6,0.8), [0.8,1), ≥ 1. */
  fillBands: number[];
  /** Share of devices that reported in each of the last 24 hours of the tenant's wall clock, oldest first (`hour`: the instant it begins). */
  onlineByHour: { hour: string; ratio: number }[];
  /** The ticker's latest lines the caller may see, newest first: repeats of one device and kind folded into one (foldTicker). */
  recent: TickerLine[];
  recycling: RecyclingFigures;
}

/** The household-waste scheme within the caller's areas, as the screen's recycling panel shows it. */
export interface RecyclingFigures {
  /** Kilograms counted today (records live and not rejected, by their time) per `rubbishType1`, every class listed. */
  kgToday: { rubbishType1: number; kg: number }[];
  /** Active households, and those of them with a counted record in the last PARTICIPATION_DAYS days. */
  households: { enrolled: number; participating: number };
  /** Points issued and redeemed today (POINTS_ISSUED_REASONS, POINTS_REDEEMED_REASONS). */
  pointsToday: { issued: number; redeemed: number };
}

/** `GET BigData/GetEnterpriseCard?id=` (`Pages.BigData`): what a click on the map opens. */
export interface EnterpriseCard {
  id: number;
  name: string;
  kinds: number[];
  address: string | null;
  stockTonnes: number;
  devices: { online: number; total: number };
  openWarnings: number;
  latestManifest: { id: number; manifestNo: string; stage: ManifestStage; plannedDate: string; tonnes: number } | null;
}

/** Bounds the overview keeps, like the event log's pages: a screen never receives an unbounded list. */
export const BIGDATA_LIMITS = {
  mapEnterprises: 2000,
  mapDevices: 5000,
  flows: 300,
  recent: 30,
  /** Events read to make the ticker's lines: enough that a few noisy devices folded together still leave it full. */
  recentEvents: 300,
  topProducers: 10,
} as const;

/** Event types the ticker lists. */
export const TICKER_TYPES = ['warning.raised', 'warning.updated', 'transfer.changed', 'device.state'] as const;

/** `GET TransferOrder/GetTransferOrderTimeStatistics?Start&End&Granularity=day|week|month`: every period listed. */
export interface TimeStatistics {
  granularity: 'day' | 'week' | 'month';
  items: { period: string; orderCount: number; quantity: number; receivedQuantity: number }[];
}

/** `GET TransferOrder/GetProductionWasteStatistics?Start&End`: tonnes per waste code, most first. */
export interface WasteStatistics {
  items: { wastecodeId: number | null; wastecodeName: string | null; quantity: number; receivedQuantity: number }[];
}

/** `GET BigData/GetWallSettings` (`Pages.BigData`): how the tenant's wall displays run; set by an administrator. */
export interface WallSettings {
  /** The wall's title; null: the product's. */
  title: string | null;
  /** Seconds each panel set stays before the next. */
  rotateSeconds: number;
  /** How far back replay reaches, minutes. */
  replayMinutes: number;
}
export const WALL_DEFAULTS: WallSettings = { title: null, rotateSeconds: 30, replayMinutes: 60 };
export const WALL_LIMITS = { title: 64, rotateSeconds: { min: 10, max: 600 }, replayMinutes: { min: 10, max: 1440 } } as const;

/** A display's long-lived sign-in as `BigData/GetDisplayTokens` lists it (the secret itself is shown once, at issue). */
export interface DisplayTokenDto {
  id: number;
  name: string;
  userId: number;
  userName: string;
  creationTime: string;
  lastUsedTime: string | null;
  revokedTime: string | null;
}

/** `BigData/GetDisplayAccounts`: a user a display token can be issued for (active, holding `Pages.BigData` alone). */
export interface DisplayAccountDto {
  id: number;
  userName: string;
}

/** `POST /api/TokenAuth/DisplayAuthenticate {displayToken}`: a display's token for an access token, like a login's. */
export const DISPLAY_AUTH_PATH = '/api/TokenAuth/DisplayAuthenticate';

/**
 * The app-service methods (`Service/Method`) a wall display calls: its session at start, the hub's catch-up and the
 * screen's figures. An access token obtained with a display token opens these and nothing else: the wall's secret
 * sits in a URL on an unattended screen, so what it opens is what the wall shows.
 */
export const WALL_METHODS = {
  session: 'Session/GetCurrentLoginInformations',
  eventsAfter: 'Events/GetEventsAfter',
  overview: 'BigData/GetOverview',
  enterpriseCard: 'BigData/GetEnterpriseCard',
  replay: 'BigData/GetReplay',
  wallSettings: 'BigData/GetWallSettings',
  timeStatistics: 'TransferOrder/GetTransferOrderTimeStatistics',
  wasteStatistics: 'TransferOrder/GetProductionWasteStatistics',
} as const;

/**
 * `GET BigData/GetReplay?Minutes&UpTo&After&MaxResultCount` (`Pages.BigData`): the events the screen draws (not raw
 * readings) that the caller may see, written in the last `Minutes` up to seq `UpTo` (where the screen's figures
 * stand), oldest first, a page at a time: ask again with `After` = the last seq while `hasMore`.
 */
export interface ReplayPage {
  items: LiveEvent[];
  hasMore: boolean;
  /** The server's clock when read: the instant where the replay's window ends. */
  now: string;
}
export const REPLAY_TYPES = [
  'warning.raised', 'warning.updated', 'device.state', 'storage.weight', 'transfer.changed', 'recycling.record', 'points.balance',
] as const;
export const REPLAY_PAGE_MAX = 2000;
/** A replay holds at most this many events: an hour of a busy tenant is replayed from its start up to there. */
export const REPLAY_EVENTS_MAX = 50_000;
