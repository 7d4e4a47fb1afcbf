import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { translate } from '../../shared/locales';
import type { Db } from '../db/database';
import { raw, scopeCondition, sql } from '../crud/sql';
import type { RequestContext } from '../http/context';
import { errors } from '../http/errors';
import { UPLOAD_FIELD, type UploadedFile } from '../http/uploads';
import { safeFileName } from './names';
import { sniffFileType } from './sniff';

/** What the client sees of a stored file. */
export interface StoredFileDto {
  id: number;
  name: string;
  size: number;
  contentType: string;
  creationTime: string;
}

/** What deciding who may read a file needs to know of it. */
export type ReadableFile = Pick<StoredFileRow, 'id' | 'resource' | 'creatorUserId'>;

interface StoredFileRow extends StoredFileDto {
  resource: string;
  /** Who uploaded it: an upload is readable by its uploader before any record holds it. */
  creatorUserId: number | null;
  storageName: string;
  tenantId: number | null;
}

/** The part of a request the file store uses (tests hand it a database that fails). */
export type FileContext = Pick<RequestContext, 'db' | 'config' | 'tenantId' | 'language'> & { session: { userId: number } | null };

const DTO_COLUMNS = `f.id, f.name, f.size, f.content_type as "contentType", f.creation_time as "creationTime"`;
// Generated names only: 32 hex digits and the extension of the sniffed type.
const STORAGE_NAME = /^[0-9a-f]{32}(\.[a-z0-9]{1,8})?$/;

/** Files of the host are kept apart from every tenant's. */
const tenantFolder = (tenantId: number | null) => (tenantId === null ? 'host' : String(tenantId));

/** Where a stored file's bytes are; null for a storage name the store never generates. */
export function storedFilePath(uploadDir: string, tenantId: number | null, storageName: string): string | null {
  return STORAGE_NAME.test(storageName) ? path.join(uploadDir, tenantFolder(tenantId), storageName) : null;
}

interface CheckedUpload {
  name: string;
  contentType: string;
  ext: string;
  data: Buffer;
}

/** Refuses, before anything is written, a batch with one unsafe name or one file of a type not accepted. */
async function checkUploads(language: RequestContext['language'], files: readonly UploadedFile[]): Promise<CheckedUpload[]> {
  if (files.length === 0) throw errors.invalid(language, UPLOAD_FIELD, translate(language, 'files.required'));
  const checked: CheckedUpload[] = [];
  for (const file of files) {
    const name = safeFileName(file.fileName);
    if (name === null) throw errors.invalid(language, UPLOAD_FIELD, translate(language, 'files.badName', { name: printable(file.fileName) }));
    const type = await sniffFileType(file.data);
    if (type === null) throw errors.invalid(language, UPLOAD_FIELD, translate(language, 'files.badType', { name }));
    checked.push({ name, contentType: type.mime, ext: type.ext, data: file.data });
  }
  return checked;
}

/** A refused name shown back without the control characters that made it refused. */
const printable = (name: string) => name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').slice(0, 255);

