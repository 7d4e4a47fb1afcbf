import { callApi } from '../../api/http';
import type {
  InspectionInput, OpenWarningRow, SeqList, StoragePointDetail, StoragePointRow, WarningTargetStatus,
} from './types';

// One named function per call so that sagas `call` something tests can provide. Every failure is shown beside what
// failed (a toast, the dialog, the panel), never in the global error modal.
const APP = '/api/services/app';
const SILENT = { silent: true } as const;

const MONITORING_PATHS = {
  storageFinal: `${APP}/Hazardouswastestorage/GetHazardouswastestoragefinaldata`,
  storagePoint: `${APP}/Hazardouswastestorage/GetGetHazardouswastestoragefinaldataById`,
  correctWeight: `${APP}/Hazardouswastestorage/UpdateCurrentWeight`,
  openWarnings: `${APP}/EquipmentWarning/GetOpenWarnings`,
  warningStatus: `${APP}/EquipmentWarning/UpdateEquipmentWarningStatus`,
  regenerateKey: `${APP}/Smartequipment/RegenerateKey`,
  createInspection: `${APP}/RegularInspections/Create`,
} as const;

export function fetchStorageFinal(): Promise<SeqList<StoragePointRow>> {
  return callApi('GET', MONITORING_PATHS.storageFinal, {}, SILENT);
}

export function fetchStoragePoint(id: number): Promise<StoragePointDetail> {
  return callApi('GET', MONITORING_PATHS.storagePoint, { Id: id }, SILENT);
}

export function correctWeight(input: { id: number; currentWeight: number; reason: string }): Promise<unknown> {
  return callApi('PUT', MONITORING_PATHS.correctWeight, input, SILENT);
}

/** The server's upper bound; a console with more open warnings than this has bigger problems than a partial list. */
export const OPEN_WARNINGS_LIMIT = 5000;

export function fetchOpenWarnings(limit = OPEN_WARNINGS_LIMIT): Promise<SeqList<OpenWarningRow>> {
  return callApi('GET', MONITORING_PATHS.openWarnings, { MaxResultCount: limit }, SILENT);
}

export function updateWarningStatus(input: { id: number; status: WarningTargetStatus; note: string }): Promise<unknown> {
  return callApi('PUT', MONITORING_PATHS.warningStatus, input, SILENT);
}

export function regenerateDeviceKey(id: number): Promise<{ deviceKey: string }> {
  return callApi('POST', MONITORING_PATHS.regenerateKey, { id }, SILENT);
}

export function createInspection(input: InspectionInput): Promise<unknown> {
  return callApi('POST', MONITORING_PATHS.createInspection, input, SILENT);
}
