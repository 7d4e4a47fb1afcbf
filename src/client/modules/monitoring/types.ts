import type { OpenWarningDto, SeqItems, StoragePointDetailDto, StoragePointDto, WeightSample as SharedWeightSample } from '../../../shared/monitoring';
import type { warningStatus } from '../../../shared/enums';

// The REST shapes are the shared monitoring contract (src/shared/monitoring); short names for this module.
export type StoragePointRow = StoragePointDto;
export type StoragePointDetail = StoragePointDetailDto;
export type OpenWarningRow = OpenWarningDto;
/** A snapshot with the event head the server read before it; older servers may leave `seq` out. */
export type SeqList<T> = Omit<SeqItems<T>, 'seq'> & { seq?: number };
/** What the chart needs of a series bucket. */
export type WeightSample = Pick<SharedWeightSample, 'at' | 'weight'>;

/** The statuses a supervisor moves a warning to. */
export type WarningTargetStatus = typeof warningStatus.acknowledged | typeof warningStatus.closed;

/** `RegularInspections/Create` body. */
export interface InspectionInput {
  enterpriseId: number;
  inspectionType: number;
  evaluation: number | null;
  inspectionDate: string;
  inspector: string;
  findings: string;
  rectificationDeadline: string | null;
}

/** The hazardous-waste inspection type (`inspectionType` enum). */
export const INSPECTION_HAZARDOUS_WASTE = 7;