/** Writes under a temporary name and renames, so a crash never leaves a half-written file under a stored name. */
async function writeAtomically(dir: string, storageName: string, data: Buffer): Promise<string> {
  const target = path.join(dir, storageName);
  const temporary = path.join(dir, `.${storageName}.${crypto.randomBytes(4).toString('hex')}.tmp`);
  try {
    await fs.promises.writeFile(temporary, data, { flag: 'wx', mode: 0o640 });
    await fs.promises.rename(temporary, target);
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
  return target;
}

/** What an upload is for: an app service of FILE_OWNERS and, for a declared resource, one of its files fields. */
export interface UploadTarget {
  resource: string;
  field: string | null;
}

/**
 * Stores uploaded files for `target`: all or none. Names and types are checked first, the bytes written next, then the
 * rows inserted in one transaction; when that fails the written files are removed.
 */
export async function saveFiles(ctx: FileContext, target: UploadTarget, files: readonly UploadedFile[]): Promise<StoredFileDto[]> {
  const checked = await checkUploads(ctx.language, files);
  const dir = path.join(ctx.config.uploadDir, tenantFolder(ctx.tenantId));
  await fs.promises.mkdir(dir, { recursive: true });
  const written: string[] = [];
  try {
    const stored: { upload: CheckedUpload; storageName: string }[] = [];
    for (const upload of checked) {
      const storageName = `${crypto.randomBytes(16).toString('hex')}.${upload.ext}`;
      written.push(await writeAtomically(dir, storageName, upload.data));
      stored.push({ upload, storageName });
    }
    return await ctx.db.transaction(async (tx) => {
      const rows: StoredFileDto[] = [];
      for (const { upload, storageName } of stored) {
        const [row] = await tx.query<StoredFileDto>(
          `insert into stored_files as f (tenant_id, resource, field, name, size, content_type, storage_name, creator_user_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${DTO_COLUMNS}`,
          [ctx.tenantId, target.resource, target.field, upload.name, upload.data.length, upload.contentType, storageName, ctx.session?.userId ?? null]);
        rows.push(row);
      }
      return rows;
    });
  } catch (error) {
    await Promise.all(written.map((file) => fs.promises.rm(file, { force: true })));
    throw error;
  }
}

/** A live file of the tenant, or null (another tenant's file is as absent as a deleted one). */
export async function findStoredFile(db: Db, tenantId: number | null, id: number): Promise<StoredFileRow | null> {
  const rows = await db.query<StoredFileRow>(
    sql`select ${raw(DTO_COLUMNS)}, f.resource, f.storage_name as "storageName", f.tenant_id as "tenantId",
            f.creator_user_id::int as "creatorUserId"
       from stored_files f where f.id = ${id} and ${scopeCondition('f', tenantId)}`);
  return rows[0] ?? null;
}

/** The tenant's live files among `ids`, in the order asked for, with their owner; unknown ids are left out. */
export async function listStoredFiles(db: Db, tenantId: number | null, ids: readonly number[]): Promise<(StoredFileDto & ReadableFile)[]> {
  if (ids.length === 0) return [];
  const list = sql`${[...ids]}::bigint[]`;
  return db.query<StoredFileDto & ReadableFile>(
    sql`select ${raw(DTO_COLUMNS)}, f.resource, f.creator_user_id::int as "creatorUserId" from stored_files f
      where f.id = any(${list}) and ${scopeCondition('f', tenantId)}
      order by array_position(${list}, f.id)`);
}

/**
 * The ids among `ids` that a files field may not take. A record's files field names only live files of the tenant that
 * the caller uploaded for that same resource and field, or that the record already has (`attached`): another person's
 * upload, a chat file, or a file uploaded for another screen or field would otherwise show its name, size and type to
 * whoever reads the record, and its bytes to whoever holds that screen's permission.
 */
export async function unattachableFileIds(
  db: Db, tenantId: number | null, userId: number | null, target: { resource: string; field: string },
  ids: readonly number[], attached: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<{ id: number }>(
    sql`select f.id from stored_files f where f.id = any(${[...ids]}::bigint[]) and ${scopeCondition('f', tenantId)}
      and (f.id = any(${[...attached]}::bigint[])
        or (f.resource = ${target.resource} and f.field = ${target.field} and f.creator_user_id = ${userId}))`);
  const found = new Set(rows.map((r) => Number(r.id)));
  return [...new Set(ids)].filter((id) => !found.has(id));
}

/** The bytes of a stored file. */
export async function readStoredFile(uploadDir: string, file: StoredFileRow): Promise<Buffer | null> {
  const location = storedFilePath(uploadDir, file.tenantId, file.storageName);
  if (!location) return null;
  try {
    return await fs.promises.readFile(location);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
