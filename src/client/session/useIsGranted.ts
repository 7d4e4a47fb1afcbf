import { useSelector } from 'react-redux';
import type { UserConfiguration } from '../api/types';
import { isGranted } from './config';

/**
 * Whether the current user holds a permission. Read from the application state when there is one; screens rendered
 * on their own (a store of the crud slice only) show everything and let the server refuse.
 */
export function useIsGranted(permission: string): boolean {
  return useSelector((state: { app?: { config?: UserConfiguration } }) =>
    (state.app?.config ? isGranted(state.app.config, permission) : true));
}
