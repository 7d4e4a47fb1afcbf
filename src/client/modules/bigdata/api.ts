import { callApi } from '../../api/http';
import type {
  BigDataOverview, EnterpriseCard, ReplayPage, TimeStatistics, WallSettings, WasteStatistics,
} from '../../../shared/bigdata';

// One named function per call so that sagas `call` something tests can provide. Failures show on the panel they
// concern, never in the global error modal: a wall display has nobody to close it.
const APP = '/api/services/app';
const SILENT = { silent: true } as const;

export function fetchOverview(): Promise<BigDataOverview> {
  return callApi('GET', `${APP}/BigData/GetOverview`, {}, SILENT);
}

export function fetchEnterpriseCard(id: number): Promise<EnterpriseCard> {
  return callApi('GET', `${APP}/BigData/GetEnterpriseCard`, { id }, SILENT);
}

export function fetchTimeStatistics(query: { Start: string; End: string; Granularity: TimeStatistics['granularity'] }): Promise<TimeStatistics> {
  return callApi('GET', `${APP}/TransferOrder/GetTransferOrderTimeStatistics`, query, SILENT);
}

export function fetchWasteStatistics(query: { Start: string; End: string }): Promise<WasteStatistics> {
  return callApi('GET', `${APP}/TransferOrder/GetProductionWasteStatistics`, query, SILENT);
}

export function fetchWallSettings(): Promise<WallSettings> {
  return callApi('GET', `${APP}/BigData/GetWallSettings`, {}, SILENT);
}

export function fetchReplay(query: { Minutes: number; UpTo: number; After: number; MaxResultCount: number }): Promise<ReplayPage> {
  return callApi('GET', `${APP}/BigData/GetReplay`, query, SILENT);
}
