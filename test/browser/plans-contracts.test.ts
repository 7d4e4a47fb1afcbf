// A clerk's compliance work: an annual plan typed row by row, a contract read from its PDF then voided, and the
// reminder of contracts nearing expiry. Enterprises, wastes and the clerk are fixtures made through the API.
import fs from 'node:fs';
import { DEFAULT_TIME_ZONE, tenantCalendar } from '../../src/shared/time';
import os from 'node:os';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { creditCodeCheckChar } from '../../src/shared/validators';
import { contractPdf } from '../support/chinese-pdf';
import { useBrowserApp } from './support/harness';
import { byTestId, clickSettled, expectPath, expectText, expectTotal, logIn, logOut, openCreateForm, openFromSidebar, tableRow, until } from './support/ui';

type Dto = Record<string, unknown> & { id: number };

const PRODUCER_NAME = '杭州绿源化工有限公司';
const RECEIVER_NAME = '浙江清源环保科技有限公司';
const CONTRACT_NO = 'HT-2026-0042';
const CLERK = { userName: 'planclerk', password: 'Clerk-pass-1' };
const DISMISSED_AT_KEY = 'shell.contractExpiryDismissedAt';
// contractExpirySaga's suppression window (about 62 hours).
const SUPPRESSION_MS = 2.232e8;

const app = useBrowserApp();
let adminToken: string;
let producer: Dto;
let receiver: Dto;
let wastes: Dto[];
let tempDir: string;

/** One app-service call through the real API; throws with the server's answer when it does not succeed. */
async function api<T = Dto>(method: string, service: string, body?: unknown, query: Record<string, string | number> = {}): Promise<T> {
  const url = new URL(`/api/services/app/${service}`, app.baseUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', 'Abp.TenantId': '1' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const envelope = JSON.parse(text) as { success: boolean; result: T };
  if (response.status !== 200 || !envelope.success) throw new Error(`${method} ${service}: ${response.status} ${text}`);
  return envelope.result;
}

let creditSeq = 0;
const creditCode = () => {
  const body = `91330106${String(100_000_000 + (creditSeq += 7919)).slice(-9)}`;
  return body + creditCodeCheckChar(body);
};

/** A local calendar date `days` from today as `YYYY-MM-DD` (the popup counts days on the local calendar too). */
/** The tenant's (China's) day `days` from today: the day the reminder counts from, whatever the test process's zone. */
const localDate = (days: number): string => tenantCalendar(DEFAULT_TIME_ZONE).todayPlus(days);

beforeAll(async () => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'browser-contracts-'));
  const login = await fetch(new URL('/api/TokenAuth/Authenticate', app.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Abp.TenantId': '1' },
    body: JSON.stringify({ userNameOrEmailAddress: 'admin', password: '123qwe', rememberClient: false }),
  });
  adminToken = ((await login.json()) as { result: { accessToken: string } }).result.accessToken;

  // Named as the sample contract names its parties, so that reading the PDF can match them.
  producer = await api('POST', 'EnterpriseInformation/Create', { name: PRODUCER_NAME, creditCode: creditCode(), corporateType: [2] });
  receiver = await api('POST', 'EnterpriseInformation/Create', {
    name: RECEIVER_NAME, creditCode: creditCode(), corporateType: [1], licenseNumber: '3301000042',
  });
  const codes = await Promise.all(['900-214-08', '900-041-49', '900-252-12'].map(async (code) => {
    const found = await api<Dto[]>('GET', 'Wastecode/GetWastecodeAll', undefined, { Keyword: code });
    const match = found.find((c) => c.code === code);
    if (!match) throw new Error(`waste code ${code} is not in the national list`);
    return match.id;
  }));
  wastes = [];
  for (const [i, name] of ['废矿物油', '废包装桶', '废油漆渣'].entries()) {
    wastes.push(await api('POST', 'HazardouswasteInformation/Create', {
      enterpriseId: producer.id, wastecodeId: codes[i], name, wasteType: 1, physicalCharacteristics: 1 + i,
      generationSource: 1, containerType: 3, packagingMethod: 3, purpose: 4,
    }));
  }

  const role = await api<{ name: string }>('POST', 'Role/Create', {
    name: 'PlanClerk', displayName: '计划与合同专员', description: 'annual plans and contracts',
    grantedPermissions: ['Pages.AnnualManagementPlan', 'Pages.HazardouswasteInformation', 'Pages.ContractManagement', 'Pages.EnterpriseInformationWP'],
  });
  await api('POST', 'User/Create', {
    userName: CLERK.userName, name: '小红', surname: '李', emailAddress: 'planclerk@example.com', isActive: true,
    roleNames: [role.name], password: CLERK.password,
  });
}, 120_000);

