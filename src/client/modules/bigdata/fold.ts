import {
  FILL_BAND_EDGES, manifestStage, OPEN_STAGES, type BigDataOverview, type ManifestStage, type MapDevice, type PeriodTonnes,
  type TransferFlow,
} from '../../../shared/bigdata';
import { onlineState, warningStatus } from '../../../shared/enums';
import {
  typedEvent, type CountedKg, type LiveEvent, type PointsBalancePayload, type RecordCountedPayload, type StorageWeightPayload,
  type TransferChangedPayload, type WarningPayload,
} from '../../../shared/live/events';
import { POINTS_ISSUED_REASONS, POINTS_REDEEMED_REASONS } from '../../../shared/recycling';
import { foldTicker, isTickerEvent } from '../../../shared/ticker';
import { addMonths, dayOf, daysBetween, monthOf, parseInstant, yearOf, type CalendarDate } from '../../../shared/time';

/**
 * The screen's figures: the server's overview with every live event after its head folded on, in seq order. Each
 * event is applied once (the event log hands each over once), so counts move by ±1 and sums by the event's own
 * quantities; what an event cannot tell exactly (an edited order's old tonnes, stock on the books) waits for the next
 * overview, which replaces the figures and has the events after its head folded on again.
 */
export interface ScreenFigures {
  overview: BigDataOverview;
  /** The last seq folded in (the overview's head before any event). */
  seq: number;
  /** Something changed that only a fresh overview can show exactly (stock, an edit). */
  stale: boolean;
  /** The tenant's zone: "today" and every day bar are days of its calendar, an event lands on the day of its instant. */
  zone: string;
}

/**
 * The overview's figures that events move (forward live, backward for a replay's start): a panel drawn from anything
 * else shows the last read, live or replaying.
 */
export const FOLDED_FIGURES = [
  'devices', 'openWarnings', 'storage', 'transferred', 'manifests', 'inProgressTonnes', 'map', 'warningsByDay', 'fillBands',
  'recent', 'recycling',
] as const satisfies readonly (keyof BigDataOverview)[];
export type FoldedFigure = (typeof FOLDED_FIGURES)[number];

export const figuresOf = (overview: BigDataOverview, zone: string): ScreenFigures => ({ overview, seq: overview.head, stale: false, zone });

/** The index of a fill ratio's band in `fillBands`. */
export const fillBandOf = (ratio: number): number => {
  const index = FILL_BAND_EDGES.findIndex((edge) => ratio < edge);
  return index === -1 ? FILL_BAND_EDGES.length : index;
};

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The tenant's day of an instant the server wrote (null when the text is no time). */
function dayOfInstant(time: string, zone: string): CalendarDate | null {
  const instant = parseInstant(time, zone);
  return instant === null ? null : dayOf(instant, zone);
}

function withDevice(devices: MapDevice[], deviceId: number, change: (device: MapDevice) => MapDevice): MapDevice[] {
  const index = devices.findIndex((d) => d.id === deviceId);
  if (index === -1) return devices;
  const next = devices.slice();
  next[index] = change(devices[index]);
  return next;
}

/** Folding forward (1) applies an event; backward (−1) takes it out again, for replay to start in the past. */
type Direction = 1 | -1;

function foldWarning(o: BigDataOverview, type: 'warning.raised' | 'warning.updated', w: WarningPayload, sign: Direction, zone: string): BigDataOverview {
  const closed = w.status === warningStatus.closed;
  // A raise opens a warning; an update only matters when it closes one (acknowledging keeps it open).
  const change = sign * (type === 'warning.raised' && !closed ? 1 : type === 'warning.updated' && closed ? -1 : 0);
  let next = o;
  if (change !== 0) {
    next = {
      ...next,
      openWarnings: next.openWarnings.map((c) => (c.warningType === w.warningType ? { ...c, count: Math.max(0, c.count + change) } : c)),
      map: { ...next.map, devices: withDevice(next.map.devices, w.smartequipmentId, (d) => ({ ...d, openWarnings: Math.max(0, d.openWarnings + change) })) },
    };
  }
  if (type === 'warning.raised') {
    const day = dayOfInstant(w.raisedAt, zone);
    next = {
      ...next,
      warningsByDay: next.warningsByDay.map((d) => (d.day !== day ? d : {
        ...d, counts: d.counts.map((c) => (c.warningType === w.warningType ? { ...c, count: Math.max(0, c.count + sign) } : c)),
      })),
    };
  }
  return next;
}

/** Sets a device's online state (the event's, or folding backward the one it had before). */
function foldDevice(o: BigDataOverview, deviceId: number, state: number): BigDataOverview {
  const before = o.map.devices.find((d) => d.id === deviceId);
  if (!before || before.onlineState === state) return o;
  const online = o.devices.online + (state === onlineState.online ? 1 : -1);
  return {
    ...o,
    devices: { ...o.devices, online: Math.min(o.devices.total, Math.max(0, online)) },
    map: { ...o.map, devices: withDevice(o.map.devices, deviceId, (d) => ({ ...d, onlineState: state })) },
  };
}

