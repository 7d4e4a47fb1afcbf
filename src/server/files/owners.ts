import type { PermissionName } from '../../shared/permissions';
import type { Db } from '../db/database';
import type { RequestContext } from '../http/context';
import { chatFileReadable } from '../modules/chat/files';

/** An app service whose records carry attachments: it gets `UploadFile`, and reading its files needs its permissions. */
export interface FileOwner {
  service: string;
  /** Any one of them lets a user upload and download the service's files. */
  permissions: PermissionName[];
  /** Also offers `SaveFiles`, several files in one request. */
  saveFiles?: boolean;
  /** Beyond the permission: may this user read this file? (Chat files belong to a conversation, not to a screen.) */
  readableBy?(db: Db, tenantId: number | null, userId: number, fileId: number): Promise<boolean>;
}

// One line per owner: the upload methods, the download check and `stored_files.resource` all follow this table.
export const FILE_OWNERS: readonly FileOwner[] = [
  {
    service: 'EnterpriseInformation',
    permissions: ['Pages.EnterpriseInformation', 'Pages.EnterpriseInformationCP', 'Pages.EnterpriseInformationWP', 'Pages.EnterpriseInformationTP'],
    saveFiles: true,
  },
  { service: 'Contract', permissions: ['Pages.ContractManagement'] },
  { service: 'RegularInspections', permissions: ['Pages.RegularInspections'] },
  { service: 'TransferOrder', permissions: ['Pages.TransferApplication', 'Pages.TransferReception'] },
  { service: 'ChatLog', permissions: ['Pages.ChatLog'], readableBy: chatFileReadable },
];

export function findFileOwner(service: string): FileOwner | undefined {
  const wanted = service.toLowerCase();
  return FILE_OWNERS.find((owner) => owner.service.toLowerCase() === wanted);
}

/**
 * May the caller read this stored file — its bytes, or its name, size and type? One of its owner's permissions, and
 * whatever the owner adds (a chat file: one of the two people).
 */
export async function mayReadFile(ctx: RequestContext, file: { id: number; resource: string }): Promise<boolean> {
  const owner = findFileOwner(file.resource);
  if (!owner || !ctx.session || !owner.permissions.some((p) => ctx.isGranted(p))) return false;
  return !owner.readableBy || owner.readableBy(ctx.db, ctx.tenantId, ctx.session.userId, file.id);
}
