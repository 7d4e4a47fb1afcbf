import { parseZonedInstant } from '../time';

/**
 * How urgent each warning type is, for every list that shows open warnings first-things-first. Waste that left a
 * storage point unexplained is the one a supervisor must chase now; physical dangers at the point come next (over
 * capacity, heat, the container moved), then a device that stopped reporting, then maintenance matters.
 * Values are the `warningType` enum's (src/shared/enums).
 */
export const WARNING_TYPE = {
  battery: 1,
  temperature: 2,
  weight: 3,
  reduction: 4,
  displacement: 5,
  noWasteInterval: 6,
  offline: 7,
} as const;

/** Most severe first. */
export const WARNING_SEVERITY_ORDER: readonly number[] = [
  WARNING_TYPE.reduction,
  WARNING_TYPE.weight,
  WARNING_TYPE.temperature,
  WARNING_TYPE.displacement,
  WARNING_TYPE.offline,
  WARNING_TYPE.battery,
  WARNING_TYPE.noWasteInterval,
];

/** 0 is the most severe; a type this build does not know sorts after all known ones. */
export function severityRank(warningType: number): number {
  const rank = WARNING_SEVERITY_ORDER.indexOf(warningType);
  return rank < 0 ? WARNING_SEVERITY_ORDER.length : rank;
}

interface RankedWarning {
  id: number;
  warningType: number;
  /** An instant, ISO 8601 with its offset (or `Z`): compared as the instant it names, not as text. */
  raisedAt: string;
}

const raisedInstant = (w: RankedWarning) => parseZonedInstant(w.raisedAt) ?? 0;

/** Sort order for warning lists: most severe type first, then the most recently raised, then the newest id. */
export function compareWarnings(a: RankedWarning, b: RankedWarning): number {
  return severityRank(a.warningType) - severityRank(b.warningType)
    || raisedInstant(b) - raisedInstant(a)
    || b.id - a.id;
}
