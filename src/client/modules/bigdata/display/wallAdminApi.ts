import type { DisplayAccountDto, DisplayTokenDto, WallSettings } from '../../../../shared/bigdata';
import { callApi } from '../../../api/http';

// The administrator's calls of the wall settings dialog; silent, because the dialog shows each failure where it
// happened (the settings form, the issue form, the revoke alert).
const BIGDATA = '/api/services/app/BigData';
const SILENT = { silent: true } as const;

export function updateWallSettings(settings: WallSettings): Promise<WallSettings> {
  return callApi('PUT', `${BIGDATA}/UpdateWallSettings`, settings, SILENT);
}

export function fetchDisplayTokens(): Promise<DisplayTokenDto[]> {
  return callApi('GET', `${BIGDATA}/GetDisplayTokens`, {}, SILENT);
}

export function fetchDisplayAccounts(): Promise<DisplayAccountDto[]> {
  return callApi('GET', `${BIGDATA}/GetDisplayAccounts`, {}, SILENT);
}

export function createDisplayToken(input: { userId: number; name: string }): Promise<{ id: number; token: string }> {
  return callApi('POST', `${BIGDATA}/CreateDisplayToken`, input, SILENT);
}

export function revokeDisplayToken(id: number): Promise<null> {
  return callApi('POST', `${BIGDATA}/RevokeDisplayToken`, { id }, SILENT);
}
