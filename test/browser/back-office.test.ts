// A clerk's day in the real product: the production bundle in headless Chromium against a real server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { startBrowserApp, type BrowserApp } from './support/harness';

let app: BrowserApp;

beforeAll(async () => {
  app = await startBrowserApp();
  // A role without Pages.Users, for the clerk created through the users screen below.
  const token = await apiLogin('admin', '123qwe');
  const response = await fetch(`${app.baseUrl}/api/services/app/Role/Create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Clerk', displayName: '录入员', description: '', grantedPermissions: ['Pages.Wastecode', 'Pages.Wastecategory'] }),
  });
  expect(response.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

async function apiLogin(userName: string, password: string): Promise<string> {
  const response = await fetch(`${app.baseUrl}/api/TokenAuth/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Abp.TenantId': '1' },
    body: JSON.stringify({ userNameOrEmailAddress: userName, password }),
  });
  return ((await response.json()) as { result: { accessToken: string } }).result.accessToken;
}

async function login(page: Page, userName: string, password: string): Promise<void> {
  await page.goto('/');
  await page.fill('[data-testid=login-username]', userName);
  await page.fill('[data-testid=login-password]', password);
  await page.click('[data-testid=login-submit]');
  await page.waitForURL('**/main/home');
}

async function openFromMenu(page: Page, group: string, route: string): Promise<void> {
  const item = page.locator(`[data-testid=menu-${route}]`);
  if (!(await item.isVisible())) await page.click(`[data-testid=menu-group-${group}]`);
  await item.click();
}

const pathname = (page: Page) => new URL(page.url()).pathname;

test('admin logs in on tenant Default and lands on home', async () => {
  const page = await app.newPage();
  await login(page, 'admin', '123qwe');
  expect(pathname(page)).toBe('/main/home');
  await page.waitForSelector('[data-testid=shell]');
  expect(await page.locator('[data-testid=current-user]').innerText()).toContain('admin');
  expect(await page.title()).toContain('首页');
});

test('a user created through the users screen with a role lacking Pages.Users is sent to error-403', async () => {
  const page = await app.newPage();
  await login(page, 'admin', '123qwe');
  await openFromMenu(page, 'setting', 'user');
  await page.waitForURL('**/setting/user');
  await page.click('[data-testid=btn-create]');
  await page.fill('[data-testid=form-field-userName]', 'clerk01');
  await page.fill('[data-testid=form-field-name]', '小王');
  await page.fill('[data-testid=form-field-surname]', '王');
  await page.fill('[data-testid=form-field-emailAddress]', 'clerk01@example.com');
  await page.fill('[data-testid=form-field-password]', 'Clerk123');
  await page.fill('[data-testid=form-field-confirmPassword]', 'Clerk123');
  await page.locator('label:has([data-testid=role-CLERK])').click();
  await page.click('[data-testid=btn-save]');
  await page.waitForSelector('[data-testid=resource-form]', { state: 'detached' });
  await page.waitForFunction(() => document.querySelector('[data-testid=resource-table]')?.textContent?.includes('clerk01'));

  await page.click('[data-testid=user-dropdown]');
  await page.click('[data-testid=logout]');
  await page.waitForURL((url) => url.pathname === '/');

  await login(page, 'clerk01', 'Clerk123');
  await page.waitForSelector('[data-testid=menu-group-basicinformation]');
  expect(await page.locator('[data-testid=menu-user]').count()).toBe(0);
  expect(await page.locator('[data-testid=menu-group-setting]').count()).toBe(0);
  await page.goto('/setting/user');
  await page.waitForURL('**/error-403');
  await page.waitForSelector('[data-testid=forbidden-page]');
});

