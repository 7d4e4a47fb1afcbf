import { isAxiosError } from 'axios';
import { buffers, END, eventChannel, type EventChannel } from 'redux-saga';
import { http, type AbpEnvelope } from '../api/http';
import type { FileInfo } from '../../shared/resource-kit';
import { toCrudError } from './api-error';
import type { CrudError } from './types';

/** Where a stored file is read (the bearer header is added by the http instance's interceptors). */
const fileUrl = (id: number) => `/api/files/${id}`;

// Files chosen for upload wait here for their saga: a File in an action or the store would make both
// unserialisable (and the store's checks complain), while the saga only needs it for the one request.
const heldFiles = new Map<string, File>();
let uploadSeq = 0;

/** Keeps a chosen file until its upload saga takes it; returns the upload id to put in the action. */
export function holdFile(file: File): string {
  uploadSeq += 1;
  const id = `upload-${Date.now().toString(36)}-${uploadSeq}`;
  heldFiles.set(id, file);
  return id;
}

/** The held file of an upload, handed over once. */
export function takeHeldFile(uploadId: string): File | undefined {
  const file = heldFiles.get(uploadId);
  heldFiles.delete(uploadId);
  return file;
}

export type UploadEvent =
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'done'; file: FileInfo }
  | { type: 'failed'; error: CrudError };

/**
 * Posts `file` as the multipart field `file`, with the text fields `fields` (the files field it is for), and reports
 * progress, the stored file or the failure as channel events. Closing the channel aborts the request. Silent: the
 * editor shows the failure under the field.
 */
export function createUploadChannel(url: string, file: File, fields: Record<string, string> = {}): EventChannel<UploadEvent> {
  return eventChannel<UploadEvent>((emit) => {
    const controller = new AbortController();
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file, file.name);
    http.post<AbpEnvelope<FileInfo>>(url, form, {
      signal: controller.signal,
      silent: true,
      onUploadProgress: (e) => emit({ type: 'progress', loaded: e.loaded, total: e.total ?? file.size }),
    }).then(
      (response) => {
        emit({ type: 'done', file: response.data.result });
        emit(END);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        emit({ type: 'failed', error: toCrudError(error) });
        emit(END);
      },
    );
    return () => controller.abort();
    // Buffered: the end must not be lost while the saga is busy reporting the last progress.
  }, buffers.expanding<UploadEvent>(8));
}

/**
 * The bytes of a stored file. A refusal arrives as a Blob too: it is read back into the ABP envelope so that the
 * clerk sees the server's message.
 */
export async function fetchFileBlob(id: number): Promise<Blob> {
  try {
    const response = await http.get<Blob>(fileUrl(id), { responseType: 'blob', silent: true });
    return response.data;
  } catch (error) {
    if (isAxiosError(error) && error.response?.data instanceof Blob) {
      try {
        const body: unknown = JSON.parse(await error.response.data.text());
        error.response.data = body;
      } catch {
        // Not JSON: the status line is all there is to say.
      }
    }
    throw error;
  }
}

/** Hands a downloaded file to the browser under its stored name. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** `532 B`, `12 KB`, `1.2 MB`: one decimal below 10 of a unit, none above. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = value < 10 ? value.toFixed(1).replace(/\.0$/, '') : String(Math.round(value));
  return `${text} ${UNITS[unit]}`;
}

const isFileInfo = (v: unknown): v is FileInfo =>
  typeof v === 'object' && v !== null && typeof (v as FileInfo).id === 'number';

/** The attachments of a value as the form keeps them (reads give objects; bare ids are kept with a placeholder name). */
export function fileInfosOf(value: unknown): FileInfo[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v): FileInfo[] => {
    if (isFileInfo(v)) return [{ id: v.id, name: String(v.name ?? `#${v.id}`), size: Number(v.size ?? 0), contentType: String(v.contentType ?? '') }];
    const id = Number(v);
    return Number.isInteger(id) && id > 0 ? [{ id, name: `#${id}`, size: 0, contentType: '' }] : [];
  });
}
