// A server started without a map key (AMAP_KEY unset, as by default): the big-data screen and the wall draw their
// offline map at once and never ask AMap for its script (no request, no console error, no wait for a timeout).
import type { Page } from 'playwright-core';
import { configuredMapKey } from '../../src/shared/bigdata';
import { useBrowserApp } from './support/harness';
import { byTestId, logIn } from './support/ui';

const app = useBrowserApp({ env: { AMAP_KEY: '' } });

const AMAP_HOST = /(^|\.)(amap\.com|autonavi\.com)$/;

/** Every request the page makes to AMap's hosts, and every console error, from the page's first load on. */
function watch(page: Page) {
  const amap: string[] = [];
  const consoleErrors: string[] = [];
  page.on('request', (request) => {
    if (AMAP_HOST.test(new URL(request.url()).hostname)) amap.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  return { amap, consoleErrors };
}

it('reads a blank key or a template placeholder as no key', () => {
  expect([undefined, null, '', '  ', '{key}', '{AMAP_KEY}'].map(configuredMapKey)).toEqual([null, null, null, null, null, null]);
  expect(configuredMapKey(' abc123 ')).toBe('abc123');
});

it.each(['/bigdata/customerinformation', '/bigscreen'])('%s draws the offline map at once and makes no request to AMap', async (path) => {
  const page = await app.newPage();
  await page.setViewportSize({ width: 1920, height: 1080 });
  const seen = watch(page);
  await logIn(page, { userName: 'admin', password: '123qwe' });
  await page.goto(path);
  await byTestId(page, 'bd-map-chart').locator('canvas').first().waitFor();
  // Past the time AMap's script was given to load: had it been asked for, the request would be counted by now.
  await page.waitForTimeout(1500);
  expect(seen.amap).toEqual([]);
  expect(seen.consoleErrors.filter((text) => /amap|\{key\}/i.test(text))).toEqual([]);
  expect(await byTestId(page, 'bd-map-amap').count()).toBe(0);
  await page.close();
}, 60_000);
