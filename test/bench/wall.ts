// The wall display in headless Chromium against a bench server with the device simulator driving it: first paint of
// the screen (navigation to every chart drawn), update-to-paint (a hub message arriving to the first frame showing
// figures that hold its events), a soak (JS heap after a forced GC and DOM nodes every minute, and the heap's slope after
// warm-up), and what the screen downloads on top of the shell, gzipped.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startSimulator, type Simulator } from '../browser/support/simulator';
import { PUBLIC_DIR } from './bundle-size';
import { login, postgresAvailable, startBenchServer, TENANT_ID, type BenchServer } from './harness';
import { round, summarize, type LatencySummary } from './stats';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/** Every chart of the first panel set, and the map. */
const CHARTS_DRAWN = 9;

function argument(name: string, fallback: number): number {
  const value = process.argv.find((a) => a.startsWith(`${name}=`))?.split('=')[1];
  return value === undefined ? fallback : Number(value);
}

export const DEFAULT_WALL = {
  firstPaintRuns: 5,
  /** Simulated devices, each reading once a second. */
  devices: 100,
  updateSeconds: 30,
  soakMinutes: argument('--soak-minutes', 10),
  /** Samples before this are warm-up (caches filling, the JIT settling) and left out of the slope. */
  warmUpMinutes: argument('--warm-up-minutes', 2),
};

export interface WallResult {
  firstPaintMs: LatencySummary;
  updateToPaintMs: LatencySummary & { messages: number; unpainted: number };
  soak: { minutes: number; warmUpMinutes: number; samples: { minute: number; heapMb: number; nodes: number }[]; heapSlopeMbPerHour: number | null; nodesSlopePerHour: number | null };
  chunks: { files: { file: string; gzipKb: number }[]; gzipKb: number };
}

/** Least-squares slope of y over x. */
function slope(points: readonly { x: number; y: number }[]): number | null {
  if (points.length < 2) return null;
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxx === 0 ? null : points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx;
}

const STAMPS = `(() => {
  window.hubMessages = [];
  window.painted = [];
  window.stamping = true;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (e) => {
        if (!window.stamping || typeof e.data !== 'string' || !/"target":"Receive(Event|Frame|Message)"/.test(e.data)) return;
        const seqs = (e.data.match(/"seq":[0-9]+/g) || []).map((m) => Number(m.split(':')[1]));
        if (seqs.length > 0) window.hubMessages.push({ at: performance.now(), seq: Math.max(...seqs) });
      });
    }
  };
  let waiting = false;
  // The clock changes every second whatever arrives: its ticks are not updates.
  const isClock = (node) => {
    const element = node.nodeType === 1 ? node : node.parentElement;
    return !!(element && element.closest('[data-testid="bd-clock"]'));
  };
  new MutationObserver((records) => {
    if (!window.stamping || waiting || records.every((r) => isClock(r.target))) return;
    waiting = true;
    // The frame painted the figures up to the seq the screen's grid says it holds.
    requestAnimationFrame(() => requestAnimationFrame((t) => {
      const grid = document.querySelector('[data-testid="bd-grid"]');
      window.painted.push({ at: t, seq: Number(grid && grid.dataset.seq) || 0 });
      waiting = false;
    }));
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();`;

interface Stamps {
  /** Arrival of each message carrying events, and the last event's seq in it. */
  hubMessages: { at: number; seq: number }[];
  /** Frames after a change of the screen, and the last seq the drawn figures held. */
  painted: { at: number; seq: number }[];
}

async function wallPage(browser: Browser, server: BenchServer, token: { accessToken: string }): Promise<Page> {
  // The bench reads its stamps with evaluated text, which the app's Content-Security-Policy rightly forbids to pages.
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN', bypassCSP: true });
  await context.addCookies([
    { name: 'Abp.AuthToken', value: token.accessToken, url: server.origin },
    { name: 'Abp.TenantId', value: String(TENANT_ID), url: server.origin },
  ]);
  const page = await context.newPage();
  // Hub messages that carry events, stamped on arrival; and the first frame after each change of the screen. Given as
  // text: a function would be compiled with this file's helpers, which the page does not have.
  await page.addInitScript({ content: STAMPS });
  return page;
}

const chartsDrawn = (page: Page) => page.waitForFunction(`document.querySelectorAll('.bd-chart canvas').length >= ${CHARTS_DRAWN}`, undefined, { timeout: 60_000 });

async function firstPaint(browser: Browser, server: BenchServer, token: { accessToken: string }, runs: number) {
  const samples: number[] = [];
  const loaded = new Set<string>();
  for (let run = 0; run < runs; run++) {
    const page = await wallPage(browser, server, token);
    page.on('response', (r) => {
      const file = new URL(r.url()).pathname;
      if (/\.(js|css)$/.test(file)) loaded.add(file);
    });
    await page.goto(`${server.origin}/bigscreen`, { waitUntil: 'domcontentloaded' });
    await chartsDrawn(page);
    samples.push(await page.evaluate<number>('performance.now()'));
    await page.context().close();
  }
  return { summary: summarize(samples), loaded };
}

