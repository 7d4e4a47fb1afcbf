// The big-data screen as a control room runs it: the wall display filling a 1920 × 1080 and a 3840 × 2160 screen with
// every panel drawn and nothing off screen or overlapping; a warning a device reports through the ingest endpoint on
// the wall within two seconds; the stale-data banner within ten seconds of the server stopping, gone once it is back
// and what happened meanwhile is on screen; a revoked wall's message in the middle of the screen. The map is the
// offline one (no network, no map key in use).
import type { Page } from 'playwright-core';
import { ok, userWithPermissions } from '../support/server-fixtures';
import { httpClient, svc } from '../support/server-harness';
import { boundDevice, monitoringWorld, nowReadings, sendOk, type Device, type MonitoringWorld } from '../support/monitoring-world';
import { useBrowserApp } from './support/harness';
import { byTestId, expectText, logIn, until } from './support/ui';

const app = useBrowserApp();
let api: ReturnType<typeof httpClient>;
let admin: string;
let hot: Device;
let world: MonitoringWorld;

beforeAll(async () => {
  api = httpClient(app.baseUrl);
  admin = await api.login(1, 'admin', '123qwe');
  world = await monitoringWorld(api, admin, { temperatureMax: 60 });
  hot = await boundDevice(api, admin, world);
}, 60_000);

const CHARTS = ['trendDays', 'top', 'disposal', 'warningsWeek', 'fill', 'online'];

async function wall(width: number, height: number): Promise<Page> {
  const page = await app.newPage();
  await page.setViewportSize({ width, height });
  await logIn(page, { userName: 'admin', password: '123qwe' });
  await page.goto('/bigscreen');
  await byTestId(page, 'bd-map-chart').locator('canvas').first().waitFor();
  await until('the wall connected', () => byTestId(page, 'bd-screen').getAttribute('data-live'), (s) => s === 'connected');
  return page;
}

interface Box { name: string; left: number; top: number; right: number; bottom: number }

