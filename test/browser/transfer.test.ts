// One transfer order from declaration to reception, as three clerks see it at the same time: the producer declares
// it, the transporter dispatches it from its inbox, the receiver returns it, the producer corrects and resubmits it,
// the receiver agrees, and the producer's open inventory follows. Every change reaches the other screens through the
// hub, without a reload, also one made while the server restarted (caught up once the hub is back). The tenant (enterprises, waste, plan, stock, contract, vehicle, driver, clerks) is built
// over the API.
import type { Page } from 'playwright-core';
import { inventory } from '../../src/shared/resources/inventory';
import { httpClient } from '../support/server-harness';
import { buildTransferWorld, orderBody, post, type TransferWorld } from '../support/transfer-world';
import { useBrowserApp } from './support/harness';
import {
  byTestId, expectPath, expectText, inboxCount, logIn, openFromSidebar, setChecked, tableRow, until, type InboxKind,
} from './support/ui';

const ORDER_PATH = '/transfermanagement/transferorder';
const RECEPTION_PATH = '/transfermanagement/transferreception';
const RETURN_REASON = '转移量与过磅单不符，请核实后重新提交';
const CONNECTED = '已连接';
const INVENTORY_COLUMNS = Object.keys(inventory.fields);

const app = useBrowserApp();
let world: TransferWorld;
let producer: Page;
let transporter: Page;
let receiver: Page;
/** Inbox counts before the order existed. */
const start: Partial<Record<InboxKind, number>> = {};
let orderId: number;
let manifestNo: string;
/** What the receiver's page held when it printed (window.print is stubbed to record it). */
type Printed = { text: string; shown: boolean; screenHidden: boolean }[];

beforeAll(async () => {
  const api = httpClient(app.baseUrl);
  const admin = await api.login(1, 'admin', '123qwe');
  world = await buildTransferWorld(api, admin);
}, 120_000);

/**
 * A page logged in through the login screen, on home with the hub connected (pushes before that would be missed),
 * and marked so that a reload, which would wipe the mark, cannot pass for a live update.
 */
async function clerkPage(clerk: { userName: string; password: string }, init?: () => void): Promise<Page> {
  const page = await app.newPage();
  if (init) await page.addInitScript(init);
  await logIn(page, clerk);
  await expectText(byTestId(page, 'home-realtime'), CONNECTED);
  await page.evaluate(() => { (window as unknown as { loadedOnce: boolean }).loadedOnce = true; });
  return page;
}

const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce === true);

/** A status tag of the order's drawer (its title carries the three statuses). */
const drawerStatus = (page: Page, field: string) =>
  page.locator(`.transfer-drawer [data-testid="status-${field}"]`).getAttribute('data-value');

async function expectDrawerStatuses(page: Page, expected: [number, number, number]): Promise<void> {
  await until(`drawer statuses ${expected.join('/')}`,
    async () => Promise.all(['declareStatus', 'dispatchStatus', 'signStatus'].map((f) => drawerStatus(page, f))),
    (values) => values.join('/') === expected.join('/'));
}

/** A status of one order's row in the lists on screen (the table's cells of one row share a row class). */
const rowStatus = (page: Page, id: number, field: string) => page.evaluate(([id, field]) => {
  const cell = document.querySelector(`.bp6-table-quadrant-main [data-testid="open-${id}"]`)?.closest('[class*="bp6-table-cell-row-"]');
  const row = cell ? [...cell.classList].find((c) => /^bp6-table-cell-row-\d+$/.test(c)) : undefined;
  const table = cell?.closest('.bp6-table-quadrant-main');
  return row && table ? table.querySelector(`.${row} [data-testid="status-${field}"]`)?.getAttribute('data-value') ?? null : null;
}, [id, field] as const);

/** The order's drawer, open on this order, with its moves offered. */
async function expectDrawer(page: Page): Promise<void> {
  await until('the order drawer', () => byTestId(page, 'order-drawer').getAttribute('data-order'), (id) => id === String(orderId));
  await byTestId(page, 'order-actions').waitFor();
}

/** Closes the order's drawer by its header's close button (its overlay covers the tabs and the sidebar). */
async function closeDrawer(page: Page): Promise<void> {
  await page.locator('.transfer-drawer .bp6-dialog-close-button').click();
  await byTestId(page, 'order-drawer').waitFor({ state: 'detached' });
}