/** The screen's own downloads: everything it fetched that index.html does not name (the shell and login need those). */
function chunkSizes(loaded: Set<string>) {
  const initial = fs.readFileSync(path.join(PUBLIC_DIR, 'index.html'), 'utf8');
  const files = [...loaded].filter((f) => !initial.includes(f)).sort().map((file) => {
    const bytes = fs.readFileSync(path.join(PUBLIC_DIR, file));
    return { file, gzipKb: round(zlib.gzipSync(bytes, { level: 9 }).length / 1024, 1) };
  });
  return { files, gzipKb: round(files.reduce((s, f) => s + f.gzipKb, 0), 1) };
}

async function updateToPaint(page: Page, seconds: number) {
  await page.evaluate('window.hubMessages = []; window.painted = [];');
  await page.waitForTimeout(seconds * 1000);
  const { hubMessages, painted } = await page.evaluate<Stamps>('({ hubMessages: window.hubMessages, painted: window.painted })');
  const latencies: number[] = [];
  let unpainted = 0;
  // A message is painted by the first frame that shows figures holding its events: a message whose events change
  // nothing visible (a weight staying within its fill band) still moves the figures' seq, so it is not timed against
  // some later, unrelated change.
  for (const message of hubMessages) {
    const frame = painted.find((p) => p.at >= message.at && p.seq >= message.seq);
    if (frame === undefined || frame.at - message.at > 1000) unpainted += 1;
    else latencies.push(frame.at - message.at);
  }
  return { ...summarize(latencies), messages: hubMessages.length, unpainted };
}

async function soak(page: Page, minutes: number, warmUpMinutes: number) {
  // The soak weighs the page, not the bench's own stamps, which would otherwise grow with every message and frame.
  await page.evaluate('window.stamping = false; window.hubMessages = []; window.painted = [];');
  const cdp = await page.context().newCDPSession(page);
  const samples: { minute: number; heapMb: number; nodes: number }[] = [];
  for (let minute = 0; minute <= minutes; minute++) {
    if (minute > 0) await page.waitForTimeout(60_000);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    const counters = await cdp.send('Memory.getDOMCounters');
    samples.push({ minute, heapMb: round(heap.usedSize / 1024 ** 2, 2), nodes: counters.nodes });
    process.stderr.write(`bench: wall soak minute ${minute}: heap ${samples[samples.length - 1].heapMb} MB, ${counters.nodes} nodes\n`);
  }
  const settled = samples.filter((s) => s.minute >= warmUpMinutes);
  const perMinute = (key: 'heapMb' | 'nodes') => slope(settled.map((s) => ({ x: s.minute, y: s[key] })));
  const heap = perMinute('heapMb');
  const nodes = perMinute('nodes');
  return {
    minutes, warmUpMinutes, samples, heapSlopeMbPerHour: heap === null ? null : round(heap * 60, 2), nodesSlopePerHour: nodes === null ? null : round(nodes * 60, 0),
  };
}

export async function benchWall(options = DEFAULT_WALL): Promise<WallResult> {
  // PostgreSQL where there is one: an in-process PGlite busy with the simulator's ingest would slow the page itself.
  const server = await startBenchServer((await postgresAvailable()) === null ? 'postgres' : 'pglite');
  let browser: Browser | undefined;
  let simulator: Simulator | undefined;
  try {
    const token = await login(server.origin);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const paint = await firstPaint(browser, server, token, options.firstPaintRuns);
    process.stderr.write(`bench: wall first paint p50 ${paint.summary.p50} ms; starting ${options.devices} simulated devices\n`);
    simulator = await startSimulator(server.origin, { devices: options.devices, rate: 1, batch: 1, args: ['--seed', '1'] });
    await simulator.waitForOutput(new RegExp(`Driving ${options.devices} devices`), 120_000);
    const page = await wallPage(browser, server, token);
    await page.goto(`${server.origin}/bigscreen`, { waitUntil: 'domcontentloaded' });
    await chartsDrawn(page);
    const updates = await updateToPaint(page, options.updateSeconds);
    process.stderr.write(`bench: wall update-to-paint p50 ${updates.p50} ms, p95 ${updates.p95} ms over ${updates.messages} messages\n`);
    const soaked = await soak(page, options.soakMinutes, options.warmUpMinutes);
    return { firstPaintMs: paint.summary, updateToPaintMs: updates, soak: soaked, chunks: chunkSizes(paint.loaded) };
  } finally {
    await simulator?.stop().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await server.close();
  }
}
