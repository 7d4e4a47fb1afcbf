/**
 * The warning rules, pure: a device's readings in time order against its model's thresholds. Each rule raises its
 * warning type when its condition holds and (except reduction) closes it when the condition has clearly gone;
 * between the two lines (hysteresis) nothing changes, so a value hovering at a threshold does not flap.
 * At most one warning per type is not closed: a repeat counts up on it.
 */
import type { ReadingPayload, WarningPayload } from '../../../shared/live/events';
import type { WeightStep } from './fold';
import { warningStatus, warningType } from '../../../shared/enums';


/** Battery must climb this many points above the minimum (a charged battery, not a warm one) to close its warning. */
export const BATTERY_RECOVERY = 5;
/** Temperature must fall this many degrees below the maximum to close its warning. */
const TEMPERATURE_RECOVERY = 2;

/** A warning as the rules see it; `id` is null until it is first written. */
export type WarningState = Omit<WarningPayload, 'id' | 'smartequipmentId' | 'serialNumber' | 'enterpriseId'> & { id: number | null };

export interface Thresholds {
  batteryMin: number;
  temperatureMax: number;
  reductionMin: number;
  displacementRadius: number;
  /** The storage point's capacity, null when the device is not bound. */
  capacity: number | null;
  /** The device's home position, null when not set. */
  home: { latitude: number; longitude: number } | null;
}

/** What the rules read of a reading: its time and measures, not which device or storage point sent it. */
export type RuleReading = Omit<ReadingPayload, 'deviceId' | 'storageId'>;

interface Entry {
  state: WarningState;
  /** Raised by this evaluation: its state when raised (the `warning.raised` payload). */
  raised: WarningState | null;
  dirty: boolean;
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The device's warnings that are not closed, and every change made to them, in the order made. Closing a warning
 * frees its type: a later raise starts a new warning.
 */
export class WarningBook {
  private readonly entries: Entry[] = [];
  private readonly live = new Map<number, Entry>();

  constructor(notClosed: readonly WarningState[]) {
    for (const state of notClosed) {
      const entry = { state: { ...state }, raised: null, dirty: false };
      this.entries.push(entry);
      this.live.set(state.warningType, entry);
    }
  }

  /** Raises `type`, or counts a repeat on the warning already raised (value and threshold become the latest). */
  raise(type: number, at: string, values: { value: number | null; threshold: number | null; quantity?: number; storageId: number | null }): void {
    const current = this.live.get(type);
    if (current) {
      const s = current.state;
      s.occurrences += 1;
      s.lastSeenAt = at;
      s.value = values.value;
      s.threshold = values.threshold;
      // A reduction's quantity is what left unexplained in all its occurrences.
      if (values.quantity !== undefined) s.quantity = round((s.quantity ?? 0) + values.quantity);
      current.dirty = true;
      return;
    }
    const state: WarningState = {
      id: null, storageId: values.storageId, warningType: type, value: values.value, threshold: values.threshold,
      quantity: values.quantity ?? null, raisedAt: at, lastSeenAt: at, occurrences: 1, status: warningStatus.open,
      acknowledgedBy: null, acknowledgedAt: null, acknowledgeNote: null, closedBy: null, closedAt: null, closeNote: null,
    };
    const entry = { state, raised: { ...state }, dirty: true };
    this.entries.push(entry);
    this.live.set(type, entry);
  }

  /** Closes `type` because its condition cleared (no person closed it: closedBy stays null). */
  clear(type: number, at: string): void {
    const current = this.live.get(type);
    if (!current) return;
    current.state.status = warningStatus.closed;
    current.state.closedAt = at;
    current.dirty = true;
    this.live.delete(type);
  }

  isOpen(type: number): boolean {
    return this.live.has(type);
  }

  /** Some warning is not closed: the device's running state is 1. */
  anyOpen(): boolean {
    return this.live.size > 0;
  }

  /** Changed or new warnings in the order first changed; `raised` set for those raised here. */
  changes(): { state: WarningState; raised: WarningState | null }[] {
    return this.entries.filter((e) => e.dirty).map((e) => ({ state: e.state, raised: e.raised }));
  }
}

/** Great-circle distance in metres. */
export function haversineMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A weight drop the reduction rule looks at: more than the model's threshold at once. */
export const isReduction = (step: WeightStep, reductionMin: number) => step.before - step.after > reductionMin + 1e-9;

interface RuleInput {
  book: WarningBook;
  thresholds: Thresholds;
  storageId: number | null;
  readings: readonly RuleReading[];
  /** The weight changes of the readings (fold.ts), by reading index. */
  steps: readonly WeightStep[];
  /** Whether a transfer or a warehouse movement explains this drop (explain.ts). */
  explained(step: WeightStep): boolean;
}

/** Runs every rule over the readings in order, writing the outcome into the book. */
export function evaluateReadings(input: RuleInput): void {
  const { book, thresholds: t, storageId } = input;
  const stepOf = new Map(input.steps.map((s) => [s.index, s]));
  input.readings.forEach((r, index) => {
    const at = r.readAt;
    // A device that reports is not offline.
    book.clear(warningType.offline, at);

    if (r.battery !== null) {
      if (r.battery < t.batteryMin) book.raise(warningType.battery, at, { value: r.battery, threshold: t.batteryMin, storageId });
      else if (r.battery >= t.batteryMin + BATTERY_RECOVERY) book.clear(warningType.battery, at);
    }

    if (r.temperature !== null) {
      if (r.temperature > t.temperatureMax) book.raise(warningType.temperature, at, { value: r.temperature, threshold: t.temperatureMax, storageId });
      else if (r.temperature <= t.temperatureMax - TEMPERATURE_RECOVERY) book.clear(warningType.temperature, at);
    }

    if (r.weight !== null && t.capacity !== null && storageId !== null) {
      if (r.weight > t.capacity) book.raise(warningType.weight, at, { value: r.weight, threshold: t.capacity, storageId });
      else book.clear(warningType.weight, at);
    }

    const step = stepOf.get(index);
    if (step && storageId !== null) {
      if (step.after > step.before) book.clear(warningType.noWaste, at);
      if (isReduction(step, t.reductionMin) && !input.explained(step)) {
        book.raise(warningType.reduction, at, { value: step.after, threshold: t.reductionMin, quantity: round(step.before - step.after), storageId });
      }
    }

    if (t.home && r.latitude !== null && r.longitude !== null) {
      const distance = round(haversineMetres(t.home, { latitude: r.latitude, longitude: r.longitude }), 1);
      if (distance > t.displacementRadius) book.raise(warningType.displacement, at, { value: distance, threshold: t.displacementRadius, storageId });
      else book.clear(warningType.displacement, at);
    }
  });
}
