import path from 'node:path';
import type { Language } from '../../shared/resource-kit';
import { translate } from '../../shared/locales';
import { errors } from '../http/errors';
import { propertyOf } from '../../shared/json';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

/** Pages read at most: contracts are short, and a huge document must not hold the server. */
const MAX_PDF_PAGES = 50;

let loading: Promise<PdfJs> | null = null;

/**
 * pdf.js, loaded on first use (it is large and only this feature needs it). Importing the worker module first
 * registers its message handler on `globalThis.pdfjsWorker`, so pdf.js parses in this thread instead of looking for
 * a worker file to spawn: Node has no web workers, and the legacy build is the one meant for Node.
 */
function loadPdfJs(): Promise<PdfJs> {
  loading ??= import('pdfjs-dist/legacy/build/pdf.worker.mjs')
    .then(() => import('pdfjs-dist/legacy/build/pdf.mjs'))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

// The predefined CJK CMaps (UniGB-UCS2-H, Adobe-GB1-UCS2 …) turn text of non-embedded Chinese fonts into characters.
const PDFJS_ROOT = path.dirname(require.resolve('pdfjs-dist/package.json'));
const dataDir = (name: string) => path.join(PDFJS_ROOT, name) + path.sep;

export interface PositionedText {
  str: string;
  /** [a, b, c, d, x, y] of the text's start. */
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

/**
 * Text items in content order, one output line per line of the page: a new line starts after an item that ends one
 * and wherever the baseline moves by more than half a glyph; a visible gap on the same line becomes a space.
 */
export function joinTextItems(items: readonly PositionedText[]): string {
  const lines: string[] = [];
  let line = '';
  let last: PositionedText | null = null;
  for (const item of items) {
    if (last) {
      const size = Math.max(Math.abs(item.transform[3]) || item.height, Math.abs(last.transform[3]) || last.height, 1);
      const newLine = last.hasEOL || Math.abs(item.transform[5] - last.transform[5]) > size / 2;
      if (newLine) {
        lines.push(line);
        line = '';
      } else if (item.str && line && !/\s$/.test(line) && item.transform[4] - (last.transform[4] + last.width) > size / 4) {
        line += ' ';
      }
    }
    line += item.str;
    last = item;
  }
  if (last) lines.push(line);
  return lines.map((l) => l.trimEnd()).filter((l) => l.trim() !== '').join('\n');
}

/** The text of a PDF, page after page; an encrypted or unreadable document is the client's 400 on field `member`. */
export async function extractPdfText(data: Uint8Array, language: Language, member: string): Promise<string> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // pdf.js takes ownership of the array it is given.
    data: new Uint8Array(data),
    cMapUrl: dataDir('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: dataDir('standard_fonts'),
    wasmUrl: dataDir('wasm'),
    iccUrl: dataDir('iccs'),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    const document = await task.promise;
    const pages: string[] = [];
    for (let number = 1; number <= Math.min(document.numPages, MAX_PDF_PAGES); number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(joinTextItems(content.items.flatMap((item) => ('str' in item ? [item] : []))));
      page.cleanup();
    }
    return pages.filter(Boolean).join('\n');
  } catch (error) {
    const key = propertyOf(error, 'name') === 'PasswordException' ? 'files.pdfEncrypted' : 'files.pdfUnreadable';
    throw errors.invalid(language, member, translate(language, key));
  } finally {
    await task.destroy();
  }
}
