// The supervisor console as two supervisors see it at the same time, with a fleet of simulated devices reporting in
// the background: one device of the test's own reports a temperature over its model's maximum, and the warning is on
// the first console within two seconds of the report; the first supervisor acknowledges it with a note and the second
// console shows it acknowledged; the second closes it and it leaves both lists. Every change arrives through the hub
// (the consoles' fallback polling is cut off once they have loaded), without a reload.
import type { Page } from 'playwright-core';
import type { WarningPayload } from '../../src/shared/live/events';
import { ok, userWithPermissions, type CreatedUser } from '../support/server-fixtures';
import { httpClient, svc } from '../support/server-harness';
import { boundDevice, HOME, monitoringWorld, nowReadings, sendOk, type Device } from '../support/monitoring-world';
import { useBrowserApp } from './support/harness';
import { groupAlive, startSimulator, type Simulator } from './support/simulator';
import { byTestId, expectPath, expectText, logIn, openFromSidebar, until } from './support/ui';

const CONSOLE_PATH = '/monitoring/console';
const TEMPERATURE_MAX = 60;
const ACK_NOTE = '已派人到现场查看，疑似阳光直射';
const CLOSE_NOTE = '已加装遮阳棚，温度恢复正常';
/** How soon a raised warning must be on a console, counted from just before the device's report is sent. */
const WARNING_WITHIN_MS = 2000;
const SIMULATED_DEVICES = 20;
const OPEN_WARNINGS_PATH = '/EquipmentWarning/GetOpenWarnings';

let simulator: Simulator | undefined;
// Declared before the app, so that the simulator stops before the server it drives closes.
afterAll(async () => {
  await simulator?.stop();
});

const app = useBrowserApp();
let api: ReturnType<typeof httpClient>;
let admin: string;
let supervisor: CreatedUser;
let hot: Device;
let first: Page;
let second: Page;
/** The temperature warning's id and its console row's key (device and type). */
let warningId: number;
let rowKey: string;

beforeAll(async () => {
  api = httpClient(app.baseUrl);
  admin = await api.login(1, 'admin', '123qwe');
  supervisor = await userWithPermissions(api, admin, 1, ['Pages.SupervisorConsole']);
  const world = await monitoringWorld(api, admin, { temperatureMax: TEMPERATURE_MAX });
  hot = await boundDevice(api, admin, world);
  rowKey = `${hot.id}:2`;
  simulator = await startSimulator(app.baseUrl, { devices: SIMULATED_DEVICES, rate: 1, batch: 5, args: ['--seed', '1'] });
  // It creates its devices and their keys over the API, then drives them.
  await simulator.waitForOutput(new RegExp(`Driving ${SIMULATED_DEVICES} devices`), 60_000);
}, 90_000);

/** A supervisor on the console with the hub connected and the open warnings loaded, marked against reloads. */
async function consolePage(credentials: { userName: string; password: string }): Promise<Page> {
  const page = await app.newPage();
  await logIn(page, credentials);
  await expectText(byTestId(page, 'home-realtime'), '已连接');
  await openFromSidebar(page, 'monitoring', 'supervisorconsole');
  await expectPath(page, CONSOLE_PATH);
  await byTestId(page, 'console-page').waitFor();
  await until('the console connected', () => byTestId(page, 'live-status').getAttribute('data-status'), (s) => s === 'connected');
  await page.locator('[data-testid="console-empty"], [data-testid="console-warnings"]').first().waitFor();
  await page.evaluate(() => { (window as unknown as { loadedOnce: boolean }).loadedOnce = true; });
  // Loaded: from here on the console's fallback polling of the open warnings is refused, so whatever changes on it
  // can only have come through the hub (a poll every 15 s could otherwise pass for a live update).
  await page.route((url) => url.pathname.endsWith(OPEN_WARNINGS_PATH), (route) => route.abort());
  return page;
}

/** Readings stored from devices other than the test's own: the simulator's. */
const simulatedReadings = async () => (await app.db.query<{ n: number }>(
  'select count(*)::int as n from telemetry_reading where smartequipment_id <> $1', [hot.id]))[0].n;

const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce === true);

const row = (page: Page) => byTestId(page, `warning-row-${rowKey}`);
const status = (page: Page) => byTestId(page, `warning-status-${warningId}`).getAttribute('data-status');

async function warningOnServer(): Promise<WarningPayload> {
  return ok<WarningPayload>(await api.call('GET', svc('EquipmentWarning', 'Get'), { token: admin, query: { Id: warningId } }), 'EquipmentWarning/Get');
}

