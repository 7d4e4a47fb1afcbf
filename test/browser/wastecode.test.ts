// The waste-code screen as a clerk uses it: search, page, export to Excel (the file read back with xlsx).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { useBrowserApp } from './support/harness';
import {
  byTestId, expectPath, expectText, expectTotal, logIn, openFromSidebar, rowNumber, tableRow, until,
} from './support/ui';

const ADMIN = { userName: 'admin', password: '123qwe' };
const NATIONAL_LIST_CODES = 467;
// The codes of the petroleum-refining industry, 251-xxx-xx: more than one page, fewer than two.
const KEYWORD = '251-';

const app = useBrowserApp();
let downloads: string;

beforeAll(async () => {
  downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'browser-downloads-'));
}, 120_000);

afterAll(async () => {
  if (downloads) fs.rmSync(downloads, { recursive: true, force: true });
});

/** The tenant's codes matching the keyword, straight from the database (the oracle for the screen's total). */
async function codesInDatabase(keyword: string): Promise<string[]> {
  const rows = await app.db.query<{ code: string }>(
    'select code from waste_code where tenant_id = 1 and not is_deleted and code like $1 order by code', [`%${keyword}%`],
  );
  return rows.map((r) => r.code);
}

/** Clicks Export, waits for the browser's download and reads the workbook's first sheet as rows of cells. */
async function exportRows(page: Page): Promise<{ fileName: string; rows: unknown[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), byTestId(page, 'btn-export').click()]);
  const file = path.join(downloads, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  // The progress dialog closes once the file is written.
  await byTestId(page, 'export-progress').waitFor({ state: 'detached' });
  const book = XLSX.readFile(file);
  const sheet = book.Sheets[book.SheetNames[0]];
  return { fileName: download.suggestedFilename(), rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false }) };
}

test('search by keyword, page forward, and export what the list shows', async () => {
  const expectedCodes = await codesInDatabase(KEYWORD);
  expect(expectedCodes.length).toBeGreaterThan(10);
  expect(expectedCodes.length).toBeLessThanOrEqual(20);

  const page = await app.newPage();
  await logIn(page, ADMIN);
  await openFromSidebar(page, 'basicinformation', 'wastecode');
  await expectPath(page, '/basicinformation/wastecode');
  await byTestId(page, 'resource-page-Wastecode').waitFor();
  await expectTotal(page, NATIONAL_LIST_CODES);
  await expectText(byTestId(page, 'pager-page'), '第 1 / 47 页');

  // Keyword search (Enter in the box): the total and the first page follow.
  await byTestId(page, 'keyword').fill(KEYWORD);
  await byTestId(page, 'keyword').press('Enter');
  await expectTotal(page, expectedCodes.length);
  await expectText(byTestId(page, 'pager-page'), '第 1 / 2 页');
  await expectText(tableRow(page, 0).first(), expectedCodes[0]);
  await expectText(rowNumber(page, 0), '1');

  // Next page: rows 11.. of the same query.
  await byTestId(page, 'pager-next').click();
  await expectText(byTestId(page, 'pager-page'), '第 2 / 2 页');
  await expectText(tableRow(page, 0).first(), expectedCodes[10]);
  await expectText(rowNumber(page, 0), '11');
  await until('the rows of page 2', () => page.locator('[data-testid="resource-table"]').getAttribute('data-rows'),
    (rows) => rows === String(expectedCodes.length - 10));
  expect(await byTestId(page, 'pager-next').isDisabled()).toBe(true);
  expect(await byTestId(page, 'pager-prev').isDisabled()).toBe(false);

  // Export takes every page of the current query, not just the one on screen.
  const filtered = await exportRows(page);
  expect(filtered.fileName).toMatch(/^废物代码-\d{8}\.xlsx$/);
  expect(filtered.rows[0]).toEqual(expect.arrayContaining(['废物代码', '废物类别', '行业来源', '危险废物', '危险特性']));
  expect(filtered.rows).toHaveLength(expectedCodes.length + 1);
  const codeColumn = (filtered.rows[0] as unknown[]).indexOf('废物代码');
  expect(filtered.rows.slice(1).map((row) => row[codeColumn])).toEqual(expectedCodes);

  // Reset: the whole national list, and its export has every code plus the header row.
  await byTestId(page, 'btn-reset').click();
  await expectTotal(page, NATIONAL_LIST_CODES);
  await expectText(byTestId(page, 'pager-page'), '第 1 / 47 页');
  expect(await byTestId(page, 'keyword').inputValue()).toBe('');
  const all = await exportRows(page);
  expect(all.rows).toHaveLength(NATIONAL_LIST_CODES + 1);
  expect(new Set(all.rows.slice(1).map((row) => row[codeColumn])).size).toBe(NATIONAL_LIST_CODES);
}, 60_000);
