// `npm start` as the README runs it: the command's own script, on a new data folder, serves the built client and the
// API, migrates and seeds the embedded database on first start, and the seeded admin of tenant Default logs in. It
// lives with the browser tests because their set-up builds the client `npm start` serves.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { httpClient } from '../support/server-harness';
import { completeFirstLogin } from '../support/server-fixtures';

const ROOT = path.resolve(__dirname, '../..');
const TSX = ['--import', 'tsx'];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    }).on('error', reject);
  });
}

async function until<T>(what: string, read: () => Promise<T | null>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

let child: ChildProcess | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-'));
afterAll(() => {
  child?.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('npm start serves the app and the API on an empty data folder, seeded with tenant Default and admin / 123qwe', async () => {
  const port = await freePort();
  let output = '';
  child = spawn(process.execPath, [...TSX, 'src/server/cli/start.ts'], {
    cwd: ROOT, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const base = `http://127.0.0.1:${port}`;
  const page = await until('the app page', async () => {
    const response = await fetch(`${base}/main/home`);
    return response.ok ? response.text() : null;
  }, 90_000).catch((error: Error) => { throw new Error(`${error.message}\n${output}`); });
  expect(page).toMatch(/^<!doctype html>/i);
  expect(page).toMatch(/src="?\/js\/main\.[0-9a-f]+\.js/);
  // The seeded admin chooses a new password at the first login before getting a token.
  const token = await completeFirstLogin(httpClient(base), 1, 'admin', '123qwe', 'Granite55');
  expect(token.split('.')).toHaveLength(3);
  // The embedded database lives in the data folder given.
  expect(fs.readdirSync(dataDir).length).toBeGreaterThan(0);
}, 120_000);
