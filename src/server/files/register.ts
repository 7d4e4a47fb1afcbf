import { translate } from '../../shared/locales';
import { authorize, type AppServiceRegistry } from '../http/app-services';
import type { RequestContext } from '../http/context';
import type { ServiceContext } from '../crud/engine';
import { errors } from '../http/errors';
import type { Input } from '../http/input';
import { UPLOAD_FIELD, type UploadedFile } from '../http/uploads';
import { guessContractFields, type ContractFields } from './contract-fields';
import { FILE_OWNERS, findFileOwner, mayReadFile, type FileOwner } from './owners';
import { extractPdfText } from './pdf-text';
import { sniffFileType } from './sniff';
import { findStoredFile, listStoredFiles, readStoredFile, saveFiles, type UploadTarget } from './store';

/** Ids asked for at once by `File/GetFiles`. */
const MAX_LISTED_FILES = 100;

function singleFile(ctx: RequestContext, files: readonly UploadedFile[]): UploadedFile[] {
  if (files.length > 1) throw errors.invalid(ctx.language, UPLOAD_FIELD, translate(ctx.language, 'files.single'));
  return [...files];
}

/**
 * What an upload is for: the form field `field` names one of the owner's files fields (any case); a resource with a
 * single files field may leave it out. Only what it was uploaded for can later take the file.
 */
function uploadTarget(ctx: RequestContext, owner: FileOwner, input: Input): UploadTarget {
  if (owner.fields.length === 0) return { resource: owner.service, field: null };
  const named = input.optionalString('field', 64)?.trim().toLowerCase();
  const field = named ? owner.fields.find((f) => f.toLowerCase() === named) : owner.fields.length === 1 ? owner.fields[0] : undefined;
  if (!field) throw errors.invalid(ctx.language, 'field', translate(ctx.language, 'files.field', { fields: owner.fields.join(', ') }));
  return { resource: owner.service, field };
}

/** `Ids=1&Ids=2` (or one `Ids=1`) as whole numbers. */
function fileIds(ctx: RequestContext, input: Input): number[] {
  const raw = input.get('ids');
  if (raw === undefined || raw === '' || raw === null) return [];
  const list = Array.isArray(raw) ? raw : [raw];
  const ids = list.map((value) => (typeof value === 'number' ? value : Number(String(value).trim())));
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) {
    throw errors.invalid(ctx.language, 'ids', translate(ctx.language, 'validation.integer', { field: 'Ids' }));
  }
  if (ids.length > MAX_LISTED_FILES) {
    throw errors.invalid(ctx.language, 'ids', translate(ctx.language, 'validation.max', { field: 'Ids', max: MAX_LISTED_FILES }));
  }
  return ids;
}

/** The PDF to read: the uploaded file, or the tenant's stored file `fileId` (which needs its owner's permission). */
async function pdfBytes(ctx: ServiceContext, input: Input, files: readonly UploadedFile[]): Promise<{ data: Buffer; member: string }> {
  const [upload] = singleFile(ctx, files);
  if (upload) {
    const type = await sniffFileType(upload.data);
    if (type?.mime !== 'application/pdf') {
      throw errors.invalid(ctx.language, UPLOAD_FIELD, translate(ctx.language, 'files.notPdf', { name: upload.fileName }));
    }
    return { data: upload.data, member: UPLOAD_FIELD };
  }
  const fileId = input.optionalInt('fileId', { min: 1 });
  if (fileId === undefined) throw errors.invalid(ctx.language, UPLOAD_FIELD, translate(ctx.language, 'files.pdfOrFileId'));
  const file = await findStoredFile(ctx.db, ctx.tenantId, fileId);
  const owner = file && findFileOwner(file.resource);
  if (!file || !owner) throw errors.notFound(ctx.language, 'File', fileId);
  authorize(ctx, { anyOf: owner.permissions });
  if (!(await mayReadFile(ctx, file))) throw errors.notFound(ctx.language, 'File', fileId);
  if (file.contentType !== 'application/pdf') {
    throw errors.invalid(ctx.language, 'fileId', translate(ctx.language, 'files.notPdf', { name: file.name }));
  }
  const data = await readStoredFile(ctx.config.uploadDir, file);
  if (!data) throw errors.notFound(ctx.language, 'File', fileId);
  return { data, member: 'fileId' };
}

/**
 * The attachment methods: `UploadFile` for every owner of FILE_OWNERS, that is every declared resource with a files
 * field and chat (plus `SaveFiles` where it says so),
 * `File/GetFiles` to show attachment names, and `Contract/PdfFileTxt` to prefill a contract from its PDF.
 */
export function registerFileServices(registry: AppServiceRegistry): void {
  for (const owner of FILE_OWNERS) {
    const access = { anyOf: owner.permissions };
    registry.add({
      service: owner.service, method: 'UploadFile', verb: 'POST', access, upload: true, parameters: ['file', 'field'],
      summary: 'Stores one attachment for the files field `field`; answers { id, name, size, contentType, creationTime }.',
      handler: async (ctx, input, files) => (await saveFiles(ctx, uploadTarget(ctx, owner, input), singleFile(ctx, files)))[0],
    });
    if (owner.saveFiles) {
      registry.add({
        service: owner.service, method: 'SaveFiles', verb: 'POST', access, upload: true, parameters: ['file', 'field'],
        summary: 'Stores several attachments for the files field `field` at once (all or none).',
        handler: (ctx, input, files) => saveFiles(ctx, uploadTarget(ctx, owner, input), files),
      });
    }
  }

  registry.add({
    service: 'File', method: 'GetFiles', verb: 'GET', access: 'user', parameters: ['ids'],
    summary: 'Name, size and type of the files among Ids the caller may download (others are left out).',
    async handler(ctx, input) {
      const files = await listStoredFiles(ctx.db, ctx.tenantId, fileIds(ctx, input));
      const readable = await Promise.all(files.map((file) => mayReadFile(ctx, file)));
      return files.filter((_, i) => readable[i]).map(({ resource: _owner, creatorUserId: _uploader, ...dto }) => dto);
    },
  });

  registry.add({
    service: 'Contract', method: 'PdfFileTxt', verb: 'POST', access: { anyOf: ['Pages.ContractManagement'] }, upload: true,
    parameters: ['file', 'fileId'],
    summary: 'Text of a contract PDF and the contract fields it suggests.',
    handler: async (ctx, input, files): Promise<{ text: string; fields: ContractFields }> => {
      const { data, member } = await pdfBytes(ctx, input, files);
      const text = await extractPdfText(data, ctx.language, member);
      return { text, fields: guessContractFields(text) };
    },
  });
}
