// The recycling scheme's screens as a street office's clerk uses them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { useBrowserApp } from './support/harness';
import { byTestId, expectPath, expectText, expectTotal, logIn, openFromSidebar, until } from './support/ui';

const ADMIN = { userName: 'admin', password: '123qwe' };

const app = useBrowserApp();

/** A node of the area tree by its label. */
const treeNode = (page: Page, label: string) =>
  byTestId(page, 'area-tree').locator('.bp6-tree-node-content', { has: page.locator('.bp6-tree-node-label', { hasText: label }) });

/** Opens the create dialog of the table beside the tree, fills the name (and more) and saves. */
async function createRow(page: Page, resource: string, fields: Record<string, string>): Promise<void> {
  await byTestId(page, `resource-page-${resource}@area`).waitFor();
  await byTestId(page, 'btn-create').click();
  await byTestId(page, 'resource-form').waitFor();
  for (const [name, value] of Object.entries(fields)) await byTestId(page, `form-field-${name}`).fill(value);
  await byTestId(page, 'btn-save').click();
  await byTestId(page, 'resource-form').waitFor({ state: 'detached' });
}

/** One app-service call as the tenant's administrator, for what the test sets up beside the screens it uses. */
async function adminCall<T = Record<string, unknown>>(service: string, body: unknown): Promise<T> {
  const headers = { 'content-type': 'application/json', 'Abp.TenantId': '1' };
  const login = await fetch(new URL('/api/TokenAuth/Authenticate', app.baseUrl), {
    method: 'POST', headers, body: JSON.stringify({ userNameOrEmailAddress: 'admin', password: '123qwe', rememberClient: false }),
  });
  const token = ((await login.json()) as { result: { accessToken: string } }).result.accessToken;
  const response = await fetch(new URL(`/api/services/app/${service}`, app.baseUrl), {
    method: 'POST', headers: { ...headers, authorization: `Bearer ${token}` }, body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${service}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { result: T }).result;
}

/** What an exchange machine sends, with its key. */
async function machineCall(path: string, key: string, body: unknown): Promise<void> {
  const response = await fetch(new URL(path, app.baseUrl), { method: 'POST', headers: { 'content-type': 'application/json', 'X-Device-Key': key }, body: JSON.stringify(body) });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

async function rowId(table: string, name: string): Promise<number> {
  const rows = await app.db.query<{ id: number }>(`select id from ${table} where tenant_id = 1 and name = $1 and not is_deleted`, [name]);
  expect(rows).toHaveLength(1);
  return Number(rows[0].id);
}

test('a clerk builds district → street → community → compound from the area tree', async () => {
  const page = await app.newPage();
  await logIn(page, ADMIN);
  await openFromSidebar(page, 'recycling', 'area');
  await expectPath(page, '/recycling/area');

  await createRow(page, 'Qarea', { name: '翠湖区' });
  await treeNode(page, '翠湖区').waitFor();
  const district = await rowId('area_district', '翠湖区');

  // Choosing the district lists its streets, and a new street starts in it.
  await treeNode(page, '翠湖区').click();
  await expectText(byTestId(page, 'area-breadcrumbs'), /全部区[\s\S]*翠湖区/);
  await byTestId(page, 'resource-page-Sarea@area').waitFor();
  await byTestId(page, 'empty-state').waitFor();
  await byTestId(page, 'btn-create').click();
  expect(await byTestId(page, 'form-field-qareaId').inputValue()).toBe(String(district));
  await byTestId(page, 'form-field-name').fill('湖滨街道');
  await byTestId(page, 'btn-save').click();
  await byTestId(page, 'resource-form').waitFor({ state: 'detached' });
  await expectTotal(page, 1);

  // The street shows under its district once the district is opened; a community goes under the street.
  await treeNode(page, '翠湖区').locator('.bp6-tree-node-caret').click();
  await treeNode(page, '湖滨街道').click();
  await createRow(page, 'Carea', { name: '西溪社区' });
  await treeNode(page, '湖滨街道').locator('.bp6-tree-node-caret').click();
  await treeNode(page, '西溪社区').click();
  await expectText(byTestId(page, 'area-breadcrumbs'), /翠湖区[\s\S]*湖滨街道[\s\S]*西溪社区/);

  // A compound under the community: the form's cascade offers only what lies within the levels chosen above it.
  await byTestId(page, 'resource-page-Varea@area').waitFor();
  await byTestId(page, 'btn-create').click();
  const street = await rowId('area_street', '湖滨街道');
  const community = await rowId('area_community', '西溪社区');
  expect(await byTestId(page, 'form-field-sareaId').inputValue()).toBe(String(street));
  expect(await byTestId(page, 'form-field-careaId').inputValue()).toBe(String(community));
  await until('the communities of the street', () => byTestId(page, 'form-field-careaId').locator('option').allInnerTexts(),
    (options) => options.includes('西溪社区') && options.length === 2);
  await byTestId(page, 'form-field-name').fill('翠苑一区');
  await byTestId(page, 'form-field-address').fill('翠苑路 1 号');
  await byTestId(page, 'btn-save').click();
  await byTestId(page, 'resource-form').waitFor({ state: 'detached' });
  await expectTotal(page, 1);

  const [compound] = await app.db.query<Record<string, string | number>>(
    "select qarea_id::int, sarea_id::int, carea_id::int, address from area_compound where tenant_id = 1 and name = '翠苑一区' and not is_deleted");
  expect(compound).toEqual({ qarea_id: district, sarea_id: street, carea_id: community, address: '翠苑路 1 号' });

  // A household enrols in the compound, chosen district → street → community → compound.
  await openFromSidebar(page, 'recycling', 'bhusers');
  await byTestId(page, 'resource-page-BHUsers').waitFor();
  await byTestId(page, 'btn-create').click();
  await byTestId(page, 'form-field-name').fill('王建国');
  await byTestId(page, 'form-field-phone').fill('13800001111');
  await byTestId(page, 'form-field-cardNo').fill('HZ00012345');
  await byTestId(page, 'form-field-enrolDate').fill('2026-03-01');
  for (const [name, id] of [['qareaId', district], ['sareaId', street], ['careaId', community]] as const) {
    await until(`${name} offered`, () => byTestId(page, `form-field-${name}`).locator(`option[value="${id}"]`).count(), (n) => n === 1);
    await byTestId(page, `form-field-${name}`).selectOption(String(id));
  }
  await until('the compounds of the community', () => byTestId(page, 'form-field-vareaId').locator('option').allInnerTexts(),
    (options) => options.length === 2 && options[1] === '翠苑一区');
  await byTestId(page, 'form-field-vareaId').selectOption({ label: '翠苑一区' });
  await byTestId(page, 'btn-save').click();
  await byTestId(page, 'resource-form').waitFor({ state: 'detached' });
  const [household] = await app.db.query<Record<string, string | number>>(
    "select varea_id::int, points from scheme_user where tenant_id = 1 and card_no = 'HZ00012345' and not is_deleted");
  expect(household).toEqual({ varea_id: await rowId('area_compound', '翠苑一区'), points: 0 });

  // A drop-off of 2.35 kg of paper, approved under a rule of 10 points a kilogram: the household has 23 points.
  await adminCall('IntegralRule/Create', { name: '纸类回收', rubbishType2: 11, mode: 1, points: 10, validFrom: '2026-01-01' });
  await openFromSidebar(page, 'recycling', 'rblist');
  await byTestId(page, 'resource-page-Rblist').waitFor();
  await byTestId(page, 'btn-create').click();
  const homeId = Number((await app.db.query<{ id: number }>("select id::int from scheme_user where card_no = 'HZ00012345'"))[0].id);
  await until('the household offered', () => byTestId(page, 'form-field-householdId').locator(`option[value="${homeId}"]`).count(), (n) => n === 1);
  await byTestId(page, 'form-field-householdId').selectOption(String(homeId));
  await byTestId(page, 'form-field-rubbishType2').selectOption('11');
  await byTestId(page, 'form-field-weight').fill('2.35');
  await byTestId(page, 'form-field-recordTime').fill('2026-03-01T09:30');
  await byTestId(page, 'btn-save').click();
  await byTestId(page, 'resource-form').waitFor({ state: 'detached' });
  const recordId = Number((await app.db.query<{ id: number }>('select id::int from recycling_record where household_id = $1', [homeId]))[0].id);
  // The actions are the table's last column: scrolled to, as a clerk on a narrower screen would.
  await page.locator('[data-testid="resource-table"] .bp6-table-quadrant-main .bp6-table-quadrant-scroll-container')
    .evaluate((el) => { el.scrollLeft = el.scrollWidth; });
  await byTestId(page, `row-approve-${recordId}`).click();
  await byTestId(page, 'confirm-command').click();
  await until('the record approved', async () => (await app.db.query<{ audit_status: number; points: number }>(
    'select audit_status, points from recycling_record where id = $1', [recordId]))[0], (r) => r.audit_status === 2 && r.points === 23);
  await byTestId(page, `row-approve-${recordId}`).waitFor({ state: 'detached' });

  await openFromSidebar(page, 'recycling', 'bhusers');
  await byTestId(page, 'btn-refresh').click();
  await expectText(byTestId(page, 'resource-table'), /王建国[\s\S]*23/);

  // The household's ledger shows the award; a manual adjustment of 7 points, sent twice, counts once.
  await page.locator('[data-testid="resource-table"] .bp6-table-quadrant-main .bp6-table-quadrant-scroll-container')
    .evaluate((el) => { el.scrollLeft = el.scrollWidth; });
  await byTestId(page, `row-ledger-${homeId}`).click();
  await expectText(byTestId(page, 'ledger-balance'), '当前余额：23 积分');
  await expectText(byTestId(page, 'ledger-table'), /回收记录审核通过[\s\S]*\+23[\s\S]*23/);
  await byTestId(page, 'ledger-adjust-open').click();
  await byTestId(page, 'ledger-adjust-points').fill('7');
  await byTestId(page, 'ledger-adjust-remark').fill('社区活动奖励');
  await byTestId(page, 'ledger-adjust-submit').dblclick();
  await expectText(byTestId(page, 'ledger-balance'), '当前余额：30 积分');
  await expectText(byTestId(page, 'ledger-table'), /手工调整[\s\S]*\+7[\s\S]*30[\s\S]*社区活动奖励/);
  expect((await app.db.query('select 1 from points_postings where reason = 3 and remark = $1', ['社区活动奖励'])).length).toBe(1);
  await page.keyboard.press('Escape');

  // Rejected with a reason, the record gives its points back.
  await openFromSidebar(page, 'recycling', 'rblist');
  await page.locator('[data-testid="resource-table"] .bp6-table-quadrant-main .bp6-table-quadrant-scroll-container')
    .evaluate((el) => { el.scrollLeft = el.scrollWidth; });
  await byTestId(page, `row-reject-${recordId}`).click();
  await byTestId(page, 'record-reject-reason').fill('照片与实物不符');
  await byTestId(page, 'record-reject-submit').click();
  await until('the points taken back', () => app.db.query<{ points: number }>('select points from scheme_user where id = $1', [homeId]),
    (rows) => Number(rows[0].points) === 7);

  // The points screen lists every entry (award, adjustment, reversal) and proves the books balance.
  await openFromSidebar(page, 'recycling', 'integral');
  await byTestId(page, 'resource-page-Integral').waitFor();
  await expectTotal(page, 3);
  await byTestId(page, 'books-check').click();
  await expectText(byTestId(page, 'books-state'), /账目平衡/);
}, 90_000);

test('imports a district’s streets and communities from the national divisions', async () => {
  const page = await app.newPage();
  await logIn(page, ADMIN);
  await openFromSidebar(page, 'recycling', 'area');
  await byTestId(page, 'resource-page-Qarea@area').waitFor();
  const before = await app.db.query<{ n: number }>('select count(*)::int as n from area_community where tenant_id = 1 and not is_deleted');

  await byTestId(page, 'area-import').click();
  await byTestId(page, 'region-province').selectOption('33');
  await byTestId(page, 'region-city').selectOption('3301');
  await byTestId(page, 'region-county').selectOption('330106');
  await byTestId(page, 'area-import-run').click();
  const text = await expectText(byTestId(page, 'area-import-result'), /已导入 1 个区、\d+ 个街道、\d+ 个社区/);
  const communities = Number(/(\d+) 个社区/.exec(text)![1]);
  const after = await app.db.query<{ n: number }>('select count(*)::int as n from area_community where tenant_id = 1 and not is_deleted');
  expect(after[0].n - before[0].n).toBe(communities);

  // The tree and the table show the new district without a reload.
  await byTestId(page, 'area-import-close').click();
  await treeNode(page, '西湖区').waitFor();
  await treeNode(page, '西湖区').locator('.bp6-tree-node-caret').click();
  await treeNode(page, '北山街道').waitFor();
}, 90_000);

test('a clerk loads a machine, and a redemption at it moves the grid and the household’s balance live', async () => {
  const q = await adminCall<{ id: number }>('Qarea/Create', { name: '拱墅区' });
  const st = await adminCall<{ id: number }>('Sarea/Create', { qareaId: q.id, name: '米市巷街道' });
  const c = await adminCall<{ id: number }>('Carea/Create', { qareaId: q.id, sareaId: st.id, name: '大兜路社区' });
  const v = await adminCall<{ id: number }>('Varea/Create', { qareaId: q.id, sareaId: st.id, careaId: c.id, name: '香积寺小区' });
  const where = { qareaId: q.id, sareaId: st.id, careaId: c.id, vareaId: v.id };
  const type = await adminCall<{ id: number }>('BHgoodsType/Create', { name: '厨房用品' });
  const goods = await adminCall<{ id: number }>('BHgoods/Create', { name: '环保洗洁精', goodsTypeId: type.id, pointsPrice: 30, stock: 20, onShelf: true });
  const home = await adminCall<{ id: number }>('BHUsers/Create', { name: '李秀英', cardNo: 'GS00054321', members: 3, roleLevel: 1, enrolDate: '2026-02-01', status: 1, ...where });
  await adminCall('Integral/IncreasePointsOpt', { householdId: home.id, points: 100, remark: '开户赠送', requestId: 'browser-gift-0001' });
  const machine = await adminCall<{ id: number; deviceKey: string }>('BHgoodsExchange/Create', { name: '香积寺兑换机', equipid: 'EX-GS-001', ...where, slotCount: 6, slotCapacity: 10 });

  // The household list, open in a tab of its own, follows the balance.
  const households = await app.newPage();
  await logIn(households, ADMIN);
  await households.goto(`${app.baseUrl}/recycling/bhusers`);
  await expectText(byTestId(households, `points-${home.id}`), '100');

  const page = await app.newPage();
  await logIn(page, ADMIN);
  await openFromSidebar(page, 'recycling', 'bhgoodsexchange');
  await byTestId(page, 'resource-page-BHgoodsExchange').waitFor();
  await page.locator('[data-testid="resource-table"] .bp6-table-quadrant-main .bp6-table-quadrant-scroll-container')
    .evaluate((el) => { el.scrollLeft = el.scrollWidth; });
  await byTestId(page, `row-slots-${machine.id}`).click();
  await byTestId(page, 'slot-grid').waitFor();
  await expectText(byTestId(page, 'slot-1-count'), '0 / 10');

  // Five bottles into slot 1, taken from the central store.
  await byTestId(page, 'slot-1-load').click();
  await until('the goods offered', () => byTestId(page, 'slot-goods').locator(`option[value="${goods.id}"]`).count(), (n) => n === 1);
  await byTestId(page, 'slot-goods').selectOption(String(goods.id));
  await byTestId(page, 'slot-quantity').fill('5');
  await byTestId(page, 'slot-load-submit').click();
  await byTestId(page, 'slot-load').waitFor({ state: 'detached' });
  await expectText(byTestId(page, 'slot-1-count'), '5 / 10');
  await expectText(byTestId(page, 'slot-1'), /环保洗洁精/);
  expect(Number((await app.db.query<{ stock: number }>('select stock from goods where id = $1', [goods.id]))[0].stock)).toBe(15);

  // The control room's big-data screen counts the points redeemed today.
  const screen = await app.newPage();
  await logIn(screen, ADMIN);
  await screen.goto(`${app.baseUrl}/bigdata/customerinformation`);
  await expectText(byTestId(screen, 'bd-recycling-redeemed'), /今日兑换积分\s*0/);

  // The household redeems a bottle at the machine: held first, then dispensed, each seen without a reload.
  await machineCall('/api/device/exchange/hold', machine.deviceKey, { requestId: 'browser-redeem-01', cardNo: 'GS00054321', slotNo: 1 });
  await expectText(byTestId(page, 'slot-1-held'), '兑换中 1');
  await expectText(byTestId(page, 'pending-holds'), /李秀英[\s\S]*30/);
  await expectText(byTestId(households, `points-${home.id}`), '70');
  await expectText(byTestId(screen, 'bd-recycling-redeemed'), /今日兑换积分\s*30/);
  await machineCall('/api/device/exchange/settle', machine.deviceKey, { requestId: 'browser-redeem-01', outcome: 'dispensed' });
  await expectText(byTestId(page, 'slot-1-count'), '4 / 10');
  await byTestId(page, 'slot-1-held').waitFor({ state: 'detached' });
  await expectText(byTestId(page, 'slots-items-left'), '在售 4 件');
  await expectText(byTestId(households, `points-${home.id}`), '70');
}, 90_000);

test('a picture chosen in the goods form goes up for the goods pictures and is saved with the goods', async () => {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const picture = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'browser-goods-')), '环保购物袋.png');
  fs.writeFileSync(picture, png);
  const type = await adminCall<{ id: number }>('BHgoodsType/Create', { name: '日用品' });
  const goods = await adminCall<{ id: number }>('BHgoods/Create', { name: '环保购物袋', goodsTypeId: type.id, pointsPrice: 10, stock: 5, onShelf: true });

  const page = await app.newPage();
  await logIn(page, ADMIN);
  await openFromSidebar(page, 'recycling', 'bhgoods');
  await byTestId(page, 'resource-page-BHgoods').waitFor();
  await byTestId(page, 'keyword').fill('环保购物袋');
  await byTestId(page, 'keyword').press('Enter');
  await expectTotal(page, 1);
  await byTestId(page, `row-edit-${goods.id}`).click();
  await byTestId(page, 'resource-form').waitFor();
  await byTestId(page, 'form-field-images').setInputFiles(picture);

  const [stored] = await until('the picture stored for the goods pictures',
    () => app.db.query<{ id: number }>("select id from stored_files where resource = 'BHgoods' and field = 'images' and name = '环保购物袋.png'"),
    (rows) => rows.length === 1);
  await expectText(byTestId(page, `file-item-${Number(stored.id)}`), '环保购物袋.png');
  await byTestId(page, 'btn-save').click();
  await byTestId(page, 'resource-form').waitFor({ state: 'detached' });
  const [saved] = await app.db.query<{ images: (number | string)[] }>('select images from goods where id = $1', [goods.id]);
  expect(saved.images.map(Number)).toEqual([Number(stored.id)]);
});