function foldStorage(o: BigDataOverview, p: StorageWeightPayload, sign: Direction): BigDataOverview {
  const previousRatio = p.capacity > 0 ? (p.currentWeight - p.delta) / p.capacity : null;
  const [from, to] = sign > 0 ? [previousRatio, p.fillRatio] : [p.fillRatio, previousRatio];
  // Most weights leave their point in its band: the bands stay the same array then, and the fill chart is not redrawn.
  let bands = o.fillBands;
  if (from !== null && to !== null && fillBandOf(from) !== fillBandOf(to)) {
    bands = bands.slice();
    bands[fillBandOf(from)] = Math.max(0, bands[fillBandOf(from)] - 1);
    bands[fillBandOf(to)] += 1;
  }
  return {
    ...o,
    storage: { ...o.storage, tonnes: round3(o.storage.tonnes + (sign * p.delta) / 1000) },
    // The map's devices keep the fill of the last overview read: the map draws states, not fill, and redrawing it for
    // every weight would cost the busiest screen most of its frames.
    fillBands: bands,
  };
}

function addFlow(flows: TransferFlow[], p: TransferChangedPayload, sign: number): TransferFlow[] {
  const index = flows.findIndex((f) => f.producerId === p.producerId && f.receiverId === p.receiverId);
  if (index === -1) {
    return sign > 0 ? [...flows, { producerId: p.producerId, receiverId: p.receiverId, tonnes: p.totalQuantity, orders: 1 }] : flows;
  }
  const flow = flows[index];
  const changed = { ...flow, tonnes: round3(flow.tonnes + sign * p.totalQuantity), orders: flow.orders + sign };
  return changed.orders <= 0 ? flows.filter((_, i) => i !== index) : flows.map((f, i) => (i === index ? changed : f));
}

function foldTransfer(o: BigDataOverview, p: TransferChangedPayload, sign: Direction, zone: string): { overview: BigDataOverview; exact: boolean } {
  const before: ManifestStage | null = p.from ? manifestStage(p.from) : null;
  const after: ManifestStage | null = p.to ? manifestStage(p.to) : null;
  // Backward, an order goes from the stage it reached back to the one it left.
  const [from, to] = sign > 0 ? [before, after] : [after, before];
  const manifests = { ...o.manifests };
  if (from) manifests[from] = Math.max(0, manifests[from] - 1);
  if (to) manifests[to] += 1;
  const wasOpen = from !== null && OPEN_STAGES.includes(from);
  const isOpen = to !== null && OPEN_STAGES.includes(to);
  const inProgress = o.inProgressTonnes + (isOpen && !wasOpen ? p.totalQuantity : 0) - (wasOpen && !isOpen ? p.totalQuantity : 0);
  let next: BigDataOverview = { ...o, manifests, inProgressTonnes: round3(Math.max(0, inProgress)) };

  const today = dayOfInstant(o.asOf, zone);
  if (today !== null && (after === 'completed') !== (before === 'completed')) {
    const received = (to === 'completed' ? 1 : -1) * (p.receivedQuantity ?? 0);
    // The year-earlier figures are the overview's: the same day a year ago, that month, that whole year. An order
    // planned then and completed now moves them as exactly as this year's.
    const yearAgo = addMonths(today, -12);
    const add = (period: PeriodTonnes, now: boolean, yearBefore: boolean): PeriodTonnes => ({
      tonnes: now ? round3(period.tonnes + received) : period.tonnes,
      lastYear: yearBefore ? round3(period.lastYear + received) : period.lastYear,
    });
    const planned = p.plannedDate;
    next = {
      ...next,
      transferred: {
        today: add(next.transferred.today, planned === today, planned === yearAgo),
        month: add(next.transferred.month, monthOf(planned) === monthOf(today), monthOf(planned) === monthOf(yearAgo)),
        year: add(next.transferred.year, yearOf(planned) === yearOf(today), yearOf(planned) === yearOf(yearAgo)),
      },
    };
  }
  // A flow is an order not voided: it appears when created and goes when voided or deleted.
  const drawn = (stage: ManifestStage | null) => (stage !== null && stage !== 'voided' ? 1 : 0);
  const flowSign = drawn(to) - drawn(from);
  if (today !== null && flowSign !== 0) {
    const age = daysBetween(p.plannedDate, today);
    next = {
      ...next,
      map: {
        ...next.map,
        flows: {
          day: age >= 0 && age <= 1 ? addFlow(next.map.flows.day, p, flowSign) : next.map.flows.day,
          week: age >= 0 && age < 7 ? addFlow(next.map.flows.week, p, flowSign) : next.map.flows.week,
        },
      },
    };
  }
  // An edit can change the tonnes, which the event gives only after the change.
  return { overview: next, exact: p.action !== 'edit' };
}