/** Submits the order dialog; when the check warns, submits again as the button then offers, and waits until it closes. */
async function submitOrderForm(page: Page): Promise<void> {
  await byTestId(page, 'form-submit').click();
  // Read in one go: the dialog may close between two separate reads.
  const outcome = await until('the order dialog closed, or warnings', () => page.evaluate(() => {
    const form = document.querySelector('[data-testid="order-form"]');
    if (!form) return 'closed';
    const problems = [...form.querySelectorAll<HTMLElement>('[data-testid="form-problems"], [data-testid="form-error"], [data-testid$="-error"]')];
    if (problems.length > 0) return `refused: ${problems.map((p) => p.innerText).join('; ')}`;
    const submit = form.querySelector<HTMLButtonElement>('[data-testid="form-submit"]');
    return submit && !submit.disabled && submit.innerText.includes('仍然提交') ? 'warned' : 'busy';
  }), (o) => o !== 'busy');
  if (outcome.startsWith('refused')) throw new Error(`the order dialog ${outcome}`);
  if (outcome === 'warned') {
    await byTestId(page, 'form-submit').click();
    await byTestId(page, 'order-form').waitFor({ state: 'detached' });
  }
}

/** The enterprise, waste code and quantity of the inventory list's first row (the list's columns follow the declaration). */
async function stockRow(page: Page): Promise<string> {
  const cells = await tableRow(page, 0).allInnerTexts();
  return ['enterpriseId', 'wastecodeId', 'quantity'].map((f) => cells[INVENTORY_COLUMNS.indexOf(f)] ?? '').join(' | ');
}

test('the transporter and the receiver wait on their home pages; the producer declares an order', async () => {
  transporter = await clerkPage(world.clerks.transporter);
  receiver = await clerkPage(world.clerks.receiver, () => {
    const printed: Printed = [];
    (window as unknown as { printed: Printed }).printed = printed;
    // The print dialog would block the page: record what would be printed instead.
    window.print = () => {
      const root = document.querySelector<HTMLElement>('[data-testid="print-root"]');
      const drawer = document.querySelector('[data-testid="order-drawer"]');
      printed.push({
        text: root?.innerText ?? '',
        shown: !!root && root.getClientRects().length > 0,
        screenHidden: !!drawer && drawer.getClientRects().length === 0,
      });
    };
  });
  start.toDispatch = await until('the transporter\'s inbox', () => inboxCount(transporter, 'toDispatch'), () => true);
  start.toReceive = await until('the receiver\'s inbox', () => inboxCount(receiver, 'toReceive'), () => true);

  producer = await clerkPage(world.clerks.producer);
  await openFromSidebar(producer, 'transfermanagement', 'transferorder');
  await expectPath(producer, ORDER_PATH);
  const listC = byTestId(producer, 'transfer-list-C');
  await byTestId(producer, 'list-C-empty').waitFor();

  await listC.getByTestId('btn-create').click();
  const form = byTestId(producer, 'order-form');
  await form.waitFor();
  await byTestId(producer, 'form-producerId').selectOption(String(world.producer.id));
  await byTestId(producer, 'form-transporterId').selectOption(String(world.transporter.id));
  await byTestId(producer, 'form-receiverId').selectOption(String(world.receiver.id));
  await byTestId(producer, 'form-plannedDate').fill(world.plannedDate);
  await byTestId(producer, 'line-0-hazardouswasteId').selectOption(String(world.waste.id));
  await byTestId(producer, 'line-0-quantity').fill('5');
  await byTestId(producer, 'line-0-containerCount').fill('2');
  await byTestId(producer, 'line-0-disposalMethod').selectOption('3');
  await expectText(byTestId(producer, 'lines-total'), '5.000');
  await submitOrderForm(producer);

  const link = listC.locator('[data-testid^="open-"]');
  await until('the new order in the C list', () => link.count(), (n) => n === 1);
  orderId = Number((await link.getAttribute('data-testid'))!.replace('open-', ''));
  manifestNo = await expectText(link, /^ZY\d{8}-\d{5}$/);
  await expectText(tableRow(producer, 0).filter({ hasText: '待派车' }).first(), '待派车');
}, 30_000);

