// What a first visit to the login screen downloads, gzipped as a server would send it, against the 350 KB budget.
// The initial load is read from index.html; the lazy chunks of the `/` route are found by actually booting the built
// app in jsdom against an in-process server and recording every script and stylesheet it fetches.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { JSDOM, ResourceLoader, VirtualConsole, type DOMWindow, type FetchOptions } from 'jsdom';
import { buildClient, clientBuildIsStale } from '../../src/server/cli/build-client';
import { startBenchServer } from './harness';
import { round } from './stats';
import { ROOT } from './startup';

export const PUBLIC_DIR = path.join(ROOT, 'dist/public');
export const LOGIN_BUDGET_KB = 350;

export interface ClientBuildState {
  status: 'current' | 'built' | 'failed';
  /** Build time when the bench had to build (never part of a measured figure). */
  buildMs: number | null;
  error: string | null;
}

export interface AssetSize {
  file: string;
  bytes: number;
  gzipBytes: number;
  /** 'index.html' for the initial tags, 'route' for chunks the app fetched while showing the login screen. */
  source: 'index.html' | 'route';
}

export interface RouteProbe {
  ok: boolean;
  /** The login form (a password field) was on screen when the probe stopped. */
  loginFormRendered: boolean;
  ms: number;
  pageErrors: string[];
}

export interface BundleResult {
  loginRoute: {
    files: AssetSize[];
    jsGzipKb: number;
    cssGzipKb: number;
    totalGzipKb: number;
    jsRawKb: number;
    budgetKb: number;
    jsUnderBudget: boolean;
    probe: RouteProbe;
  };
  allAssets: { files: number; rawKb: number; gzipKb: number; byType: Record<string, { files: number; rawKb: number; gzipKb: number }> };
}

const kb = (bytes: number) => round(bytes / 1024, 1);

/** Builds the client when it is missing or older than its sources, so no measured start includes a build. */
export async function ensureClientBuild(): Promise<ClientBuildState> {
  if (!clientBuildIsStale()) return { status: 'current', buildMs: null, error: null };
  const started = performance.now();
  try {
    await buildClient();
    return { status: 'built', buildMs: round(performance.now() - started, 0), error: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: 'failed', buildMs: null, error: message.split('\n').slice(0, 4).join('\n') };
  }
}

function sizeOf(file: string, source: AssetSize['source']): AssetSize {
  const content = fs.readFileSync(path.join(PUBLIC_DIR, file));
  return { file, bytes: content.length, gzipBytes: zlib.gzipSync(content, { level: 9 }).length, source };
}