/** A record's counted kilograms of today (the tenant's day of the figures) in (or out of) the kilograms per class. */
function foldRecord(o: BigDataOverview, p: RecordCountedPayload, sign: Direction, zone: string): BigDataOverview {
  const today = dayOfInstant(o.asOf, zone);
  const change = new Map<number, number>();
  const add = (counted: CountedKg | null, by: number) => {
    if (counted && counted.day === today) change.set(counted.rubbishType1, (change.get(counted.rubbishType1) ?? 0) + by * counted.kg);
  };
  add(p.before, -sign);
  add(p.after, sign);
  if (change.size === 0) return o;
  const kgToday = o.recycling.kgToday.map((c) => (change.has(c.rubbishType1) ? { ...c, kg: round3(Math.max(0, c.kg + change.get(c.rubbishType1)!)) } : c));
  return { ...o, recycling: { ...o.recycling, kgToday } };
}

/**
 * A household's ledger movement in (or out of) today's points issued or redeemed. The payload has no date: movements
 * after the read count as today's, and the next read (every minute) starts a new day's figures.
 */
function foldPoints(o: BigDataOverview, p: PointsBalancePayload, sign: Direction): BigDataOverview {
  const issued = POINTS_ISSUED_REASONS.includes(p.reason) ? sign * p.amount : 0;
  const redeemed = POINTS_REDEEMED_REASONS.includes(p.reason) ? -sign * p.amount : 0;
  if (issued === 0 && redeemed === 0) return o;
  const { pointsToday } = o.recycling;
  return { ...o, recycling: { ...o.recycling, pointsToday: { issued: pointsToday.issued + issued, redeemed: pointsToday.redeemed + redeemed } } };
}

/** One event into (or, backward, out of) the overview; `deviceState` is the online state to set for a device event. */
function applyEvent(
  overview: BigDataOverview, event: LiveEvent, sign: Direction, zone: string, deviceState?: number,
): { overview: BigDataOverview; exact: boolean } {
  const typed = typedEvent(event);
  switch (typed.type) {
    case 'warning.raised':
    case 'warning.updated':
      return { overview: foldWarning(overview, typed.type, typed.payload, sign, zone), exact: true };
    case 'device.state':
      return { overview: foldDevice(overview, typed.payload.deviceId, deviceState ?? typed.payload.onlineState), exact: true };
    case 'storage.weight':
      return { overview: foldStorage(overview, typed.payload, sign), exact: true };
    case 'transfer.changed':
      return foldTransfer(overview, typed.payload, sign, zone);
    case 'inventory.changed':
      return { overview, exact: false };
    case 'recycling.record':
      return { overview: foldRecord(overview, typed.payload, sign, zone), exact: true };
    case 'points.balance':
      return { overview: foldPoints(overview, typed.payload, sign), exact: true };
    default:
      return { overview, exact: true };
  }
}

/** Folds the events newer than what the figures hold, in seq order. */
export function foldEvents(figures: ScreenFigures, events: readonly LiveEvent[]): ScreenFigures {
  const { zone } = figures;
  let { overview, seq, stale } = figures;
  const folded: LiveEvent[] = [];
  for (const event of events) {
    if (event.seq <= seq) continue;
    seq = event.seq;
    const applied = applyEvent(overview, event, 1, zone);
    overview = applied.overview;
    stale ||= !applied.exact;
    if (isTickerEvent(event)) folded.push(event);
  }
  if (seq === figures.seq) return figures;
  if (folded.length > 0) overview = { ...overview, recent: foldTicker(overview.recent, folded) };
  return { overview, seq, stale, zone };
}

/**
 * Takes folded events (oldest first) back out of the figures: the figures as they stood before the first of them,
 * where a replay starts. A device goes back to the state its previous event in the list gave it, or else to the
 * other one (a device's state event is written only when the state changes).
 */
export function unfoldEvents(figures: ScreenFigures, events: readonly LiveEvent[]): ScreenFigures {
  if (events.length === 0) return figures;
  const stateBefore = new Map<number, number>();
  const seen = new Map<number, number>();
  events.forEach((event, index) => {
    const typed = typedEvent(event);
    if (typed.type !== 'device.state') return;
    const { deviceId, onlineState: state } = typed.payload;
    stateBefore.set(index, seen.get(deviceId) ?? (state === onlineState.online ? onlineState.offline : onlineState.online));
    seen.set(deviceId, state);
  });
  let { overview } = figures;
  for (let index = events.length - 1; index >= 0; index--) {
    overview = applyEvent(overview, events[index], -1, figures.zone, stateBefore.get(index)).overview;
  }
  const first = events[0].seq;
  return { overview: { ...overview, recent: overview.recent.filter((line) => line.event.seq < first) }, seq: first - 1, stale: figures.stale, zone: figures.zone };
}
