import type { FieldDef } from '../../shared/resource-kit';
import { dateStamp, displayText, formatDate, formatDateTime, toNumber } from './format';
import type { ResourceView, Translate } from './types';
import { columnWidth, listFieldNames } from './view';

type ExportCell = string | number | null;
type ExportRow = Record<string, ExportCell>;

interface ExportColumn {
  field: string;
  header: string;
  /** Column width in pixels (from the declaration, like the table). */
  width: number;
}

/** The exported columns: the table's columns, headed by their localised labels (made unique for the sheet). */
export function exportColumns(view: ResourceView, t: Translate): ExportColumn[] {
  const seen = new Set<string>();
  return listFieldNames(view).map((field) => {
    let header = t(view.i18n.field(field));
    for (let n = 2; seen.has(header); n++) header = `${t(view.i18n.field(field))} (${n})`;
    seen.add(header);
    return { field, header, width: columnWidth(view.fields[field]) };
  });
}

// A text cell beginning with one of these is read by Excel as a formula; a leading quote makes it plain text.
const FORMULA_START = /^[=+\-@\t\r]/;
const asText = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

// Numbers stay numbers so that Excel can sum them; everything else is the text the table shows, never a formula.
function exportCell(name: string, def: FieldDef, row: Record<string, unknown>, t: Translate, zone: string): ExportCell {
  switch (def.kind) {
    case 'integer':
    case 'decimal':
      return toNumber(row[name]);
    case 'date':
      return formatDate(row[name], zone) || null;
    case 'datetime':
      return formatDateTime(row[name], zone) || null;
    default: {
      const text = displayText(name, def, row, t, zone);
      return text === '' ? null : asText(text);
    }
  }
}

/** Rows for `utils.json_to_sheet`: one object per item, keyed by header, in column order, times on `zone`'s clock. Pure. */
export function buildExportRows(view: ResourceView, items: readonly Record<string, unknown>[], t: Translate, zone: string): ExportRow[] {
  const columns = exportColumns(view, t);
  return items.map((item) => {
    const row: ExportRow = {};
    for (const c of columns) row[c.header] = exportCell(c.field, view.fields[c.field], item, t, zone);
    return row;
  });
}

const INVALID_FILE_CHARS = /[\\/:*?"<>|]/g;
const INVALID_SHEET_CHARS = /[\\/:*?[\]]/g;

/** `<title>-<yyyyMMdd>.xlsx`, the tenant's day of `at`. */
export const exportFileName = (title: string, at: number, zone: string) => `${title.replace(INVALID_FILE_CHARS, '_')}-${dateStamp(at, zone)}.xlsx`;

export interface Workbook {
  fileName: string;
  sheetName: string;
  columns: ExportColumn[];
  rows: ExportRow[];
}

/**
 * Builds the sheet and hands the file to the browser (the one side effect of an export). SheetJS is loaded on first
 * export: it is a third of the login screen's download otherwise.
 */
export async function writeWorkbook({ fileName, sheetName, columns, rows }: Workbook): Promise<void> {
  const { utils, writeFile } = await import(/* webpackChunkName: "xlsx" */ 'xlsx');
  const sheet = utils.json_to_sheet(rows, { header: columns.map((c) => c.header) });
  sheet['!cols'] = columns.map((c) => ({ wpx: c.width }));
  const book = utils.book_new();
  // Excel limits sheet names to 31 characters and forbids a few.
  utils.book_append_sheet(book, sheet, sheetName.replace(INVALID_SHEET_CHARS, '_').slice(0, 31) || 'Sheet1');
  writeFile(book, fileName, { compression: true });
}