afterAll(async () => {
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
});

/** The data-testid of the focused element. */
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
const expectFocus = (page: Page, testId: string) => until(`focus on ${testId}`, () => focusedTestId(page), (id) => id === testId);

const cell = (page: Page, row: number, field: string) => byTestId(page, `plan-row-${row}-${field}`);

/** Types into the focused cell as a user does: select what is there, then type over it. */
async function typeOver(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

test('a clerk types an annual plan row by row and saves it with its rows', async () => {
  const page = await app.newPage();
  const createCalls: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/AnnualManagementPlan/CreateAMP_AMPM')) createCalls.push(request);
  });
  await logIn(page, CLERK);
  await openFromSidebar(page, 'enterpriseinformationwp', 'annualmanagementplan');
  await expectPath(page, '/enterpriseinformationwp/annualmanagementplan');
  await byTestId(page, 'resource-page-AnnualManagementPlan').waitFor();
  await expectTotal(page, 0);

  await byTestId(page, 'btn-create').click();
  const form = byTestId(page, 'resource-form');
  await form.waitFor();
  await byTestId(page, 'form-field-enterpriseId').selectOption(String(producer.id));
  await byTestId(page, 'form-field-year').fill('2026');
  await byTestId(page, 'form-field-title').fill('2026年度危险废物管理计划');
  await byTestId(page, 'plan-rows-empty').waitFor();

  // Row 1: the add button puts the cursor in the new row; Tab walks its cells.
  await byTestId(page, 'plan-add-row').click();
  await expectFocus(page, 'plan-row-0-hazardouswasteId');
  await cell(page, 0, 'hazardouswasteId').selectOption(String(wastes[0].id));
  await cell(page, 0, 'thisyearweight').fill('12.5');
  await page.keyboard.press('Tab');
  await expectFocus(page, 'plan-row-0-lastyearweight');
  await typeOver(page, '10');
  await page.keyboard.press('Tab');
  await expectFocus(page, 'plan-row-0-disposalMethod');
  await cell(page, 0, 'disposalMethod').selectOption('3');
  await cell(page, 0, 'receiverId').selectOption(String(receiver.id));

  // Row 2: Enter in a cell adds a row and moves there.
  await cell(page, 0, 'lastyearweight').press('Enter');
  await expectFocus(page, 'plan-row-1-hazardouswasteId');
  await cell(page, 1, 'hazardouswasteId').selectOption(String(wastes[1].id));
  await cell(page, 1, 'thisyearweight').fill('3');
  await cell(page, 1, 'lastyearweight').fill('2.5');
  await cell(page, 1, 'disposalMethod').selectOption('4');
  await cell(page, 1, 'receiverId').selectOption(String(receiver.id));

  // Row 3 keeps the default weights.
  await byTestId(page, 'plan-add-row').click();
  await expectFocus(page, 'plan-row-2-hazardouswasteId');
  await cell(page, 2, 'hazardouswasteId').selectOption(String(wastes[2].id));
  await cell(page, 2, 'disposalMethod').selectOption('1');
  await cell(page, 2, 'receiverId').selectOption(String(receiver.id));
  expect(await cell(page, 2, 'thisyearweight').inputValue()).toBe('0.01');
  expect(await cell(page, 2, 'lastyearweight').inputValue()).toBe('0.01');
  await expectText(byTestId(page, 'plan-editor-total-thisyearweight'), '15.5100 吨');

  // A typed weight changed afterwards: the total follows.
  await cell(page, 1, 'thisyearweight').fill('7.25');
  await expectText(byTestId(page, 'plan-editor-total-thisyearweight'), '19.7600 吨');
  await expectText(byTestId(page, 'plan-editor-total-lastyearweight'), '12.5100 吨');

  // A zero weight is flagged when the cell is left, and keeps the plan from being sent.
  await cell(page, 0, 'thisyearweight').fill('0');
  await page.keyboard.press('Tab');
  await expectText(byTestId(page, 'plan-row-0-thisyearweight-error'), '本年度计划量必须大于0');
  expect(await cell(page, 0, 'thisyearweight').getAttribute('aria-invalid')).toBe('true');
  await byTestId(page, 'btn-save').click();
  await expectText(byTestId(page, 'plan-row-0-thisyearweight-error'), '本年度计划量必须大于0');
  expect(await form.isVisible()).toBe(true);
  expect(createCalls).toHaveLength(0);
  expect(await app.db.query('select id from annual_management_plan where not is_deleted')).toHaveLength(0);

  await cell(page, 0, 'thisyearweight').fill('12.5');
  await byTestId(page, 'plan-row-0-thisyearweight-error').waitFor({ state: 'detached' });
  await byTestId(page, 'btn-save').click();
  await form.waitFor({ state: 'hidden' });
  // The refused attempt sent nothing: one save, one call.
  expect(createCalls).toHaveLength(1);

  // The list shows the plan.
  await expectTotal(page, 1);
  await until('the plan\'s producer and year in the list', async () => (await tableRow(page, 0).allInnerTexts()).join(' '),
    (text) => text.includes(PRODUCER_NAME) && text.includes('2026'));
  const plans = await app.db.query<{ id: number; enterprise_id: number; year: number; status: number }>(
    'select id, enterprise_id, year, status from annual_management_plan where not is_deleted',
  );
  expect(plans).toHaveLength(1);
  const plan = plans[0];
  expect({ enterprise: Number(plan.enterprise_id), year: plan.year, status: plan.status }).toEqual({ enterprise: producer.id, year: 2026, status: 0 });

  // Its rows, in the drawer, with the totals. At this screen width the actions column reaches past the table's right
  // edge: the first click must count all the same.
  await byTestId(page, `row-rows-${plan.id}`).click();
  const drawer = byTestId(page, 'plan-rows-drawer');
  await expectText(byTestId(page, 'plan-rows-total-thisyearweight'), '19.7600 吨');
  await expectText(byTestId(page, 'plan-rows-total-lastyearweight'), '12.5100 吨');
  expect(await drawer.locator('[data-testid^="plan-rows-drawer-row-"]').count()).toBe(3);
  await expectText(byTestId(page, 'plan-rows-drawer-row-0'), '废矿物油');
  await expectText(byTestId(page, 'plan-rows-drawer-row-2'), '0.0100 吨');
  await expectText(byTestId(page, 'plan-rows-drawer-row-2'), RECEIVER_NAME);

  // The database holds exactly the rows typed.
  const rows = await app.db.query<Record<string, unknown>>(
    `select hazardouswaste_id, thisyearweight, lastyearweight, disposal_method, receiver_id
       from annual_management_plan_detail where aid = $1 and not is_deleted order by id`, [plan.id],
  );
  expect(rows.map((r) => ({
    waste: Number(r.hazardouswaste_id), thisYear: Number(r.thisyearweight), lastYear: Number(r.lastyearweight),
    disposal: Number(r.disposal_method), receiver: Number(r.receiver_id),
  }))).toEqual([
    { waste: wastes[0].id, thisYear: 12.5, lastYear: 10, disposal: 3, receiver: receiver.id },
    { waste: wastes[1].id, thisYear: 7.25, lastYear: 2.5, disposal: 4, receiver: receiver.id },
    { waste: wastes[2].id, thisYear: 0.01, lastYear: 0.01, disposal: 1, receiver: receiver.id },
  ]);
}, 60_000);