test('locking the screen holds every navigation until the password unlocks it, then returns to the page', async () => {
  const page = await app.newPage();
  await login(page, 'admin', '123qwe');
  await openFromMenu(page, 'basicinformation', 'wastecode');
  await page.waitForURL('**/basicinformation/wastecode');
  await page.click('[data-testid=lock-button]');
  await page.waitForURL('**/locking');
  await page.goto('/main/home');
  await page.waitForSelector('[data-testid=lock-screen]');
  expect(pathname(page)).toBe('/locking');
  await page.fill('[data-testid=unlock-password]', 'wrong-password');
  await page.click('[data-testid=unlock-submit]');
  await page.waitForSelector('[data-testid=unlock-error]');
  expect(pathname(page)).toBe('/locking');
  await page.fill('[data-testid=unlock-password]', '123qwe');
  await page.click('[data-testid=unlock-submit]');
  await page.waitForURL('**/basicinformation/wastecode');
});

test('switching the language changes the menu at once, and back', async () => {
  const page = await app.newPage();
  await login(page, 'admin', '123qwe');
  const group = page.locator('[data-testid=menu-group-basicinformation]');
  expect(await group.innerText()).toContain('基础信息');
  await page.click('[data-testid=language-switcher]');
  await page.click('[data-testid=language-en-US]');
  await page.waitForFunction(() => document.querySelector('[data-testid=menu-group-basicinformation]')?.textContent?.includes('Basic information'));
  await page.reload();
  expect(await page.locator('[data-testid=menu-group-basicinformation]').innerText()).toContain('Basic information');
  await page.click('[data-testid=language-switcher]');
  await page.click('[data-testid=language-zh-CN]');
  await page.waitForFunction(() => document.querySelector('[data-testid=menu-group-basicinformation]')?.textContent?.includes('基础信息'));
});

test('opened tabs survive a reload; closing the current one moves to a neighbour; home cannot be closed', async () => {
  const page = await app.newPage();
  await login(page, 'admin', '123qwe');
  await openFromMenu(page, 'basicinformation', 'wastecode');
  await page.waitForURL('**/basicinformation/wastecode');
  await openFromMenu(page, 'basicinformation', 'wastecategory');
  await page.waitForURL('**/basicinformation/wastecategory');
  await page.reload();
  await page.waitForSelector('[data-testid=tab-wastecode]');
  await page.waitForSelector('[data-testid=tab-wastecategory]');
  expect(await page.locator('[data-testid=tab-close-home]').count()).toBe(0);
  await page.click('[data-testid=tab-close-wastecategory]');
  await page.waitForURL('**/basicinformation/wastecode');
  expect(await page.locator('[data-testid=tab-wastecategory]').count()).toBe(0);
});

test('the waste-code list searches, pages, and exports every row to an Excel file that opens', async () => {
  const page = await app.newPage();
  await login(page, 'admin', '123qwe');
  await page.goto('/basicinformation/wastecode');
  await page.waitForFunction(() => document.querySelector('[data-testid=resource-table]')?.textContent?.includes('071-001-08'));
  await page.click('[data-testid=pager-next]');
  await page.waitForFunction(() => !document.querySelector('[data-testid=resource-table]')?.textContent?.includes('071-001-08'));
  await page.fill('[data-testid=keyword]', '900-041-49');
  await page.press('[data-testid=keyword]', 'Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=pager-total]')?.textContent?.includes('1'));
  expect(await page.locator('[data-testid=resource-table]').innerText()).toContain('900-041-49');

  await page.fill('[data-testid=keyword]', '');
  await page.press('[data-testid=keyword]', 'Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=pager-total]')?.textContent?.includes('467'));
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.click('[data-testid=btn-export]')]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'export-')), download.suggestedFilename());
  await download.saveAs(file);
  expect(download.suggestedFilename()).toMatch(/^废物代码-\d{8}\.xlsx$/);
  const book = XLSX.readFile(file);
  const rows = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]]);
  expect(rows).toHaveLength(467);
  expect(Object.keys(rows[0])).toContain('废物代码');
  expect(rows.map((r) => r['废物代码'])).toContain('900-041-49');
});
