import { callApi } from '../../api/http';
import {
  WALL_METHODS, type BigDataOverview, type EnterpriseCard, type ReplayPage, type TimeStatistics, type WallSettings, type WasteStatistics,
} from '../../../shared/bigdata';

// One named function per call so that sagas `call` something tests can provide. Failures show on the panel they
// concern, never in the global error modal: a wall display has nobody to close it. A display's token opens these
// methods alone (WALL_METHODS): a new call of the wall goes there first.
const APP = '/api/services/app';
const SILENT = { silent: true } as const;

export function fetchOverview(): Promise<BigDataOverview> {
  return callApi('GET', `${APP}/${WALL_METHODS.overview}`, {}, SILENT);
}

export function fetchEnterpriseCard(id: number): Promise<EnterpriseCard> {
  return callApi('GET', `${APP}/${WALL_METHODS.enterpriseCard}`, { id }, SILENT);
}

export function fetchTimeStatistics(query: { Start: string; End: string; Granularity: TimeStatistics['granularity'] }): Promise<TimeStatistics> {
  return callApi('GET', `${APP}/${WALL_METHODS.timeStatistics}`, query, SILENT);
}

export function fetchWasteStatistics(query: { Start: string; End: string }): Promise<WasteStatistics> {
  return callApi('GET', `${APP}/${WALL_METHODS.wasteStatistics}`, query, SILENT);
}

export function fetchWallSettings(): Promise<WallSettings> {
  return callApi('GET', `${APP}/${WALL_METHODS.wallSettings}`, {}, SILENT);
}

export function fetchReplay(query: { Minutes: number; UpTo: number; After: number; MaxResultCount: number }): Promise<ReplayPage> {
  return callApi('GET', `${APP}/${WALL_METHODS.replay}`, query, SILENT);
}