test('a contract read from its PDF is saved with the PDF attached, then voided', async () => {
  const pdfBytes = contractPdf();
  const pdfFile = path.join(tempDir, '危险废物委托处置合同.pdf');
  fs.writeFileSync(pdfFile, pdfBytes);

  const page = await app.newPage();
  await logIn(page, CLERK);
  const form = await openCreateForm(page, 'contractmanagement', 'contract', 'Contract');
  await byTestId(page, 'contract-pdf-input').setInputFiles(pdfFile);

  // The text read from the PDF, and the fields it filled.
  await expectText(byTestId(page, 'contract-pdf-text'), PRODUCER_NAME);
  await expectText(byTestId(page, 'contract-pdf-text'), CONTRACT_NO);
  await until('the contract number filled', () => byTestId(page, 'form-field-contractNo').inputValue(), (v) => v === CONTRACT_NO);
  expect(await byTestId(page, 'form-field-expiryDate').inputValue()).toBe('2027-02-28');
  expect(await byTestId(page, 'form-field-startDate').inputValue()).toBe('2026-03-01');
  // The party names of the PDF matched the directory's enterprises.
  expect(await byTestId(page, 'form-field-partyAId').inputValue()).toBe(String(producer.id));
  expect(await byTestId(page, 'form-field-partyBId').inputValue()).toBe(String(receiver.id));
  // The PDF joined the attachments.
  const stored = await app.db.query<{ id: number; name: string; size: number }>(
    "select id, name, size from stored_files where resource = 'Contract' and not is_deleted",
  );
  expect(stored).toHaveLength(1);
  const fileId = Number(stored[0].id);
  expect({ name: stored[0].name, size: Number(stored[0].size) }).toEqual({ name: '危险废物委托处置合同.pdf', size: pdfBytes.length });
  await expectText(byTestId(page, `file-item-${fileId}`), '危险废物委托处置合同.pdf');

  await byTestId(page, 'form-field-contractType').selectOption('9');
  await byTestId(page, 'form-field-name').fill('危险废物委托处置合同');
  await byTestId(page, 'btn-save').click();
  await form.waitFor({ state: 'hidden' });

  await byTestId(page, 'keyword').fill(CONTRACT_NO);
  await byTestId(page, 'keyword').press('Enter');
  await expectTotal(page, 1);
  await expectText(tableRow(page, 0).first(), CONTRACT_NO);
  expect((await tableRow(page, 0).allInnerTexts()).join(' ')).toContain(RECEIVER_NAME);

  const saved = await app.db.query<Record<string, unknown>>(
    `select id, party_a_id, party_b_id, contract_type, status, to_char(expiry_date, 'YYYY-MM-DD') as expiry, attachments
       from contract where contract_no = $1 and not is_deleted`, [CONTRACT_NO],
  );
  expect(saved).toHaveLength(1);
  const contractId = Number(saved[0].id);
  expect({
    partyA: Number(saved[0].party_a_id), partyB: Number(saved[0].party_b_id), type: saved[0].contract_type,
    status: saved[0].status, expiry: saved[0].expiry, attachments: (saved[0].attachments as unknown[]).map(Number),
  }).toEqual({ partyA: producer.id, partyB: receiver.id, type: 9, status: 0, expiry: '2027-02-28', attachments: [fileId] });
  // The stored attachment is the PDF chosen.
  const download = await fetch(new URL(`/api/files/${fileId}`, app.baseUrl), { headers: { authorization: `Bearer ${adminToken}` } });
  expect(download.status).toBe(200);
  expect(Buffer.from(await download.arrayBuffer()).equals(pdfBytes)).toBe(true);

  // Voiding keeps the contract, now under the voided status only.
  await byTestId(page, `row-void-${contractId}`).click();
  await expectText(byTestId(page, 'contract-void-alert'), CONTRACT_NO);
  await clickSettled(byTestId(page, 'contract-void-confirm'));
  await byTestId(page, 'contract-void-alert').waitFor({ state: 'detached' });
  await until('the void action gone from the row', () => byTestId(page, `row-void-${contractId}`).count(), (n) => n === 0);
  await expectText(tableRow(page, 0).filter({ hasText: '作废' }).first(), '作废');
  expect((await app.db.query<{ status: number }>('select status from contract where id = $1', [contractId]))[0].status).toBe(1);

  // Each filter changes the total, so every step waits for the list it asked for.
  await byTestId(page, 'contract-status-filter').selectOption('0');
  await expectTotal(page, 0);
  await byTestId(page, 'contract-status-filter').selectOption('1');
  await expectTotal(page, 1);
  await expectText(tableRow(page, 0).first(), CONTRACT_NO);
  await byTestId(page, 'contract-status-filter').selectOption('0');
  await expectTotal(page, 0);
  await byTestId(page, 'contract-status-filter').selectOption('-1');
  await expectTotal(page, 1);
}, 60_000);

