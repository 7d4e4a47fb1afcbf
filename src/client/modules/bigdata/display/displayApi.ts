import { DISPLAY_AUTH_PATH } from '../../../../shared/bigdata';
import { callApi } from '../../../api/http';
import type { AuthenticateResult } from '../../../api/types';

/** What a display's sign-in answers: a login's result and the tenant its token belongs to. */
export interface DisplayAuthenticateResult extends AuthenticateResult {
  tenantId: number | null;
}

/**
 * Exchanges the display token for an access token. Silent: a refusal is the wall's own full-screen message, and a
 * 401 here is no expired session to end (the stale token the interceptor may attach is simply ignored by the server).
 */
export function displayAuthenticate(displayToken: string): Promise<DisplayAuthenticateResult> {
  return callApi('POST', DISPLAY_AUTH_PATH, { displayToken }, { silent: true });
}
