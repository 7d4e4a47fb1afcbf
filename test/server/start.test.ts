// `npm start` in-process: it builds the client only when the build is stale (a failed build serves nothing), opens the
// database the configuration names (PGlite in the data folder, or PostgreSQL), migrates and seeds it, serves, and the
// first SIGTERM stops it gracefully and ends the process. The spawned `npm start` is the browser project's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { readConfig, type ServerConfig } from '../../src/server/config';
import { start } from '../../src/server/cli/start';
import { stopOnSignals, type RunningServer } from '../../src/server/main';
import { CLIENT_BUILD_INDEX, projectTree, touch } from '../support/project-tree';
import { copyOfPgliteTemplate, createPostgresDatabase, httpClient, JWT_SECRET, testDbKind } from '../support/server-harness';
import { completeFirstLogin } from '../support/server-fixtures';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * A configuration as the README's environment gives it: a new data folder, and a new database on PostgreSQL. Creating
 * a PGlite database costs seconds under Jest, so unless `empty`, the data folder starts with the tests' template.
 */
async function configuration({ empty = false } = {}): Promise<ServerConfig> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET, HOST: '127.0.0.1', PORT: '0', SWEEP_INTERVAL_MS: '0' };
  if (testDbKind() === 'postgres') {
    const database = await createPostgresDatabase();
    cleanups.push(() => database.drop());
    env.DATABASE_URL = database.url;
  } else if (!empty) {
    await copyOfPgliteTemplate(path.join(dataDir, 'pg'));
  }
  return readConfig(env);
}

/** Whether anything has been written to the configured database yet. */
async function databaseWritten(config: ServerConfig): Promise<boolean> {
  if (!config.databaseUrl) return fs.existsSync(path.join(config.dataDir, 'pg'));
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public'`);
    return rows[0].n > 0;
  } finally {
    await client.end();
  }
}

function tree(): string {
  const root = projectTree();
  cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
  return root;
}

const baseUrlOf = (running: RunningServer) => {
  const address = running.app.server.server.address();
  if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
  return `http://127.0.0.1:${address.port}`;
};

test('with a current client build it serves at once, seeded with admin / 123qwe (a new password asked at the first login); the first SIGTERM stops it and exits 0', async () => {
  const root = tree();
  touch(root, CLIENT_BUILD_INDEX, -30);
  const running = await start({ config: await configuration(), app: { quiet: true }, root, build: () => Promise.reject(new Error('no build was due')) });
  const baseUrl = baseUrlOf(running);
  cleanups.push(() => running.app.server.close().then(() => undefined));
  expect(await completeFirstLogin(httpClient(baseUrl), 1, 'admin', '123qwe', 'Granite55')).toMatch(/^ey/);

  const listeners = { SIGTERM: process.listenerCount('SIGTERM'), SIGINT: process.listenerCount('SIGINT') };
  const exited = new Promise<number>((resolve) => stopOnSignals(running, resolve));
  expect(process.listenerCount('SIGTERM')).toBe(listeners.SIGTERM + 1);
  process.emit('SIGTERM', 'SIGTERM');
  // Both handlers are gone at once: a second signal during the stop ends the process the default way.
  expect(process.listenerCount('SIGTERM')).toBe(listeners.SIGTERM);
  expect(process.listenerCount('SIGINT')).toBe(listeners.SIGINT);
  expect(await exited).toBe(0);
  await expect(fetch(`${baseUrl}/`)).rejects.toThrow();
  await expect(running.db.query('select 1')).rejects.toThrow();
}, 60_000);

test('a stop that fails is printed and ends the process with 1', async () => {
  const root = tree();
  touch(root, CLIENT_BUILD_INDEX, -30);
  const running = await start({ config: await configuration(), app: { quiet: true }, root });
  const close = running.db.close.bind(running.db);
  cleanups.push(close);
  const failure = new Error('disk gone');
  running.db.close = () => Promise.reject(failure);
  const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const exited = new Promise<number>((resolve) => stopOnSignals(running, resolve));
    process.emit('SIGINT', 'SIGINT');
    expect(await exited).toBe(1);
    expect(printed).toHaveBeenCalledWith(failure);
  } finally {
    printed.mockRestore();
  }
}, 60_000);

test('a stale client build is built before the database is opened, and a failed build opens nothing', async () => {
  const root = tree();
  const config = await configuration({ empty: true });
  const logged = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    await expect(start({ config, app: { quiet: true }, root, build: () => Promise.reject(new Error('webpack failed')) })).rejects.toThrow('webpack failed');
    expect(await databaseWritten(config)).toBe(false);

    let writtenDuringBuild: boolean | null = null;
    const running = await start({
      config, app: { quiet: true }, root,
      build: async () => {
        writtenDuringBuild = await databaseWritten(config);
        touch(root, CLIENT_BUILD_INDEX, 0);
      },
    });
    cleanups.push(async () => {
      await running.app.server.close();
      await running.db.close();
    });
    expect(writtenDuringBuild).toBe(false);
    expect(logged).toHaveBeenCalledWith('Building the client (first start or sources changed)…');
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^Client built in \d+\.\d s$/));
    // The first start migrated and seeded the empty database.
    expect(await completeFirstLogin(httpClient(baseUrlOf(running)), 1, 'admin', '123qwe', 'Granite55')).toMatch(/^ey/);
  } finally {
    logged.mockRestore();
  }
}, 120_000);
