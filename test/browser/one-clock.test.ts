// A control-room PC left on London time, a server process on Los Angeles time, a database session far from China: every
// screen still shows China's time. A warning a device reports through the ingest endpoint reads seconds old on the
// console with the China time it was raised; a chat message shows the China time it was sent; the big-data screen's
// newest ticker line shows the China time of its event, on the same clock as the screen's own.
import type { Page } from 'playwright-core';
import type { LiveEvent } from '../../src/shared/live/events';
import { DEFAULT_TIME_ZONE, formatTimeOfDay, formatWallClock, parseZonedInstant } from '../../src/shared/time';
import { ok, userWithPermissions, type CreatedUser } from '../support/server-fixtures';
import { httpClient, svc } from '../support/server-harness';
import { boundDevice, monitoringWorld, nowReadings, sendOk, type Device, type MonitoringWorld } from '../support/monitoring-world';
import { BROWSER_TIME_ZONE, useBrowserApp } from './support/harness';
import { byTestId, expectText, logIn, openFromSidebar, until } from './support/ui';

const CHINA = DEFAULT_TIME_ZONE;
const app = useBrowserApp();
let api: ReturnType<typeof httpClient>;
let admin: string;
let world: MonitoringWorld;

beforeAll(async () => {
  api = httpClient(app.baseUrl);
  admin = await api.login(1, 'admin', '123qwe');
  world = await monitoringWorld(api, admin, { temperatureMax: 60 });
}, 60_000);

/** A page logged in with the hub connected, on a browser whose own clock is London's. */
async function connectedPage(user: { userName: string; password: string }): Promise<Page> {
  const page = await app.newPage();
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_TIME_ZONE);
  await logIn(page, user);
  await expectText(byTestId(page, 'home-realtime'), '已连接');
  return page;
}

/** A temperature over the model's maximum, reported now: the warning it raises, as the server keeps it. */
async function raiseWarning(device: Device): Promise<{ id: number; raisedAt: string }> {
  await sendOk(api, device.deviceKey, nowReadings({ temperature: 75 }));
  const { items } = ok<{ items: { id: number; smartequipmentId: number; raisedAt: string }[] }>(
    await api.call('GET', svc('EquipmentWarning', 'GetAll'), { token: admin, query: { Sorting: 'raisedAt desc', MaxResultCount: 50 } }), 'warnings');
  return items.find((w) => w.smartequipmentId === device.id)!;
}

const instant = (text: string) => {
  const at = parseZonedInstant(text);
  if (at === null) throw new Error(`not an instant with an offset: ${text}`);
  return at;
};

test('the console shows a warning just raised as seconds old, at the China time it was raised', async () => {
  const supervisor = await userWithPermissions(api, admin, 1, ['Pages.SupervisorConsole']);
  const hot = await boundDevice(api, admin, world);
  const page = await connectedPage(supervisor);
  await openFromSidebar(page, 'monitoring', 'supervisorconsole');
  await page.locator('[data-testid="console-empty"], [data-testid="console-warnings"]').first().waitFor();

  const warning = await raiseWarning(hot);
  expect(warning.raisedAt).toMatch(/\+08:00$/);
  const row = byTestId(page, `warning-row-${hot.id}:2`);
  await row.waitFor();
  const text = await row.innerText();
  expect(text).toMatch(/刚刚|\d+ 秒前/);
  expect(text).toContain(formatWallClock(instant(warning.raisedAt), CHINA));
  expect(text).not.toContain(formatWallClock(instant(warning.raisedAt), BROWSER_TIME_ZONE));
});

test('a chat message shows the China time it was sent', async () => {
  const alice = await userWithPermissions(api, admin, 1, ['Pages.ChatLog']);
  const bob: CreatedUser & { token: string } = await userWithPermissions(api, admin, 1, ['Pages.ChatLog']);
  const page = await connectedPage(bob);
  const sent = ok<{ id: number; creationTime: string }>(await api.call('POST', svc('ChatLog', 'Create'), {
    token: alice.token, body: { toUserId: bob.id, content: '今天的转移联单已核对', messageType: 0 },
  }), 'chat message');
  expect(sent.creationTime).toMatch(/\+08:00$/);
  await openFromSidebar(page, 'supervision', 'chatlog');
  await byTestId(page, `chat-user-${alice.id}`).click();
  const stamp = byTestId(page, `chat-time-${sent.id}`);
  await stamp.waitFor();
  // Month, day, hour and minute on China's clock: `11-28 00:41`.
  expect(await stamp.innerText()).toBe(formatWallClock(instant(sent.creationTime), CHINA).slice(5));
});

test('the big-data screen\'s newest ticker line and its clock are both on China\'s time', async () => {
  const page = await connectedPage({ userName: 'admin', password: '123qwe' });
  await page.goto('/bigscreen');
  await until('the wall connected', () => byTestId(page, 'bd-screen').getAttribute('data-live'), (s) => s === 'connected');
  const hot = await boundDevice(api, admin, world);
  const warning = await raiseWarning(hot);

  // The event the ticker shows, as the server logged it.
  const { items } = ok<{ items: LiveEvent[] }>(await api.call('GET', svc('Events', 'GetEventsAfter'), { token: admin, query: { after: 0, maxResultCount: 1000 } }), 'events');
  const raised = items.filter((e) => e.type === 'warning.raised' && (e.payload as { id?: number }).id === warning.id).at(-1)!;
  expect(raised.at).toMatch(/\+08:00$/);
  const newest = page.locator('[data-testid="bd-ticker-list"] li').first();
  await until('the warning on the ticker', () => newest.getAttribute('data-seq'), (seq) => seq === String(raised.seq));
  const tickerTime = await newest.locator('time').innerText();
  expect(tickerTime).toBe(formatTimeOfDay(instant(raised.at), CHINA));

  // The screen's clock reads China's time now, seconds after the event.
  const clock = await byTestId(page, 'bd-clock').innerText();
  const screenNow = instant(`${clock.replace(' ', 'T')}+08:00`);
  expect(Math.abs(screenNow - Date.now())).toBeLessThan(5000);
  expect(screenNow - instant(raised.at)).toBeGreaterThanOrEqual(-1000);
  expect(screenNow - instant(raised.at)).toBeLessThan(60_000);
});
