// Enterprises as a clerk of the Default tenant keeps them: a producer with its region picked level by level, a
// transporter with a vehicle and a driver, and the export of every enterprise of the tenant to Excel.
// The tests run in order and build on each other's records (the transporter's vehicle, the export's names).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { creditCodeCheckChar, idCardCheckChar } from '../../src/shared/validators';
import { useBrowserApp } from './support/harness';
import { byTestId, expectPath, expectText, expectTotal, logIn, openCreateForm, openFromSidebar, tableRow, until } from './support/ui';

const TENANT_ID = 1;
const ADMIN = { userName: 'admin', password: '123qwe' };
const CLERK_PERMISSIONS = [
  'Pages.EnterpriseInformation', 'Pages.EnterpriseInformationWP', 'Pages.EnterpriseInformationTP',
  'Pages.Vehicleinformation', 'Pages.DriverInformation',
];
/** Enterprises inserted before the tests: with the two the clerk creates, three pages of ten. */
const SEEDED_ENTERPRISES = 25;
const SEEDED_TYPES = [[1], [2], [3], [1, 2]];

const suffix = crypto.randomBytes(3).toString('hex');
const digits = (n: number) => Array.from({ length: n }, () => crypto.randomInt(10)).join('');
const creditCode = () => {
  const body = `91330106${digits(9)}`;
  return body + creditCodeCheckChar(body);
};
/** The same code with another (wrong) check character. */
const withWrongCheckChar = (code: string) => code.slice(0, 17) + (code[17] === '0' ? '1' : '0');

const producer = { name: `西湖绿色化工有限公司${suffix}`, creditCode: creditCode() };
const transporter = { name: `杭州安运危险品运输有限公司${suffix}`, creditCode: creditCode() };
const plate = `浙A${digits(5)}`;
const idBody = `33010619850712${digits(3)}`;
const driver = { name: '李建国', idCardNumber: idBody + idCardCheckChar(idBody) };

const app = useBrowserApp();
let downloads: string;
const clerk = { userName: `clerk${suffix}`, password: 'Clerk-pass-1' };

/** One app-service call as `token`'s user; fails with the server's answer. */
async function api<T>(method: string, service: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${app.baseUrl}${service}`, {
    method,
    headers: {
      'content-type': 'application/json', 'Abp.TenantId': String(TENANT_ID),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${service}: ${response.status} ${text}`);
  return (JSON.parse(text) as { result: T }).result;
}

/** A role with exactly the enterprise pages, and a user holding it (linked to no enterprise). */
async function createClerk(): Promise<void> {
  const { accessToken } = await api<{ accessToken: string }>('POST', '/api/TokenAuth/Authenticate', {
    userNameOrEmailAddress: ADMIN.userName, password: ADMIN.password, rememberClient: false,
  });
  const roleName = `EnterpriseClerk${suffix}`;
  await api('POST', '/api/services/app/Role/Create', {
    name: roleName, displayName: roleName, description: 'enterprise records', grantedPermissions: CLERK_PERMISSIONS,
  }, accessToken);
  await api('POST', '/api/services/app/User/Create', {
    userName: clerk.userName, name: '建华', surname: '陈', emailAddress: `${clerk.userName}@example.com`,
    isActive: true, roleNames: [roleName], password: clerk.password,
  }, accessToken);
}

/** Enterprises that are not under test, straight into the table: enough that the list has several pages. */
async function seedEnterprises(): Promise<void> {
  const params: unknown[] = [];
  const rows = Array.from({ length: SEEDED_ENTERPRISES }, (_, i) => {
    params.push(`批量企业${String(i + 1).padStart(2, '0')}-${suffix}`, creditCode(), SEEDED_TYPES[i % SEEDED_TYPES.length]);
    const n = params.length;
    return `(${TENANT_ID}, $${n - 2}, $${n - 1}, $${n}::integer[])`;
  });
  await app.db.query(`insert into enterprise_information (tenant_id, name, credit_code, corporate_type) values ${rows.join(', ')}`, params);
}

