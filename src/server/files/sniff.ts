import { fileTypeFromBuffer } from 'file-type/core';

interface SniffedType {
  mime: string;
  /** Extension of the stored file on disk. */
  ext: string;
}

// What attachments may be, by their bytes: PDF, common images, and Office documents.
const ALLOWED = new Set([
  'application/pdf',
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]);

// Legacy Office files are Compound File Binary containers (as are .msi and .msg): the stream that holds the
// document says which application wrote it.
const CFB_DOCUMENTS: { stream: string; type: SniffedType }[] = [
  { stream: 'WordDocument', type: { mime: 'application/msword', ext: 'doc' } },
  { stream: 'Workbook', type: { mime: 'application/vnd.ms-excel', ext: 'xls' } },
  { stream: 'Book', type: { mime: 'application/vnd.ms-excel', ext: 'xls' } },
  { stream: 'PowerPoint Document', type: { mime: 'application/vnd.ms-powerpoint', ext: 'ppt' } },
];

const CFB_HEADER_SIZE = 512;
const CFB_ENTRY_SIZE = 128;
const CFB_STREAM = 2;

/**
 * Names of the streams in a compound file's directory. Directory sectors start on sector boundaries (512 or 4096
 * bytes), so every entry sits at a multiple of 128 bytes; an entry is recognised by its well-formed header fields.
 */
function cfbStreamNames(data: Uint8Array): Set<string> {
  const names = new Set<string>();
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let offset = CFB_HEADER_SIZE; offset + CFB_ENTRY_SIZE <= data.length; offset += CFB_ENTRY_SIZE) {
    const nameBytes = view.getUint16(offset + 64, true);
    if (view.getUint8(offset + 66) !== CFB_STREAM || nameBytes < 4 || nameBytes > 64 || nameBytes % 2 !== 0) continue;
    if (view.getUint16(offset + nameBytes - 2, true) !== 0) continue;
    let name = '';
    for (let i = 0; i < nameBytes - 2; i += 2) name += String.fromCharCode(view.getUint16(offset + i, true));
    names.add(name);
  }
  return names;
}

/** The content type of `data` judged by its bytes alone, or null when it is not an accepted kind of attachment. */
export async function sniffFileType(data: Uint8Array): Promise<SniffedType | null> {
  const detected = await fileTypeFromBuffer(data);
  if (!detected) return null;
  if (detected.ext === 'cfb') {
    const streams = cfbStreamNames(data);
    return CFB_DOCUMENTS.find((d) => streams.has(d.stream))?.type ?? null;
  }
  return ALLOWED.has(detected.mime) ? { mime: detected.mime, ext: detected.ext } : null;
}
