// The single process serves the built client: History-API routes get the app, missing assets a plain 404, and files
// written after start-up (a rebuild) are served without a restart.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { JWT_SECRET, useTestServer } from '../support/server-harness';

const server = useTestServer();
let app: App;
let baseUrl: string;
const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'public-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(publicDir, 'js'));
  fs.writeFileSync(path.join(publicDir, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(publicDir, 'js', 'main.1.js'), 'console.log(1)');
  const config = { ...readConfig({ DATA_DIR: publicDir, JWT_SECRET }), publicDir };
  app = await buildApp(server.db, config, { quiet: true });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await app.server.close();
  fs.rmSync(publicDir, { recursive: true, force: true });
});

const get = async (url: string) => {
  const response = await fetch(baseUrl + url);
  return { status: response.status, type: response.headers.get('content-type') ?? '', cache: response.headers.get('cache-control'), text: await response.text() };
};

test.each(['/', '/main/home', '/setting/user?x=1', '/locking'])('%s answers the app page, never cached', async (url) => {
  const page = await get(url);
  expect(page).toMatchObject({ status: 200, cache: 'no-cache', text: '<!doctype html><title>app</title>' });
  expect(page.type).toMatch(/^text\/html/);
});

test('hashed assets are served with a long cache; a missing asset is a bare 404, not the app page', async () => {
  expect(await get('/js/main.1.js')).toMatchObject({ status: 200, cache: 'public, max-age=31536000, immutable', text: 'console.log(1)' });
  expect(await get('/js/main.2.js')).toMatchObject({ status: 404, text: '' });
});

test('a file written after start-up (a rebuild) is served without a restart', async () => {
  fs.writeFileSync(path.join(publicDir, 'js', 'main.3.js'), 'console.log(3)');
  expect(await get('/js/main.3.js')).toMatchObject({ status: 200, text: 'console.log(3)' });
});

test('API paths never fall back to the app page', async () => {
  expect(await get('/api/services/app/Nothing/Here')).toMatchObject({ status: 404, text: '' });
  expect(await get('/api/unknown')).toMatchObject({ status: 404, text: '' });
});