interface EnterpriseRow {
  id: number;
  corporate_type: number[];
  province_code: string | null;
  city_code: string | null;
  county_code: string | null;
  region_name: string | null;
}

async function enterpriseByName(name: string): Promise<EnterpriseRow | undefined> {
  const rows = await app.db.query<EnterpriseRow>(
    `select id, corporate_type, province_code, city_code, county_code, region_name
       from enterprise_information where tenant_id = $1 and not is_deleted and name = $2`, [TENANT_ID, name],
  );
  return rows[0];
}

async function tenantEnterpriseNames(): Promise<string[]> {
  const rows = await app.db.query<{ name: string }>(
    'select name from enterprise_information where tenant_id = $1 and not is_deleted order by name', [TENANT_ID],
  );
  return rows.map((r) => r.name);
}

async function transporterNames(): Promise<string[]> {
  const rows = await app.db.query<{ name: string }>(
    'select name from enterprise_information where tenant_id = $1 and not is_deleted and 3 = any(corporate_type) order by name',
    [TENANT_ID],
  );
  return rows.map((r) => r.name);
}

/** The text of every rendered cell of a list row, one string. */
const rowText = async (page: Page, row: number) => (await tableRow(page, row).allInnerTexts()).join(' | ');

/** Searches the list for `keyword` and waits for exactly one row. */
async function searchOne(page: Page, keyword: string): Promise<void> {
  await byTestId(page, 'keyword').fill(keyword);
  await byTestId(page, 'keyword').press('Enter');
  await expectTotal(page, 1);
}

/** The message under a form field (Blueprint's helper text of its form group). */
const fieldMessage = (page: Page, name: string): Locator =>
  byTestId(page, `form-field-${name}`).locator('xpath=ancestor::div[contains(@class, "form-group")][1]').locator('[class*="form-helper-text"]');

/** The labels of an open select's options, the empty choice left out. */
const optionLabels = (select: Locator) =>
  select.locator('option').evaluateAll((options) => options.filter((o) => (o as HTMLOptionElement).value !== '').map((o) => o.textContent ?? ''));

/** Opens a resource form with New, fills the enterprise's name and code, and returns the form. */
async function startEnterprise(page: Page, enterprise: { name: string; creditCode: string }): Promise<Locator> {
  await byTestId(page, 'btn-create').click();
  const form = byTestId(page, 'resource-form');
  await form.waitFor();
  await byTestId(page, 'form-field-name').fill(enterprise.name);
  await byTestId(page, 'form-field-creditCode').fill(enterprise.creditCode);
  return form;
}

/** Saves the open form and waits until it closes. */
async function save(page: Page, form: Locator): Promise<void> {
  await byTestId(page, 'btn-save').click();
  await form.waitFor({ state: 'detached' });
}

let page: Page;

beforeAll(async () => {
  downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'browser-downloads-'));
  await Promise.all([createClerk(), seedEnterprises()]);
  page = await app.newPage();
}, 120_000);

afterAll(async () => {
  if (downloads) fs.rmSync(downloads, { recursive: true, force: true });
});

