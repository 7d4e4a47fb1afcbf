import type { FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Language } from '../../shared/resource-kit';
import { translate } from '../../shared/locales';
import type { ServerConfig } from '../config';
import { AppError, errors } from './errors';
import { propertyOf } from '../../shared/json';

/** One file of a multipart upload, held in memory (uploads are capped by `maxUploadBytes`). */
export interface UploadedFile {
  /** The name the client declared, path included when it sent one: not trusted (the file store checks it). */
  fileName: string;
  /** The content type the client declared: not trusted (the file store sniffs the bytes). */
  declaredType: string;
  data: Buffer;
}

/** The form field upload methods read files from (matched case-insensitively, as ABP binds names). */
export const UPLOAD_FIELD = 'file';
const MAX_FILES_PER_REQUEST = 10;

/** Options of @fastify/multipart for the app-service routes. */
export function multipartOptions(config: ServerConfig): FastifyMultipartOptions {
  return {
    limits: { fileSize: config.maxUploadBytes, files: MAX_FILES_PER_REQUEST, fields: 100, parts: 200 },
    // Busboy would otherwise cut `../../x.pdf` down to `x.pdf`; the file store must see (and refuse) the real name.
    preservePath: true,
    // A file over the limit is read to its end and refused after the form, so the connection stays usable
    // and the client reads our answer instead of a reset.
    throwFileSizeLimit: false,
  };
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(1)} MB` : `${+(bytes / 1024).toFixed(1)} KB`;

function tooLargeError(language: Language, maxBytes: number): AppError {
  const message = translate(language, 'files.tooLarge', { max: formatBytes(maxBytes) });
  return new AppError(413, translate(language, 'errors.invalidRequest'), message, [{ message, members: [UPLOAD_FIELD] }]);
}

/**
 * Reads a multipart form: the files of field `file` and the text fields (a repeated name becomes a list, as in a
 * query string). Limits and malformed bodies end as 4xx envelopes naming `file`.
 */
export async function readUploadForm(
  request: FastifyRequest, language: Language, maxBytes: number,
): Promise<{ fields: Record<string, string | string[]>; files: UploadedFile[] }> {
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  let tooLarge = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) if (!tooLarge) chunks.push(chunk as Buffer);
        if (part.file.truncated) tooLarge = true;
        else if (!tooLarge && part.fieldname.toLowerCase() === UPLOAD_FIELD) {
          files.push({ fileName: part.filename, declaredType: part.mimetype, data: Buffer.concat(chunks) });
        }
      } else {
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        const previous = fields[part.fieldname];
        fields[part.fieldname] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (propertyOf(error, 'code') === 'FST_FILES_LIMIT') {
      throw errors.invalid(language, UPLOAD_FIELD, translate(language, 'files.tooMany', { max: MAX_FILES_PER_REQUEST }));
    }
    throw errors.invalid(language, UPLOAD_FIELD, translate(language, 'files.malformed'));
  }
  if (tooLarge) throw tooLargeError(language, maxBytes);
  return { fields, files };
}