test('two supervisors open the console while the simulated devices report', async () => {
  [first, second] = await Promise.all([consolePage({ userName: 'admin', password: '123qwe' }), consolePage(supervisor)]);
  // The fleet is reporting: its devices' readings are being stored.
  await until('readings from the simulator', () => simulatedReadings(), (n) => n > 0, 15_000);
  for (const page of [first, second]) await expect(row(page).count()).resolves.toBe(0);
}, 30_000);

test('a temperature over the model\'s maximum is on the first console within 2 s of the report', async () => {
  const reading = { temperature: TEMPERATURE_MAX + 14.5, battery: 88, ...HOME };
  const sentAt = Date.now();
  const result = await sendOk(api, hot.deviceKey, nowReadings(reading));
  const answeredMs = Date.now() - sentAt;
  expect(result.accepted).toBe(1);
  await row(first).waitFor({ timeout: 5000 });
  const elapsed = Date.now() - sentAt;
  expect({ elapsed, within: elapsed <= WARNING_WITHIN_MS, answeredMs }).toEqual({ elapsed, within: true, answeredMs });

  const ack = row(first).locator('[data-testid^="warning-ack-"]');
  warningId = Number((await ack.getAttribute('data-testid'))!.replace('warning-ack-', ''));
  await expectText(byTestId(first, `warning-type-${rowKey}`), '温度');
  await expectText(row(first), '74.5');
  await expectText(row(first), hot.serialNumber);
  expect(await status(first)).toBe('0');
  // The second console has it too, and neither was reloaded.
  await row(second).waitFor();
  expect(await status(second)).toBe('0');
  expect(await notReloaded(first)).toBe(true);
  expect(await notReloaded(second)).toBe(true);
}, 20_000);

test('the first supervisor acknowledges it with a note; the second console shows it acknowledged', async () => {
  await byTestId(first, `warning-ack-${warningId}`).click();
  const dialog = byTestId(first, 'warning-note');
  await dialog.waitFor();
  await expectText(byTestId(first, 'warning-note-subject'), hot.serialNumber);
  await byTestId(first, 'warning-note-input').fill(ACK_NOTE);
  await byTestId(first, 'warning-note-submit').click();
  await dialog.waitFor({ state: 'detached' });
  await until('acknowledged on the first console', () => status(first), (s) => s === '1');

  await until('acknowledged on the second console', () => status(second), (s) => s === '1');
  await expectText(byTestId(second, `warning-status-${warningId}`), '已确认');
  // Who acknowledged it, with the note on hover; no acknowledge button any more.
  const by = row(second).locator(`[title="${ACK_NOTE}"]`);
  await expectText(by, '确认');
  await byTestId(second, `warning-ack-${warningId}`).waitFor({ state: 'detached' });
  expect(await notReloaded(second)).toBe(true);

  const stored = await warningOnServer();
  expect({ status: stored.status, note: stored.acknowledgeNote }).toEqual({ status: 1, note: ACK_NOTE });
}, 20_000);

test('the second supervisor closes it; it leaves both live lists', async () => {
  await byTestId(second, `warning-close-${warningId}`).click();
  const dialog = byTestId(second, 'warning-note');
  await dialog.waitFor();
  await byTestId(second, 'warning-note-input').fill(CLOSE_NOTE);
  await byTestId(second, 'warning-note-submit').click();
  await dialog.waitFor({ state: 'detached' });

  await row(second).waitFor({ state: 'detached' });
  await row(first).waitFor({ state: 'detached' });
  expect(await notReloaded(first)).toBe(true);
  expect(await notReloaded(second)).toBe(true);

  const stored = await warningOnServer();
  expect({ status: stored.status, note: stored.closeNote }).toEqual({ status: 2, note: CLOSE_NOTE });
}, 20_000);

test('the fleet reported all along; stopping the simulator leaves no process behind', async () => {
  const before = await simulatedReadings();
  await until('more readings from the simulator', () => simulatedReadings(), (n) => n > before, 10_000);
  expect({ exited: simulator!.exited(), output: simulator!.exited() ? simulator!.output() : '' }).toEqual({ exited: false, output: '' });
  await simulator!.stop();
  expect(groupAlive(simulator!.pid)).toBe(false);
  expect(simulator!.exited()).toBe(true);
  // Stopped cleanly, by its own Ctrl-C handling (sending what it held), not killed.
  expect(simulator!.output()).toMatch(/Stopped\.\s*$/);
}, 20_000);