test('the clerk creates a producer with its region; a wrong credit code is refused', async () => {
  await logIn(page, clerk);
  await openFromSidebar(page, 'enterpriseinformationwp', 'enterpriseinformation_wp');
  await expectPath(page, '/enterpriseinformationwp/enterpriseinformation_wp');
  await byTestId(page, 'resource-page-EnterpriseInformation@enterpriseinformation_wp').waitFor();
  const producersBefore = (await app.db.query<{ n: number }>(
    'select count(*)::int as n from enterprise_information where tenant_id = $1 and not is_deleted and 2 = any(corporate_type)', [TENANT_ID],
  ))[0].n;
  await expectTotal(page, producersBefore);

  // A mistyped check character: the field says why and nothing is created.
  const form = await startEnterprise(page, { ...producer, creditCode: withWrongCheckChar(producer.creditCode) });
  await byTestId(page, 'btn-save').click();
  await expectText(fieldMessage(page, 'creditCode'), '统一社会信用代码校验不通过');
  expect(await form.isVisible()).toBe(true);
  expect(await enterpriseByName(producer.name)).toBeUndefined();

  // The right code, and the region province → city → county; the producer's type is already ticked on this screen.
  await byTestId(page, 'form-field-creditCode').fill(producer.creditCode);
  await until('the credit code message gone', () => fieldMessage(page, 'creditCode').count(), (n) => n === 0);
  await byTestId(page, 'form-section-region').waitFor();
  await byTestId(page, 'region-province').selectOption({ label: '浙江省' });
  await byTestId(page, 'region-city').selectOption({ label: '杭州市' });
  await byTestId(page, 'region-county').selectOption({ label: '西湖区' });
  expect(await byTestId(page, 'region-county').inputValue()).toBe('330106');
  await save(page, form);

  const saved = await until('the producer in the database', () => enterpriseByName(producer.name), (row) => row !== undefined);
  expect(saved).toMatchObject({
    corporate_type: [2], province_code: '33', city_code: '3301', county_code: '330106', region_name: '浙江省杭州市西湖区',
  });
  await expectTotal(page, producersBefore + 1);
  await searchOne(page, producer.name);
  const shown = await until('the producer row', () => rowText(page, 0), (text) => text.includes(producer.name));
  expect(shown).toContain(producer.creditCode);
  expect(shown).toContain('浙江省杭州市西湖区');
  await expectText(byTestId(page, `corporate-types-${saved!.id}`), '产废单位');
}, 30_000);

test('the clerk adds a transporter, its vehicle (only transporters offered) and a driver with a masked ID', async () => {
  // The transporter, on its own screen.
  await openFromSidebar(page, 'enterpriseinformationtp', 'enterpriseinformation_tp');
  await expectPath(page, '/enterpriseinformationtp/enterpriseinformation_tp');
  await byTestId(page, 'resource-page-EnterpriseInformation@enterpriseinformation_tp').waitFor();
  const form = await startEnterprise(page, transporter);
  await save(page, form);
  const savedTransporter = await until('the transporter in the database', () => enterpriseByName(transporter.name), (row) => row !== undefined);
  expect(savedTransporter!.corporate_type).toEqual([3]);
  await searchOne(page, transporter.name);
  await expectText(byTestId(page, `corporate-types-${savedTransporter!.id}`), '运输单位');

  // A vehicle: the enterprise picker lists the tenant's transporters and nothing else.
  const vehicleForm = await openCreateForm(page, 'enterpriseinformationtp', 'vehicleinformation', 'Vehicleinformation');
  const picker = byTestId(page, 'form-field-enterpriseId');
  const expectedTransporters = await transporterNames();
  expect(expectedTransporters).toContain(transporter.name);
  const offered = await until('the transporters in the picker', () => optionLabels(picker),
    (labels) => labels.length === expectedTransporters.length);
  expect([...offered].sort()).toEqual([...expectedTransporters].sort());
  expect(offered).not.toContain(producer.name);
  await picker.selectOption({ label: transporter.name });
  await byTestId(page, 'form-field-plateNumber').fill(plate);
  await byTestId(page, 'form-field-colour').selectOption({ label: '黄色' });
  await byTestId(page, 'form-field-entryType').selectOption({ label: '水路' });
  await save(page, vehicleForm);

  const vehicles = await until('the vehicle in the database', () => app.db.query<{ enterprise_id: string; colour: number; entry_type: number }>(
    'select enterprise_id, colour, entry_type from vehicle_information where tenant_id = $1 and not is_deleted and plate_number = $2', [TENANT_ID, plate],
  ), (rows) => rows.length === 1);
  expect({ ...vehicles[0], enterprise_id: Number(vehicles[0].enterprise_id) })
    .toEqual({ enterprise_id: Number(savedTransporter!.id), colour: 2, entry_type: 3 });
  await searchOne(page, plate);
  const vehicleRow = await until('the vehicle row', () => rowText(page, 0), (text) => text.includes(plate));
  expect(vehicleRow).toContain(transporter.name);
  expect(vehicleRow).toContain('黄色');
  expect(vehicleRow).toContain('水路');

  // A driver: the list shows the first six and last four characters of the ID number only.
  const driverForm = await openCreateForm(page, 'enterpriseinformationtp', 'driver', 'Driver');
  await byTestId(page, 'form-field-enterpriseId').selectOption({ label: transporter.name });
  await byTestId(page, 'form-field-name').fill(driver.name);
  await byTestId(page, 'form-field-idCardNumber').fill(driver.idCardNumber);
  await save(page, driverForm);

  const drivers = await until('the driver in the database', () => app.db.query<{ id_card_number: string; enterprise_id: string }>(
    'select id_card_number, enterprise_id from driver where tenant_id = $1 and not is_deleted and name = $2', [TENANT_ID, driver.name],
  ), (rows) => rows.length === 1);
  expect(drivers[0].id_card_number).toBe(driver.idCardNumber);
  expect(Number(drivers[0].enterprise_id)).toBe(Number(savedTransporter!.id));
  await searchOne(page, driver.name);
  const masked = `${driver.idCardNumber.slice(0, 6)}********${driver.idCardNumber.slice(-4)}`;
  const driverRow = await until('the driver row', () => rowText(page, 0), (text) => text.includes(driver.name));
  expect(driverRow).toContain(masked);
  expect(driverRow).not.toContain(driver.idCardNumber);
  expect(driverRow).toContain(transporter.name);
}, 30_000);

