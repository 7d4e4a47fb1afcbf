import type { PermissionName } from '../../../shared/permissions';
import { crudPath } from '../../../shared/resource-kit';
import { driver, enterpriseinformation, hazardouswasteinformation, transferorder, vehicleinformation, wastecode } from '../../../shared/resources';
import { screenKey } from '../../crud/view';

export const TRANSFER_RESOURCE = transferorder.name;

/** The two lists of the screen: orders my enterprises consign or carry (C), orders addressed to me to sign (S). */
export type TransferList = 'C' | 'S';
const TRANSFER_LISTS: readonly TransferList[] = ['C', 'S'];

/**
 * Each list is a variant of the generic screen with its own paging, sorting and filters (`TransferOrder@c`); the
 * `List` parameter is its scope, which the clerk's filters and a reset cannot remove.
 */
export const listKey = (list: TransferList): string => screenKey(TRANSFER_RESOURCE, list.toLowerCase());
export const listScope = (list: TransferList) => ({ List: list });
export const LIST_KEYS: readonly string[] = TRANSFER_LISTS.map(listKey);

/** Which lists a route shows, first the one it opens on. */
export const ROUTE_LISTS: Record<string, readonly TransferList[]> = {
  transferorder: ['C', 'S'],
  transferreception: ['S'],
};

export const APPLY: PermissionName = 'Pages.TransferApplication';
export const RECEIVE: PermissionName = 'Pages.TransferReception';

const path = (method: string) => crudPath(TRANSFER_RESOURCE, method);

export const TRANSFER_PATHS = {
  get: path('Get'),
  create: path('AddProductionWaste'),
  check: path('CheckProductionWaste'),
  update: path('Update'),
  remove: path('Delete'),
  declare: path('Updatedeclarestatus'),
  vehicles: path('UpdatedTransferOrderVehicles'),
  reception: path('UpdateTransferOrderReception'),
  signee: path('UpdateSigneeimg'),
  upload: path('UploadFile'),
} as const;

export const USER_GET_PATH = crudPath('User', 'Get');

/** A declared resource's own lookup list. */
const declaredLookup = (resource: { name: string; lookup?: { method: string } }) => ({ resource: resource.name, method: resource.lookup?.method ?? '' });

/** Lookups the screen's pickers read (cached in the crud slice); a transporter's crew comes by its enterprise. */
export const LOOKUPS = {
  enterprises: declaredLookup(enterpriseinformation),
  wastes: declaredLookup(hazardouswasteinformation),
  vehicles: { resource: vehicleinformation.name, method: 'GetListByEfid' },
  drivers: { resource: driver.name, method: 'GetDriverListByEfid' },
  wastecodes: declaredLookup(wastecode),
};

