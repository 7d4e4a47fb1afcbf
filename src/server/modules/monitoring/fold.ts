/** Readings folded into a storage point's state: pure, so the ingest and its tests share one definition. */

/** Weights are kept to the gram, as the columns store them. */
export const kg = (value: number): number => Math.round(value * 1000) / 1000;

export const fillRatioOf = (weight: number, capacity: number): number =>
  (capacity > 0 ? Math.round((weight / capacity) * 10_000) / 10_000 : 0);

export interface StorageState {
  id: number;
  currentWeight: number;
  capacity: number;
  fillRatio: number;
  lastChangeTime: string | null;
  lastAddedTime: string | null;
}

interface WeighedReading {
  /** The reading's instant, in the server's shape (InstantText). */
  readAt: string;
  weight: number | null;
}

/** A reading that changed the weight: what it was before and after. */
export interface WeightStep {
  index: number;
  readAt: string;
  before: number;
  after: number;
}

interface FoldResult {
  storage: StorageState;
  steps: WeightStep[];
  /** The weight before the batch. */
  initialWeight: number;
}

/**
 * The current weight is the last reading's; the change time is that of the last reading that changed it, the added
 * time that of the last reading that raised it. A reading without a weight leaves the storage point as it was.
 */
export function foldReadings(storage: StorageState, readings: readonly WeighedReading[]): FoldResult {
  const next = { ...storage };
  const steps: WeightStep[] = [];
  readings.forEach((reading, index) => {
    if (reading.weight === null) return;
    const after = kg(reading.weight);
    const before = next.currentWeight;
    if (after === before) return;
    steps.push({ index, readAt: reading.readAt, before, after });
    next.currentWeight = after;
    next.lastChangeTime = reading.readAt;
    if (after > before) next.lastAddedTime = reading.readAt;
  });
  next.fillRatio = fillRatioOf(next.currentWeight, next.capacity);
  return { storage: next, steps, initialWeight: storage.currentWeight };
}