test('the clerk exports every enterprise of the tenant, all pages of the list, to Excel', async () => {
  const expectedNames = await tenantEnterpriseNames();
  expect(expectedNames.length).toBeGreaterThan(20);
  expect(expectedNames).toEqual(expect.arrayContaining([producer.name, transporter.name]));

  await openFromSidebar(page, 'basicinformation', 'enterpriseinformation');
  await expectPath(page, '/basicinformation/enterpriseinformation');
  await byTestId(page, 'resource-page-EnterpriseInformation').waitFor();
  await expectTotal(page, expectedNames.length);
  await expectText(byTestId(page, 'pager-page'), `第 1 / ${Math.ceil(expectedNames.length / 10)} 页`);
  await until('ten rows on the first page', () => page.locator('[data-testid="resource-table"]').getAttribute('data-rows'),
    (rows) => rows === '10');

  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }), byTestId(page, 'btn-export').click(),
  ]);
  const file = path.join(downloads, download.suggestedFilename());
  await download.saveAs(file);
  await byTestId(page, 'export-progress').waitFor({ state: 'detached' });
  expect(download.suggestedFilename()).toMatch(/^企业信息-\d{8}\.xlsx$/);

  const book = XLSX.readFile(file);
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, blankrows: false });
  const header = rows[0] as unknown[];
  expect(header).toEqual(expect.arrayContaining(['企业名称', '统一社会信用代码', '企业类型', '所在地区']));
  expect(rows).toHaveLength(expectedNames.length + 1);
  const column = (label: string) => header.indexOf(label);
  const names = rows.slice(1).map((row) => String(row[column('企业名称')]));
  expect([...names].sort()).toEqual([...expectedNames].sort());
  const producerRow = rows.find((row) => row[column('企业名称')] === producer.name)!;
  expect(producerRow[column('统一社会信用代码')]).toBe(producer.creditCode);
  expect(producerRow[column('所在地区')]).toBe('浙江省杭州市西湖区');
  expect(String(producerRow[column('企业类型')])).toContain('产废单位');
}, 30_000);
