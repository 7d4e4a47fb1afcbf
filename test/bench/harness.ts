// An in-process server on 127.0.0.1:0 over a fresh database (PGlite in memory, or a throw-away PostgreSQL database),
// migrated and seeded exactly as `npm start` does it, plus the login every measured request needs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { openPglite, openPostgres, type Db } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';

export type DbKind = 'pglite' | 'postgres';

export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TENANT_ID = 1;

export interface BenchServer {
  kind: DbKind;
  app: App;
  origin: string;
  /** Milliseconds spent opening, migrating and seeding the database (not part of any request figure). */
  setupMs: number;
  close(): Promise<void>;
}

export interface Login {
  accessToken: string;
  userId: number;
}

export function tempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `waste-bench-${label}-`));
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Drops the bench database once the server's pool has really gone. `pool.end()` resolves before every backend has
 * left, and forcing the drop then makes PostgreSQL terminate those sessions, which the pool reports as an 'error'
 * event nobody listens to: the process would die.
 */
async function dropWhenIdle(name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      await adminQuery(`drop database if exists ${name}`);
      return;
    } catch (error) {
      // 55006: "database is being accessed by other users".
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await adminQuery(`drop database if exists ${name} with (force)`);
}

/** True when the bench may create databases on the configured PostgreSQL server. */
export async function postgresAvailable(): Promise<string | null> {
  try {
    await adminQuery('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export async function startBenchServer(kind: DbKind): Promise<BenchServer> {
  const started = performance.now();
  const dataDir = tempDir(kind);
  let db: Db;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const name = `waste_bench_${process.pid}_${Date.now()}`;
    await adminQuery(`create database ${name}`);
    dropDatabase = () => dropWhenIdle(name);
    try {
      db = await openPostgres(withDatabase(POSTGRES_ADMIN_URL, name));
    } catch (error) {
      await dropDatabase();
      throw error;
    }
  } else {
    db = await openPglite();
  }
  await migrate(db);
  await seed(db);
  // The figures are of requests, not of the first login: the seeded admins count as having chosen their password.
  await db.query('update users set should_change_password_on_next_login = false');
  const setupMs = performance.now() - started;
  const config = { ...readConfig({}), dataDir, host: '127.0.0.1', port: 0, jwtSecret: 'bench-secret-'.padEnd(48, 'x') };
  const app = await buildApp(db, config, { quiet: true });
  const origin = await app.server.listen({ port: 0, host: '127.0.0.1' });
  return {
    kind,
    app,
    origin: origin.replace('localhost', '127.0.0.1'),
    setupMs,
    async close() {
      await app.server.close();
      await db.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The database's name and version ("PostgreSQL 17.5"), without the build details. */
export async function databaseVersion(db: Db): Promise<string> {
  const [{ version }] = await db.query<{ version: string }>('select version()');
  return version.split(' on ')[0].split(',')[0];
}

interface Envelope<T> {
  success: boolean;
  result: T;
  error: { message: string; details?: string } | null;
}

/** Tenant 1's seeded admin (or another user of tenant 1), as the login screen sends it. */
export async function login(origin: string, userName = 'admin', password = '123qwe'): Promise<Login> {
  const response = await fetch(`${origin}/api/TokenAuth/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Abp.TenantId': String(TENANT_ID) },
    body: JSON.stringify({ userNameOrEmailAddress: userName, password, rememberClient: false }),
  });
  const body = (await response.json()) as Envelope<Login>;
  if (!response.ok || !body.success) throw new Error(`login failed: ${response.status} ${body.error?.message ?? ''}`);
  return { accessToken: body.result.accessToken, userId: body.result.userId };
}
