import { CHAT_FILE_OWNER } from '../../shared/chat';
import type { PermissionName } from '../../shared/permissions';
import { resourcePermissions, type Resource } from '../../shared/resource-kit';
import { RESOURCES } from '../../shared/resources';
import type { Db } from '../db/database';
import type { ServiceContext } from '../crud/engine';
import type { ReadableFile } from './store';
import { chatFileReadable } from '../modules/chat/files';

/** An app service whose records carry attachments: it gets `UploadFile`, and reading its files needs its permissions. */
export interface FileOwner {
  service: string;
  /** Any one of them lets a user upload and download the service's files. */
  permissions: PermissionName[];
  /** The files fields an upload is for (`stored_files.field`); none for chat files, which belong to a conversation. */
  fields: readonly string[];
  /** Also offers `SaveFiles`, several files in one request. */
  saveFiles?: boolean;
  /** Beyond the permission: may this user read this file? (Chat files belong to a conversation, not to a screen.) */
  readableBy?(db: Db, tenantId: number | null, userId: number, fileId: number): Promise<boolean>;
}

/** The files fields of a declaration, in declaration order. */
export const filesFieldsOf = (resource: Resource): string[] => resource.fieldNames.filter((name) => resource.fields[name].kind === 'files');

/** The old back office's `EnterpriseInformation/SaveFiles`, several files in one request, kept for its clients. */
const SAVES_SEVERAL = new Set(['EnterpriseInformation']);

/** Chat attachments: uploaded by one person for a message to another, readable by the two of them only. */
const CHAT_FILES: FileOwner = { service: CHAT_FILE_OWNER, permissions: ['Pages.ChatLog'], fields: [], readableBy: chatFileReadable };

/**
 * Every declared resource with a files field, whoever may use the resource, and chat: the upload methods, the download
 * check and `stored_files.resource` all follow this table, so a files field added to a declaration can be uploaded to.
 */
export const FILE_OWNERS: readonly FileOwner[] = [
  ...RESOURCES.filter((resource) => filesFieldsOf(resource).length > 0).map((resource): FileOwner => ({
    service: resource.name,
    permissions: resourcePermissions(resource),
    fields: filesFieldsOf(resource),
    saveFiles: SAVES_SEVERAL.has(resource.name),
  })),
  CHAT_FILES,
];

export function findFileOwner(service: string): FileOwner | undefined {
  const wanted = service.toLowerCase();
  return FILE_OWNERS.find((owner) => owner.service.toLowerCase() === wanted);
}

/**
 * May the caller read this stored file — its bytes, or its name, size and type? One of its owner's permissions, and
 * then what the owner adds (a chat file: one of the two people), or else a record's file: the caller's own upload,
 * or a file a record the caller may see holds. The permission alone is not enough: it does not reach across
 * enterprises or areas.
 */
export async function mayReadFile(ctx: ServiceContext, file: ReadableFile): Promise<boolean> {
  const owner = findFileOwner(file.resource);
  if (!owner || !ctx.session || !owner.permissions.some((p) => ctx.isGranted(p))) return false;
  if (owner.readableBy) return owner.readableBy(ctx.db, ctx.tenantId, ctx.session.userId, file.id);
  return file.creatorUserId === ctx.session.userId || ctx.resources.of(owner.service).showsFile(ctx, ctx.db, file.id);
}