/** Same-origin paths of the `<script src>` and `<link rel=stylesheet|preload|modulepreload href>` tags. */
export function initialAssets(html: string): string[] {
  // Parsed, not pattern-matched: the minified page drops attribute quotes.
  const document = new JSDOM(html).window.document;
  const found = [
    ...[...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src') ?? ''),
    ...[...document.querySelectorAll('link[rel~="stylesheet" i][href], link[rel~="preload" i][href], link[rel~="modulepreload" i][href]')]
      .map((link) => link.getAttribute('href') ?? ''),
  ];
  return [...new Set(found.filter((src) => src && !/^(https?:)?\/\//i.test(src)).map(toFile))];
}

function toFile(url: string): string {
  return decodeURIComponent(url.replace(/^https?:\/\/[^/]+/i, '').replace(/[?#].*$/, '').replace(/^\//, ''));
}

/** The browser APIs the app may touch that jsdom lacks; stubs only, nothing is laid out. */
function polyfill(window: DOMWindow): void {
  const target = window as unknown as Record<string, unknown>;
  class NoopObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
    takeRecords(): [] {
      return [];
    }
  }
  target.TextEncoder ??= TextEncoder;
  target.TextDecoder ??= TextDecoder;
  target.ResizeObserver ??= NoopObserver;
  target.IntersectionObserver ??= NoopObserver;
  target.matchMedia ??= (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
  });
  target.scrollTo = () => undefined;
}

/** Boots the built app at `/` and returns every script and stylesheet it fetched until the network went quiet. */
async function probeLoginRoute(maxMs = 20_000, quietMs = 1500): Promise<{ fetched: string[]; probe: RouteProbe }> {
  const server = await startBenchServer('pglite');
  const fetched = new Set<string>();
  const pageErrors: string[] = [];
  let lastFetch = performance.now();
  class RecordingLoader extends ResourceLoader {
    override fetch(url: string, options: FetchOptions) {
      lastFetch = performance.now();
      if (url.startsWith(server.origin)) fetched.add(toFile(url));
      return super.fetch(url, options);
    }
  }
  const virtualConsole = new VirtualConsole();
  virtualConsole.on('jsdomError', (error: Error) => {
    if (pageErrors.length < 5) pageErrors.push(error.message.split('\n')[0]);
  });
  const started = performance.now();
  let dom: JSDOM | null = null;
  try {
    dom = await JSDOM.fromURL(`${server.origin}/`, {
      runScripts: 'dangerously',
      resources: new RecordingLoader(),
      pretendToBeVisual: true,
      virtualConsole,
      beforeParse: polyfill,
    });
    const document = dom.window.document;
    let loginFormRendered = false;
    while (performance.now() - started < maxMs) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      loginFormRendered = document.querySelector('input[type="password"]') !== null;
      const quiet = performance.now() - lastFetch;
      if (loginFormRendered ? quiet > quietMs : quiet > quietMs * 3) break;
    }
    return {
      fetched: [...fetched],
      probe: { ok: loginFormRendered, loginFormRendered, ms: round(performance.now() - started, 0), pageErrors },
    };
  } catch (error) {
    pageErrors.push(error instanceof Error ? error.message : String(error));
    return { fetched: [...fetched], probe: { ok: false, loginFormRendered: false, ms: round(performance.now() - started, 0), pageErrors } };
  } finally {
    dom?.window.close();
    await server.close();
  }
}

function walk(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full, base) : [path.relative(base, full)];
  });
}

export async function benchBundle(): Promise<BundleResult> {
  const html = fs.readFileSync(path.join(PUBLIC_DIR, 'index.html'), 'utf8');
  const initial = initialAssets(html);
  const { fetched, probe } = await probeLoginRoute();
  const lazy = fetched.filter((file) => /\.(js|css)$/.test(file) && !initial.includes(file));
  const files = [
    ...initial.filter((file) => fs.existsSync(path.join(PUBLIC_DIR, file))).map((file) => sizeOf(file, 'index.html')),
    ...lazy.filter((file) => fs.existsSync(path.join(PUBLIC_DIR, file))).map((file) => sizeOf(file, 'route')),
  ];
  const sum = (list: AssetSize[], key: 'bytes' | 'gzipBytes') => list.reduce((total, asset) => total + asset[key], 0);
  const js = files.filter((asset) => asset.file.endsWith('.js'));
  const css = files.filter((asset) => asset.file.endsWith('.css'));

  const byType: BundleResult['allAssets']['byType'] = {};
  let rawBytes = 0;
  let gzipBytes = 0;
  const everything = walk(PUBLIC_DIR);
  for (const file of everything) {
    const { bytes, gzipBytes: gz } = sizeOf(file, 'route');
    const type = path.extname(file).slice(1) || 'other';
    const entry = (byType[type] ??= { files: 0, rawKb: 0, gzipKb: 0 });
    entry.files += 1;
    entry.rawKb = round(entry.rawKb + bytes / 1024, 1);
    entry.gzipKb = round(entry.gzipKb + gz / 1024, 1);
    rawBytes += bytes;
    gzipBytes += gz;
  }

  return {
    loginRoute: {
      files,
      jsGzipKb: kb(sum(js, 'gzipBytes')),
      cssGzipKb: kb(sum(css, 'gzipBytes')),
      totalGzipKb: kb(sum(files, 'gzipBytes')),
      jsRawKb: kb(sum(js, 'bytes')),
      budgetKb: LOGIN_BUDGET_KB,
      jsUnderBudget: sum(js, 'gzipBytes') / 1024 <= LOGIN_BUDGET_KB,
      probe,
    },
    allAssets: { files: everything.length, rawKb: kb(rawBytes), gzipKb: kb(gzipBytes), byType },
  };
}