test('the transporter sees it arrive in its inbox and dispatches a vehicle and a driver', async () => {
  await until('toDispatch one up on the transporter\'s home', () => inboxCount(transporter, 'toDispatch'), (n) => n === start.toDispatch! + 1);
  await expectText(byTestId(transporter, `inbox-record-toDispatch-${orderId}`), manifestNo);
  expect(await notReloaded(transporter)).toBe(true);

  await byTestId(transporter, `inbox-record-toDispatch-${orderId}`).click();
  await expectPath(transporter, ORDER_PATH);
  expect(new URL(transporter.url()).searchParams.get('id')).toBe(String(orderId));
  await expectDrawer(transporter);
  await expectDrawerStatuses(transporter, [0, 0, 0]);
  await byTestId(transporter, 'order-actions').getByTestId('move-dispatch').click();
  // The dialog's form shares the button's test id.
  const dispatchDialog = transporter.locator('form[data-testid="move-dispatch"]');
  await dispatchDialog.waitFor();
  await setChecked(byTestId(transporter, `pick-vehicle-${world.vehicle.id}`), true);
  await setChecked(byTestId(transporter, `pick-driver-${world.driver.id}`), true);
  await byTestId(transporter, 'move-dispatch-submit').click();
  await dispatchDialog.waitFor({ state: 'detached' });
  await expectDrawerStatuses(transporter, [0, 1, 0]);
  await expectText(byTestId(transporter, 'order-drawer'), String(world.vehicle.plateNumber));

  // Back home: nothing left to dispatch.
  await closeDrawer(transporter);
  await byTestId(transporter, 'tab-home').click();
  await until('toDispatch back on the transporter\'s home', () => inboxCount(transporter, 'toDispatch'), (n) => n === start.toDispatch);
}, 20_000);

test('the receiver sees it arrive and returns it; the producer\'s list shows it returned', async () => {
  await until('toReceive one up on the receiver\'s home', () => inboxCount(receiver, 'toReceive'), (n) => n === start.toReceive! + 1);
  expect(await notReloaded(receiver)).toBe(true);
  await byTestId(receiver, `inbox-record-toReceive-${orderId}`).click();
  await expectPath(receiver, RECEPTION_PATH);
  await expectDrawer(receiver);
  await byTestId(receiver, 'move-return').click();
  await byTestId(receiver, 'move-reception').waitFor();
  await byTestId(receiver, 'return-reason-input').fill(RETURN_REASON);
  await byTestId(receiver, 'move-reception-submit').click();
  await byTestId(receiver, 'move-reception').waitFor({ state: 'detached' });
  await expectDrawerStatuses(receiver, [0, 1, 2]);

  // The producer has not touched its screen: the list row follows the hub.
  const signTag = byTestId(producer, 'transfer-list-C').locator('[data-testid="status-signStatus"]');
  await until('the producer\'s row returned', () => signTag.getAttribute('data-value'), (v) => v === '2');
  await expectText(signTag, '已退回');
  expect(await notReloaded(producer)).toBe(true);

  await closeDrawer(receiver);
  await byTestId(receiver, 'tab-home').click();
  await until('toReceive back on the receiver\'s home', () => inboxCount(receiver, 'toReceive'), (n) => n === start.toReceive);
}, 20_000);

test('the producer corrects the quantity and resubmits; the receiver agrees with the weighed quantity', async () => {
  await byTestId(producer, `open-${orderId}`).click();
  await expectDrawer(producer);
  await expectDrawerStatuses(producer, [0, 1, 2]);
  await expectText(byTestId(producer, 'order-drawer'), RETURN_REASON);
  await byTestId(producer, 'move-edit').click();
  const quantity = byTestId(producer, 'line-0-quantity');
  await until('the order loaded into the dialog', () => quantity.inputValue(), (v) => Number(v) === 5);
  await quantity.fill('4');
  await expectText(byTestId(producer, 'lines-total'), '4.000');
  await submitOrderForm(producer);

  await byTestId(producer, 'move-resubmit').click();
  await byTestId(producer, 'move-confirm').waitFor();
  await expectText(byTestId(producer, 'move-confirm-question'), manifestNo);
  await byTestId(producer, 'move-confirm-submit').click();
  await byTestId(producer, 'move-confirm').waitFor({ state: 'detached' });
  await expectDrawerStatuses(producer, [0, 1, 0]);

  // The producer watches its stock while the receiver decides.
  await closeDrawer(producer);
  await openFromSidebar(producer, 'inventorymanagement', 'inventory');
  await byTestId(producer, 'resource-page-Inventory').waitFor();
  const producerStock = (tonnes: string) => `${String(world.producer.name)} | ${world.wasteCode} | ${tonnes} 吨`;
  await until('the producer\'s stock before the agreement', () => stockRow(producer), (row) => row === producerStock('50.000'));

  await until('toReceive up again on the receiver\'s home', () => inboxCount(receiver, 'toReceive'), (n) => n === start.toReceive! + 1);
  await byTestId(receiver, `inbox-record-toReceive-${orderId}`).click();
  await expectDrawer(receiver);
  await expectDrawerStatuses(receiver, [0, 1, 0]);
  await byTestId(receiver, 'move-agree').click();
  const received = byTestId(receiver, 'move-reception').locator('[data-testid^="received-"]');
  await until('the received quantity prefilled with the declared one', () => received.inputValue(), (v) => Number(v) === 4);
  await received.fill('3.95');
  await byTestId(receiver, 'move-reception-submit').click();
  await byTestId(receiver, 'move-reception').waitFor({ state: 'detached' });
  await expectDrawerStatuses(receiver, [1, 1, 1]);

  // The producer's inventory follows without a reload: 50 t less the 4 t declared.
  await until('the producer\'s stock after the agreement', () => stockRow(producer), (row) => row === producerStock('46.000'));
  expect(await notReloaded(producer)).toBe(true);
}, 30_000);

