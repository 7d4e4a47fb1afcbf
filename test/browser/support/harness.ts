// One real server (PGlite, migrated and seeded) serving the built client, and one headless Chromium, per test file.
// The database is a copy of the seeded PGlite template of the server tests (on the RAM disk when there is one):
// a fresh in-memory PGlite costs ~17 s of initdb in WASM, a copy ~1.5 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp, type App } from '../../../src/server/app';
import { readConfig } from '../../../src/server/config';
import type { Db } from '../../../src/server/db/database';
import { migrate } from '../../../src/server/db/migrate';
import { stopServing } from '../../../src/server/main';
import { seed } from '../../../src/server/db/seed';
import { JWT_SECRET, openTestPglite } from '../../support/server-harness';
import { useFileFixture } from '../../support/file-fixture';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const BROWSER_TIME_ZONE = 'Europe/London';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export interface BrowserApp {
  baseUrl: string;
  db: Db;
  browser: Browser;
  /** The server now running (a restart replaces it). */
  server(): App;
  /** A fresh context (no cookies, no storage: a new visitor) and its page, sized like a clerk's screen. */
  newPage(): Promise<Page>;
  /**
   * Stops the server (its hub closes every connection) and starts it again on the same port, database and data
   * folder, as a deployment would, `downMs` later (an outage); resolves once it listens. Open pages stay open.
   */
  restart(options?: { downMs?: number }): Promise<void>;
  close(): Promise<void>;
}

export interface BrowserAppOptions {
  /** Extra server settings, as the environment would give them (CORS_ORIGINS, …). */
  env?: NodeJS.ProcessEnv;
}

/**
 * The test file's app: started before its tests and closed after them. The handle forwards to the running app, so
 * tests and hooks use it like the app itself. Options may be a function, read when the app starts (after the file's
 * earlier hooks, e.g. one that opens another origin for CORS_ORIGINS).
 */
export function useBrowserApp(options: BrowserAppOptions | (() => BrowserAppOptions) = {}): BrowserApp {
  return useFileFixture('browser app', () => startBrowserApp(typeof options === 'function' ? options() : options), 120_000);
}

export async function startBrowserApp(options: BrowserAppOptions = {}): Promise<BrowserApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'browser-test-'));
  const opened = await openTestPglite();
  let app: App | undefined;
  let config: ReturnType<typeof readConfig> | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const release = async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await app?.server.close().catch(() => undefined);
    await opened.db.close().catch(() => undefined);
    opened.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrate(opened.db);
    await seed(opened.db);
    // The seeded admins would be asked for a new password at their first login; the tests log in as admin/123qwe
    // throughout, so that request is withdrawn here and exercised on a user of its own (password-change.test.ts).
    await opened.db.query('update users set should_change_password_on_next_login = false');
    config = readConfig({ DATA_DIR: dataDir, JWT_SECRET, HOST: '127.0.0.1', PORT: '0', AMAP_KEY: 'test-amap-key', ...options.env });
    if (!fs.existsSync(path.join(config.publicDir, 'index.html'))) throw new Error(`no built client in ${config.publicDir}`);
    app = await buildApp(opened.db, config, { quiet: true });
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  } catch (error) {
    await release();
    throw error;
  }
  const address = app.server.server.address();
  if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
  const port = address.port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = browser;
  return {
    baseUrl,
    db: opened.db,
    browser: started,
    server: () => app!,
    async restart({ downMs = 0 } = {}) {
      // As a deployment stops it: a keep-alive socket whose request was in flight would otherwise hold the stop open
      // for the server's keep-alive timeout.
      await stopServing(app!);
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      app = await buildApp(opened.db, config!, { quiet: true });
      await app.server.listen({ port, host: '127.0.0.1' });
      // Keep-alive sockets to the stopped server may linger in this process's fetch pool: spend them on a harmless
      // request, so the test's next call reaches the new server.
      for (let attempt = 0; attempt < 10; attempt++) {
        try {
          await (await fetch(baseUrl)).arrayBuffer();
          break;
        } catch {
          // A socket the old server closed.
        }
      }
    },
    async newPage() {
      // The browser's clock is on London time, as a control-room PC left on UTC would be: every screen must still
      // show the tenant's (China's) time.
      const context = await started.newContext({
        baseURL: baseUrl, viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: BROWSER_TIME_ZONE, acceptDownloads: true,
      });
      contexts.push(context);
      // Generous enough for a busy CI machine, short enough that a missing element fails the test before jest's timeout.
      context.setDefaultTimeout(10_000);
      return context.newPage();
    },
    close: release,
  };
}
