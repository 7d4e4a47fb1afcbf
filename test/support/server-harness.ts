// The whole server over real HTTP, on PGlite or PostgreSQL (chosen by TEST_DB, set by the jest project's setup file).
// One server per test file: creating a database and seeding the national lists costs seconds, so files share one
// server across their tests and keep tests independent with unique names instead of resetting data.
// PostgreSQL: a new database per file on the local server, dropped on close. PGlite: see openTestPglite.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { openPglite, openPostgres, type Db } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';
import { useFileFixture } from './file-fixture';
import { TestClock } from './test-clock';

export type TestDbKind = 'pglite' | 'postgres';

/** The PostgreSQL server the `server:postgres` project runs against (trust auth on the test machine). */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const JWT_SECRET = 'server-integration-tests-fixed-secret-0123456789';
export const DEFAULT_PASSWORD = '123qwe';
export const DEFAULT_TENANT_ID = 1;

export function testDbKind(): TestDbKind {
  const kind = process.env.TEST_DB;
  if (kind !== 'pglite' && kind !== 'postgres') {
    throw new Error(`TEST_DB must be "pglite" or "postgres" (run through a server:* jest project), got ${String(kind)}`);
  }
  return kind;
}

export interface CallOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  /** JSON-encoded unless it is already a string (sent as is, for malformed-body tests). */
  body?: unknown;
  token?: string;
  /** Sent as `Abp.TenantId` (what the React client sends). */
  tenantId?: number | null;
  headers?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  /** Parsed JSON, or null when the body is empty or not JSON. */
  body: T;
  /** The raw body text (empty-body checks, stack-trace checks). */
  text: string;
  headers: Headers;
}

/** ABP's response envelope as the tests read it. */
export interface Envelope<T = any> {
  result: T;
  targetUrl: null;
  success: boolean;
  error: { code: number; message: string; details: string | null; validationErrors: { message: string; members: string[] }[] | null } | null;
  unAuthorizedRequest: boolean;
  __abp: true;
}

export interface TestServer {
  baseUrl: string;
  db: Db;
  app: App;
  kind: TestDbKind;
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<CallResult<Envelope<T>>>;
  /** Logs in and returns the access token; throws with the server's answer when the login fails. */
  login(tenantId: number | null, userName: string, password: string): Promise<string>;
  /** Like `login`, but each (tenant, user, password) logs in once per server: argon2 verification is not free. */
  token(tenantId: number | null, userName: string, password?: string): Promise<string>;
  /** The server's clock: `travelTo` puts every "today" of the server just before or after a midnight. */
  clock: TestClock;
  close(): Promise<void>;
}

/**
 * The zones the test databases' sessions keep, far from China on both sides of the date line and with daylight saving:
 * a query that reads the session's zone instead of the tenant's gives a wrong day here, whatever hour the suite runs.
 */
export const HOSTILE_SESSION_ZONES = { postgres: 'Pacific/Kiritimati', pglite: 'America/St_Johns' } as const;

// Creating a PGlite database costs ~8 s under Jest (initdb in WASM), opening an existing one ~1 s. So the first file
// builds a migrated, seeded data folder once per source version, and every file opens a copy of it with the production
// `openPglite(dataDir)` (then runs migrate and seed, which find nothing to do). TEST_PGLITE_FRESH=1 opens a new
// in-memory database per file instead.
// Everything that decides the template's content (migrations, seeds, seeded permissions, password hashes).
const TEMPLATE_INPUTS = [
  'src/server/db', 'src/server/auth/passwords.ts', 'src/shared/permissions.ts', 'node_modules/@electric-sql/pglite/package.json',
];

function sourceHash(): string {
  const hash = crypto.createHash('sha256');
  const visit = (file: string) => {
    const stat = fs.statSync(file);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(file).sort()) visit(path.join(file, name));
    } else {
      hash.update(file).update(fs.readFileSync(file));
    }
  };
  const root = path.resolve(__dirname, '../..');
  for (const input of TEMPLATE_INPUTS) visit(path.join(root, input));
  hash.update(HOSTILE_SESSION_ZONES.pglite);
  return hash.digest('hex').slice(0, 16);
}

// PGlite writes its data folder synchronously; on a RAM disk that costs nothing.
const scratchDir = () => (fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir());