/** The screen's blocks (header, figures, panels) and every chart canvas on show, with its drawn and shown size. */
function layoutOf(page: Page) {
  return page.evaluate(() => {
    const shown = (el: Element) => el.getClientRects().length > 0;
    const box = (name: string, el: Element): Box => {
      const r = el.getBoundingClientRect();
      return { name, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    const blocks = [
      ...[...document.querySelectorAll('.bd-header, .bd-tile, .bd-panel')].filter(shown).map((el) => box(el.getAttribute('data-testid') ?? el.className, el)),
    ];
    const canvases = [...document.querySelectorAll('.bd-chart canvas')].filter(shown).map((c) => {
      const canvas = c as HTMLCanvasElement;
      const r = canvas.getBoundingClientRect();
      return { chart: canvas.closest('.bd-chart')?.getAttribute('data-testid'), width: canvas.width, shownWidth: r.width };
    });
    const title = parseFloat(getComputedStyle(document.querySelector('.bd-title')!).fontSize);
    return { blocks, canvases, title, dpr: window.devicePixelRatio, viewport: { width: innerWidth, height: innerHeight } };
  });
}

const overlap = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

/** Every block inside the screen and none over another, each chart drawn at the screen's own pixels. */
async function expectLaidOut(page: Page, width: number, height: number) {
  const layout = await layoutOf(page);
  for (const block of layout.blocks) {
    expect({ block: block.name, inside: block.left >= 0 && block.top >= 0 && block.right <= width + 0.5 && block.bottom <= height + 0.5 })
      .toEqual({ block: block.name, inside: true });
  }
  const overlapping = layout.blocks.flatMap((a, i) => layout.blocks.slice(i + 1).filter((b) => overlap(a, b)).map((b) => `${a.name} × ${b.name}`));
  expect(overlapping).toEqual([]);
  // No canvas is a small bitmap stretched to its box.
  for (const canvas of layout.canvases) {
    expect({ chart: canvas.chart, sharp: Math.abs(canvas.width - canvas.shownWidth * layout.dpr) <= 2 }).toEqual({ chart: canvas.chart, sharp: true });
  }
  return layout;
}

describe('the wall display', () => {
  it.each([[1920, 1080], [3840, 2160]])('fills a %i × %i screen: every panel drawn at the screen\'s pixels, nothing outside or overlapping', async (width, height) => {
    const page = await wall(width, height);
    for (const chart of CHARTS) await byTestId(page, `bd-${chart}-chart`).locator('canvas').first().waitFor();
    // No household waste handed in today in this world: the recycling panel says so beside its figures.
    await expectText(byTestId(page, 'bd-recycling'), /今日暂无投放/);
    const layout = await expectLaidOut(page, width, height);
    expect(layout.blocks.length).toBeGreaterThanOrEqual(1 + 8 + 10);
    expect(layout.canvases.length).toBeGreaterThanOrEqual(CHARTS.length + 1);
    // Text grows with the screen instead of being blown up: the title at 4K is twice its 1080p size.
    expect(layout.title).toBeCloseTo(30 * (height / 1080), 0);
    // The server has a map key, but there is no internet: past AMap's load timeout the offline map is still the one drawn.
    await page.waitForTimeout(4500);
    expect(await byTestId(page, 'bd-map-amap').count()).toBe(0);
    expect(await byTestId(page, 'bd-map-chart').locator('canvas').count()).toBeGreaterThan(0);
    await page.close();
  }, 60_000);

  it('turns to its other panel set and back, moving the same charts rather than building new ones', async () => {
    const settings = (rotateSeconds: number) => api.call('PUT', svc('BigData', 'UpdateWallSettings'), {
      token: admin, body: { title: null, rotateSeconds, replayMinutes: 60 },
    });
    ok(await settings(10), 'UpdateWallSettings');
    try {
      const page = await wall(1920, 1080);
      const panelSet = () => byTestId(page, 'bd-grid').getAttribute('data-panel-set');
      expect(await panelSet()).toBe('0');
      await byTestId(page, 'bd-disposal-chart').locator('canvas').first().waitFor();
      // Each chart's canvas marked with the chart's name: a canvas carrying another chart's name is a chart rebuilt in
      // place for another panel.
      const marks = () => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.bd-chart')].map((chart) => {
        const id = chart.getAttribute('data-testid')!;
        const canvas = chart.querySelector('canvas') as (HTMLCanvasElement & { mark?: string }) | null;
        const mark = canvas?.mark ?? null;
        if (canvas) canvas.mark ??= id;
        return [id, mark];
      })));
      const kept = Object.fromEntries(Object.keys(await marks()).map((id) => [id, id]));
      expect(Object.keys(kept)).toEqual(expect.arrayContaining(['bd-disposal-chart', 'bd-stages-chart']));
      await until('the second set on show', panelSet, (set) => set === '1', 15_000);
      await byTestId(page, 'bd-stages-chart').locator('canvas').first().waitFor();
      const second = await expectLaidOut(page, 1920, 1080);
      expect(second.blocks.map((b) => b.name)).toEqual(expect.arrayContaining(['bd-warningTypes', 'bd-stages', 'bd-trendMonths']));
      expect(second.blocks.map((b) => b.name)).not.toContain('bd-disposal');
      expect(second.blocks.map((b) => b.name)).not.toContain('bd-recycling');
      expect(await marks()).toEqual(kept);
      await until('the first set back', panelSet, (set) => set === '0', 15_000);
      await page.waitForTimeout(300);
      await expectLaidOut(page, 1920, 1080);
      expect(await marks()).toEqual(kept);
      await page.close();
    } finally {
      ok(await settings(30), 'UpdateWallSettings');
    }
  }, 60_000);

  it('shows a warning a device reports within two seconds, on the ticker and in the figures', async () => {
    const page = await wall(1920, 1080);
    const openBefore = Number(await byTestId(page, 'bd-warnings-value').textContent());
    const sent = Date.now();
    await sendOk(api, hot.deviceKey, nowReadings({ temperature: 75 }));
    await byTestId(page, 'bd-ticker-list').getByText(hot.serialNumber).first().waitFor({ timeout: 2000 });
    expect(Date.now() - sent).toBeLessThan(2000);
    await until('the open warnings counted', async () => Number(await byTestId(page, 'bd-warnings-value').textContent()), (n) => n === openBefore + 1, 2000);
    await page.close();
  }, 60_000);

  it('says within ten seconds that the server is gone, and clears once it is back with what happened meanwhile', async () => {
    const page = await wall(1920, 1080);
    const banner = byTestId(page, 'bd-stale-banner');
    expect(await banner.count()).toBe(0);
    const stopped = Date.now();
    const restarted = app.restart({ downMs: 12_000 });
    await banner.waitFor({ timeout: 10_000 });
    expect(Date.now() - stopped).toBeLessThan(10_000);
    await restarted;
    // Reported while the wall is still reconnecting: it must arrive through the catch-up.
    const battery = await sendOk(api, hot.deviceKey, nowReadings({ battery: 5 }));
    expect(battery.accepted).toBe(1);
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    await byTestId(page, 'bd-ticker-list').getByText(new RegExp(`${hot.serialNumber}.*电量`)).first().waitFor({ timeout: 5000 });
    await page.close();
  }, 90_000);

  it('replays a seeded hour: its events on the ticker in order as the replay is sought through, then back to live', async () => {
    // Three warnings raised 50, 30 and 10 minutes ago (reported now, then dated back in the log, as is everything before).
    const devices = [await boundDevice(api, admin, world), await boundDevice(api, admin, world), await boundDevice(api, admin, world)];
    const [{ head }] = await app.db.query<{ head: number }>('select last_seq as head from live_event_counter where tenant_key = 1');
    await app.db.query(`update live_events set created_at = created_at - interval '3 hours' where tenant_key = 1`);
    let before = Number(head);
    for (const [i, device] of devices.entries()) {
      const { lastSeq } = await sendOk(api, device.deviceKey, nowReadings({ temperature: 80 }));
      await app.db.query(
        `update live_events set created_at = localtimestamp - make_interval(mins => $2::int) where tenant_key = 1 and seq > $1 and seq <= $3`,
        [before, [50, 30, 10][i], lastSeq]);
      before = lastSeq;
    }
    const page = await wall(1920, 1080);
    await byTestId(page, 'bd-replay-open').click();
    await byTestId(page, 'bd-replay').waitFor();
    await byTestId(page, 'bd-replay-play').click();
    const ticker = byTestId(page, 'bd-ticker');
    const shown = async () => {
      const text = (await ticker.textContent()) ?? '';
      return devices.map((d) => text.indexOf(d.serialNumber)).filter((at) => at >= 0).length;
    };
    const handle = page.locator('.bd-replay .bp6-slider-handle');
    await handle.focus();
    for (let minute = 0; minute < 60; minute++) await page.keyboard.press('ArrowLeft');
    await until('the replay at its start', shown, (n) => n === 0, 1000);
    for (const [minutes, expected] of [[15, 1], [20, 2], [20, 3]] as const) {
      for (let i = 0; i < minutes; i++) await page.keyboard.press('ArrowRight');
      await until(`${expected} warnings replayed`, shown, (n) => n === expected, 1000);
    }
    // Newest first, as live.
    const text = (await ticker.textContent()) ?? '';
    const order = devices.map((d) => text.indexOf(d.serialNumber));
    expect(order[2]).toBeLessThan(order[1]);
    expect(order[1]).toBeLessThan(order[0]);
    await byTestId(page, 'bd-replay-live').click();
    await byTestId(page, 'bd-replay').waitFor({ state: 'detached' });
    await page.close();
  }, 90_000);

  it('runs on a display token with nobody to log in, until the token is revoked', async () => {
    const account = await userWithPermissions(api, admin, 1, ['Pages.BigData']);
    const issued = ok<{ id: number; token: string }>(await api.call('POST', svc('BigData', 'CreateDisplayToken'), {
      token: admin, body: { userId: account.id, name: '调度中心大屏' },
    }), 'CreateDisplayToken');
    const page = await app.newPage();
    await page.setViewportSize({ width: 1920, height: 1080 });
    // Every app-service call the wall makes: a display's token opens the wall's methods alone, and the wall needs no other.
    const calls: { path: string; status: number }[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/api/services/app/')) calls.push({ path: pathname, status: response.status() });
    });
    const settingsRead = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/BigData/GetWallSettings'));
    await page.goto(`/bigscreen#display=${issued.token}`);
    await byTestId(page, 'bd-map-chart').locator('canvas').first().waitFor();
    await until('the wall connected', () => byTestId(page, 'bd-screen').getAttribute('data-live'), (s) => s === 'connected');
    // The settings are read last of the screen's start: by then it has made each call of its start.
    await settingsRead;
    expect(calls.filter((c) => c.status !== 200)).toEqual([]);
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining([
      '/api/services/app/Session/GetCurrentLoginInformations', '/api/services/app/BigData/GetOverview', '/api/services/app/BigData/GetWallSettings',
    ]));
    // The secret leaves the address bar at once; the wall is the display account's.
    expect(new URL(page.url()).hash).toBe('');
    expect(new URL(page.url()).pathname).toBe('/bigscreen');
    ok(await api.call('POST', svc('BigData', 'RevokeDisplayToken'), { token: admin, body: { id: issued.id } }), 'RevokeDisplayToken');
    await page.reload();
    await byTestId(page, 'display-revoked').waitFor();
    expect(new URL(page.url()).pathname).toBe('/bigscreen');
    // Read from across a room: the message stands in the middle of the screen, whatever its size.
    for (const [width, height] of [[1920, 1080], [1366, 768]]) {
      await page.setViewportSize({ width, height });
      const box = await page.locator('[data-testid="display-revoked"] .bp6-non-ideal-state').boundingBox();
      expect(box).not.toBeNull();
      const centre = { x: Math.round(box!.x + box!.width / 2), y: Math.round(box!.y + box!.height / 2) };
      expect({ width, height, x: Math.abs(centre.x - width / 2) <= 2, y: Math.abs(centre.y - height / 2) <= 2, centre })
        .toEqual({ width, height, x: true, y: true, centre });
      expect(box!.x).toBeGreaterThan(0);
      expect(box!.x + box!.width).toBeLessThan(width);
    }
    await page.close();
  }, 60_000);
});