test('the reminder of contracts nearing expiry shows after login and stays away for a while once dismissed', async () => {
  // Made here rather than in beforeAll: the popup would otherwise cover the other screens' toolbars.
  const expiring = await api('POST', 'Contract/Create', {
    contractNo: 'HT-2026-0077', name: '危废收集服务合同', partyAId: producer.id, partyBId: receiver.id, contractType: 1,
    startDate: localDate(-355), expiryDate: localDate(10),
  });

  const page = await app.newPage();
  const expiryChecks: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/Contract/GetExpiringContracts')) expiryChecks.push(request);
  });
  const popup = byTestId(page, 'contract-expiry-popup');

  await logIn(page, CLERK);
  await expectText(popup, 'HT-2026-0077');
  await expectText(byTestId(page, `contract-expiry-item-${expiring.id}`), RECEIVER_NAME);
  await expectText(byTestId(page, `contract-expiry-days-${expiring.id}`), '剩余 10 天');

  const before = Date.now();
  await byTestId(page, 'contract-expiry-dismiss').click();
  await popup.waitFor({ state: 'detached' });
  const dismissedAt = await page.evaluate((key) => Number(localStorage.getItem(key)), DISMISSED_AT_KEY);
  expect(dismissedAt).toBeGreaterThanOrEqual(before - 1000);
  expect(dismissedAt).toBeLessThanOrEqual(Date.now());

  /**
   * Runs `action` (a reload or a login) and waits until the shell has read the notices, which it does only after the
   * start-up that decides about the popup; returns how many expiry checks the action caused.
   */
  const afterStart = async (action: () => Promise<unknown>): Promise<number> => {
    const checksBefore = expiryChecks.length;
    const notices = page.waitForResponse((r) => r.url().includes('/Notification/GetUserNotifications'));
    await action();
    await notices;
    await byTestId(page, 'home-page').waitFor();
    return expiryChecks.length - checksBefore;
  };

  // Within the window: neither a reload nor a new login brings it back.
  expect(await afterStart(() => page.reload())).toBe(0);
  expect(await popup.count()).toBe(0);
  await logOut(page);
  expect(await afterStart(() => logIn(page, CLERK))).toBe(0);
  expect(await popup.count()).toBe(0);

  // Once the window has passed it shows again.
  await page.evaluate(({ key, time }) => localStorage.setItem(key, JSON.stringify(time)), {
    key: DISMISSED_AT_KEY, time: Date.now() - SUPPRESSION_MS - 60_000,
  });
  expect(await afterStart(() => page.reload())).toBe(1);
  await expectText(popup, 'HT-2026-0077');

  // And with the stored time cleared.
  await byTestId(page, 'contract-expiry-dismiss').click();
  await popup.waitFor({ state: 'detached' });
  await page.evaluate((key) => localStorage.removeItem(key), DISMISSED_AT_KEY);
  await page.reload();
  await expectText(popup, 'HT-2026-0077');
}, 60_000);