async function pgliteTemplate(): Promise<string> {
  const prefix = 'waste-pglite-template-';
  const dir = path.join(scratchDir(), `${prefix}${sourceHash()}`);
  if (fs.existsSync(dir)) return dir;
  const building = `${dir}.building-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  const db = await openPglite(building);
  try {
    await db.query(`set timezone to '${HOSTILE_SESSION_ZONES.pglite}'`);
    await migrate(db);
    await seed(db);
  } finally {
    await db.close();
  }
  try {
    fs.renameSync(building, dir);
  } catch {
    // Another worker finished first: its folder is identical.
    fs.rmSync(building, { recursive: true, force: true });
  }
  // Templates of older sources are dead weight (≈40 MB each).
  for (const name of fs.readdirSync(scratchDir())) {
    const other = path.join(scratchDir(), name);
    if (name.startsWith(prefix) && other !== dir && Date.now() - fs.statSync(other).mtimeMs > 3600_000) {
      fs.rmSync(other, { recursive: true, force: true });
    }
  }
  return dir;
}

/** A new PGlite data folder holding the migrated, seeded template (`into`: where; a new scratch folder by default). */
export async function copyOfPgliteTemplate(into = fs.mkdtempSync(path.join(scratchDir(), 'waste-pglite-test-'))): Promise<string> {
  fs.cpSync(await pgliteTemplate(), into, { recursive: true });
  return into;
}

export async function openTestPglite(): Promise<{ db: Db; dispose(): void }> {
  // PGlite is one session: its zone is set on it (it keeps no per-database settings across opens).
  const hostile = async (db: Db) => {
    await db.query(`set timezone to '${HOSTILE_SESSION_ZONES.pglite}'`);
    return db;
  };
  if (process.env.TEST_PGLITE_FRESH === '1') return { db: await hostile(await openPglite()), dispose() {} };
  const copy = await copyOfPgliteTemplate();
  return { db: await hostile(await openPglite(copy)), dispose: () => fs.rmSync(copy, { recursive: true, force: true }) };
}

/** A new, empty database on the local PostgreSQL server, and how to drop it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  // No skip when PostgreSQL is down: the connection error fails the file's beforeAll, hence every test of it.
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    await admin.query(`alter database ${name} set timezone to '${HOSTILE_SESSION_ZONES.postgres}'`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
        await client.query(`drop database if exists ${name}`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface TestServerOptions {
  /** More environment for `readConfig` (e.g. `MAX_UPLOAD_MB`), over the harness's own. */
  env?: Record<string, string>;
  /**
   * Leave the seeded admins as a fresh start leaves them: on the published password, which they must replace at their
   * first login. Otherwise they count as having replaced it (and kept 123qwe), so tests log in as admin at once.
   */
  asSeeded?: boolean;
}

/**
 * The test file's server: started before its tests and closed after them. The handle forwards to the running server,
 * so tests and hooks use it like the server itself.
 */
export function useTestServer(options: TestServerOptions = {}): TestServer {
  return useFileFixture('test server', () => startTestServer(options));
}

async function startTestServer(serverOptions: TestServerOptions = {}): Promise<TestServer> {
  const kind = testDbKind();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-test-'));
  let releaseDatabase: (() => Promise<void>) | null = null;
  let db: Db | undefined;
  let app: App | undefined;
  const clock = new TestClock();
  try {
    if (kind === 'pglite') {
      const opened = await openTestPglite();
      db = opened.db;
      releaseDatabase = async () => opened.dispose();
    } else {
      const created = await createPostgresDatabase();
      releaseDatabase = created.drop;
      db = await openPostgres(created.url, 5);
    }
    await migrate(db);
    await seed(db);
    if (!serverOptions.asSeeded) await db.query('update users set should_change_password_on_next_login = false');
    const config = readConfig({
      DATA_DIR: dataDir, JWT_SECRET, TRUST_PROXY: 'true', HOST: '127.0.0.1', PORT: '0', AMAP_KEY: 'test-amap-key', ...serverOptions.env,
    });
    app = await buildApp(db, config, { quiet: !process.env.TEST_SERVER_LOG, clock });
    await app.server.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await app?.server.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    await releaseDatabase?.().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const address = app.server.server.address();
  if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  const { call, login } = httpClient(baseUrl);

  const tokens = new Map<string, Promise<string>>();
  const token = (tenantId: number | null, userName: string, password = DEFAULT_PASSWORD) => {
    const key = `${tenantId ?? 'host'}\u0000${userName}\u0000${password}`;
    if (!tokens.has(key)) {
      const pending = login(tenantId, userName, password);
      pending.catch(() => tokens.delete(key));
      tokens.set(key, pending);
    }
    return tokens.get(key)!;
  };

  const started = app;
  const database = db;
  return {
    baseUrl, db: database, app: started, kind, call, login, token, clock,
    async close() {
      await started.server.close();
      await database.close();
      await releaseDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls and logins over HTTP against a running server (the test server's, or a browser test's). */
export function httpClient(baseUrl: string): Pick<TestServer, 'call' | 'login'> {
  const call = async <T>(method: string, urlPath: string, options: CallOptions = {}): Promise<CallResult<Envelope<T>>> => {
    const url = new URL(urlPath, baseUrl);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.append(key, String(value));
    }
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.tenantId !== undefined && options.tenantId !== null) headers['Abp.TenantId'] = String(options.tenantId);
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    }
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
    }
    return { status: response.status, body: parsed as Envelope<T>, text, headers: response.headers };
  };

  const login = async (tenantId: number | null, userName: string, password: string): Promise<string> => {
    const response = await call<{ accessToken: string | null }>('POST', '/api/TokenAuth/Authenticate', {
      tenantId, body: { userNameOrEmailAddress: userName, password, rememberClient: false },
    });
    if (response.status !== 200 || !response.body.result.accessToken) {
      throw new Error(`login ${tenantId ?? 'host'}/${userName} failed: ${response.status} ${response.text}`);
    }
    return response.body.result.accessToken;
  };
  return { call, login };
}

/** App-service path: `svc('Wastecode', 'GetAll')` → `/api/services/app/Wastecode/GetAll`. */
export const svc = (service: string, method: string) => `/api/services/app/${service}/${method}`;

/** A short unique token for names, so tests sharing one database never collide. */
export function unique(prefix = 't'): string {
  return `${prefix}${crypto.randomBytes(5).toString('hex')}`;
}

/** Error bodies must never carry a stack trace ("    at fn (file:line)"). */
export function hasStackTrace(text: string): boolean {
  return /\n\s*at \S+/.test(text) || /\bat [^\s()]+ \([^)]*:\d+:\d+\)/.test(text) || /node_modules|\.ts:\d+/.test(text);
}