test('the drawer lists every move, and printing shows the manifest', async () => {
  const history = receiver.locator('[data-testid="order-history"] tbody tr');
  const rows = await until('the history of six moves', () => history.allInnerTexts(), (r) => r.length === 6);
  const actions = await history.locator('td:nth-child(3)').allInnerTexts();
  expect(actions.map((a) => a.trim())).toEqual(['填报', '派车', '退回', '修改', '重新提交', '同意接收']);
  expect(rows[1]).toContain('运输单位');
  expect(rows[2]).toContain(RETURN_REASON);
  expect(rows[3]).toContain('5.000 → 4.000');
  expect(rows[5]).toContain('— → 3.950');

  // As on paper: the print style sheet shows the manifest alone (the button itself is then hidden, hence the
  // dispatched click).
  await receiver.emulateMedia({ media: 'print' });
  await byTestId(receiver, 'btn-print').dispatchEvent('click');
  const printed = await until('the manifest printed', () => receiver.evaluate(() => (window as unknown as { printed: Printed }).printed),
    (p) => p.length === 1);
  await receiver.emulateMedia({ media: 'screen' });
  expect({ shown: printed[0].shown, screenHidden: printed[0].screenHidden }).toEqual({ shown: true, screenHidden: true });
  for (const text of ['危险废物转移联单', manifestNo, String(world.vehicle.plateNumber), String(world.driver.name), '3.950', '同意接收']) {
    expect(printed[0].text).toContain(text);
  }
  // Printed, the portal leaves.
  await byTestId(receiver, 'print-root').waitFor({ state: 'detached' });
}, 15_000);

test('the receiver holds what it weighed, and both inboxes are back where they started', async () => {
  await closeDrawer(receiver);
  await openFromSidebar(receiver, 'inventorymanagement', 'inventory');
  await byTestId(receiver, 'resource-page-Inventory').waitFor();
  await until('the receiver\'s stock', () => stockRow(receiver), (row) => row === `${String(world.receiver.name)} | ${world.wasteCode} | 3.950 吨`);

  await byTestId(receiver, 'tab-home').click();
  await until('toReceive back at the start', () => inboxCount(receiver, 'toReceive'), (n) => n === start.toReceive);
  await until('toDispatch still at the start', () => inboxCount(transporter, 'toDispatch'), (n) => n === start.toDispatch);
  expect(await notReloaded(transporter)).toBe(true);
}, 15_000);

test('a screen left open while the server restarts shows the move made meanwhile once its hub is back, without a reload', async () => {
  const api = httpClient(app.baseUrl);
  const order = await post(api, world.clerks.producer.token, 'TransferOrder', 'AddProductionWaste', orderBody(world, 1));
  orderId = order.id;
  // This screen is the producer's only one: its connection is the one that goes and comes back.
  await producer.close();
  producer = await clerkPage(world.clerks.producer);
  await openFromSidebar(producer, 'transfermanagement', 'transferorder');
  const dispatchStatus = () => rowStatus(producer, orderId, 'dispatchStatus');
  await until('the new order in the producer\'s list', dispatchStatus, (v) => v === '0');
  await byTestId(producer, `open-${orderId}`).click();
  await expectDrawer(producer);
  await expectDrawerStatuses(producer, [0, 0, 0]);

  const online = () => app.server().services.hub!.isUserOnline(1, world.clerks.producer.id);
  expect(online()).toBe(true);
  await app.restart();
  // The screen's hub waits 5 s before it reconnects: the transporter dispatches meanwhile, and no push can reach it.
  expect(online()).toBe(false);
  await post(api, world.clerks.transporter.token, 'TransferOrder', 'UpdatedTransferOrderVehicles',
    { id: orderId, version: order.version, vehicleIds: [world.vehicle.id], driverIds: [world.driver.id] }, 'PUT');
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(online()).toBe(false);
  expect(await dispatchStatus()).toBe('0');

  // Back on the hub, the screen catches up on what it missed: the row and the open drawer show the dispatch.
  await until('the producer\'s hub back', async () => online(), (back) => back, 20_000);
  await until('the producer\'s row dispatched', dispatchStatus, (v) => v === '1');
  await expectDrawerStatuses(producer, [0, 1, 0]);
  expect(await notReloaded(producer)).toBe(true);
}, 60_000);
