// Faults the product must ride out, measured rather than asserted:
// (a) malformed payloads to every write method (500s seen), (b) PostgreSQL sessions ended under concurrent writes,
// (c) kill -9 of a PGlite server during writes and its restart on the same folder, (d) hub clients after a rolling
// restart (SIGTERM, new process on the same port), (e) concurrent wrong-password guesses against one user, (f) the
// points ledger and redemptions (postings, holds and settles over HTTP) while Redis is killed and restarted and
// PostgreSQL sessions are ended: postings acknowledged and lost, double spends, and the reconciliation.
// The real product process is spawned for (b)–(e) (main.ts, as `npm start` runs it once the client is built).
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { openPglite } from '../../src/server/db/database';
import { translate } from '../../src/shared/locales';
import { sampleForCheck } from '../support/resource-values';
import { POSTGRES_ADMIN_URL, postgresAvailable, startBenchServer, tempDir, TENANT_ID } from './harness';
import { freePort, ROOT, SERVER_ENTRY } from './startup';
import { round, summarize, type LatencySummary } from './stats';
import { sleep } from '../support/wait';

type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

export interface FaultSettings {
  /** Concurrent writers in (b) and (c). */
  writers: number;
  /** How long writers run before the fault in (b) and (c). */
  writeBeforeFaultMs: number;
  /** (b): how many times all sessions are ended, and the pause between. */
  terminations: number;
  terminationGapMs: number;
  /** How long writing goes on after the fault, the recovery window included. */
  writeAfterFaultMs: number;
  pgliteKills: number;
  hubClients: number;
  hubReconnectWindowMs: number;
  loginGuesses: number;
}

export const DEFAULT_FAULTS: FaultSettings = {
  writers: 16, writeBeforeFaultMs: 2000, terminations: 3, terminationGapMs: 300, writeAfterFaultMs: 6000,
  pgliteKills: 3, hubClients: 50, hubReconnectWindowMs: 30_000, loginGuesses: 50,
};

export interface MalformedResult {
  writeMethods: number;
  /** Every method gets each body; DELETE methods, which read the query string, also get each query. */
  bodies: string[];
  queries: string[];
  requests: number;
  statuses: Record<string, number>;
  /** 500s that are the server's failure: the generic internal error, or no envelope at all. */
  fiveHundreds: number;
  /** 500s carrying a message meant for the person (ABP's user-friendly errors: a refusal, not a fault). */
  userFriendly: number;
  /** `Service/Method: payload` for every internal error. */
  failing: string[];
}

export interface WriteTally {
  attempted: number;
  acknowledged: number;
  /** Answers by status; 0 counts requests that got no HTTP answer at all. */
  statuses: Record<string, number>;
  /** Acknowledged (200) writes whose row is not in the database afterwards. */
  lost: number;
}

export interface DbRestartResult {
  sessionsEnded: number;
  processAlive: boolean;
  /** How the process ended, when it did: exit code or signal, and the last error it wrote. */
  exit?: string;
  /** Last fault → end of the first successful write begun after it. */
  recoveryMs: number | null;
  writes: WriteTally;
}

export interface PgliteKillRound {
  acknowledgedBeforeKill: number;
  restartMs: number | null;
  restarted: boolean;
}

export interface PgliteKillResult {
  rounds: PgliteKillRound[];
  writes: WriteTally;
}

export interface RollingRestartResult {
  clients: number;
  connected: number;
  /** SIGTERM → the old process has exited. */
  stopMs: number;
  /** SIGTERM → the new process answers. */
  restartMs: number;
  reconnected: number;
  /** Clients that gave up (their retry policy ran out). */
  gaveUp: number;
  /** SIGTERM → each client's onreconnected. */
  reconnectMs: LatencySummary;
  windowMs: number;
}

export interface LockoutResult {
  guesses: number;
  /** Guesses whose password was checked (answered "invalid user name or password"). */
  checked: number;
  /** Guesses refused without a check (answered "locked out"). */
  lockedOut: number;
  other: Record<string, number>;
}

/** (f): the scheme's books through Redis and PostgreSQL faults. */
export interface PointsFaultsResult {
  runMs: number;
  redisKills: number;
  sessionsEnded: number;
  /** Requests that got a 200 (each one posting), by kind; retries of one request id count once. */
  acknowledged: { adjustments: number; holds: number; settles: number };
  /** Requests that never got a 200, even retried with their request id (answers by status of their last try). */
  unacknowledged: Record<string, number>;
  /** Refusals (400: too few points, an empty slot): answers, not faults. */
  refused: number;
  /** Requests that needed more than one try (no answer or a 5xx during a fault), and the tries beyond the first. */
  retried: { requests: number; extraTries: number };
  /** Acknowledged postings (or hold ends) not in the database afterwards (target 0). */
  lost: number;
  /**
   * Points or items spent twice (target 0): a request id posted twice, a hold ended twice, a balance below zero, a
   * slot whose items left and items dispensed do not add up to what was loaded.
   */
  doubleSpends: { repeatedRequestIds: number; holdsEndedTwice: number; negativeBalances: number; itemsOff: number };
  /** Integral/GetReconciliation afterwards: balances equal the sums of their postings when everything "…Off" is 0. */
  reconciliation: Record<string, number>;
}

export interface FaultsResult {
  malformed: Outcome<MalformedResult>;
  points: Outcome<PointsFaultsResult>;
  dbRestart: Outcome<DbRestartResult>;
  pgliteKill: Outcome<PgliteKillResult>;
  rollingRestart: Outcome<RollingRestartResult>;
  lockout: Outcome<LockoutResult>;
}

const JWT_SECRET = 'bench-faults-secret-'.padEnd(48, 'x');

async function part<T>(label: string, work: () => Promise<T>): Promise<Outcome<T>> {
  const started = performance.now();
  process.stderr.write(`bench: faults: ${label}…\n`);
  try {
    const value = await work();
    process.stderr.write(`bench: faults: ${label} done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    return { ok: true, value };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`bench: faults: ${label} FAILED: ${message}\n`);
    return { ok: false, error: message };
  }
}

interface Answer {
  status: number;
  body: { success?: boolean; result?: unknown; error?: { message?: string; details?: string | null } | null } | null;
}

async function request(origin: string, method: string, url: string, options: { token?: string; tenantId?: number | null; body?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'accept-language': 'en' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.tenantId !== undefined && options.tenantId !== null) headers['Abp.TenantId'] = String(options.tenantId);
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(`${origin}${url}`, { method, headers, body: options.body, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    let body: Answer['body'] = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body };
  } catch {
    return { status: 0, body: null };
  }
}

/** What the seeded admins choose at their first login on each new database (the server asks them to). */
const CHOSEN_PASSWORD = 'Bench2026ok';

interface LoginAnswer {
  accessToken?: string | null;
  shouldResetPassword?: boolean;
  passwordResetCode?: string;
  userId?: number;
}

/**
 * Logs a seeded admin in as a person would: with the published password on a new database, choosing
 * `CHOSEN_PASSWORD` when asked to, and with that one afterwards.
 */
async function login(origin: string, tenantId: number | null, userNameOrEmailAddress = 'admin'): Promise<string> {
  const authenticate = (password: string) => request(origin, 'POST', '/api/TokenAuth/Authenticate', {
    tenantId, body: JSON.stringify({ userNameOrEmailAddress, password, rememberClient: false }),
  });
  let answer = await authenticate('123qwe');
  let result = answer.body?.result as LoginAnswer | undefined;
  if (result?.shouldResetPassword) {
    answer = await request(origin, 'POST', '/api/services/app/Account/ResetPassword', {
      tenantId, body: JSON.stringify({ userId: result.userId, resetCode: result.passwordResetCode, password: CHOSEN_PASSWORD }),
    });
    result = answer.body?.result as LoginAnswer | undefined;
  } else if (!result?.accessToken) {
    answer = await authenticate(CHOSEN_PASSWORD);
    result = answer.body?.result as LoginAnswer | undefined;
  }
  const token = result?.accessToken;
  if (answer.status !== 200 || !token) throw new Error(`login ${tenantId ?? 'host'}/${userNameOrEmailAddress} failed: ${answer.status} ${answer.body?.error?.details ?? ''}`);
  return token;
}

// ------------------------------------------------------------------------------------------ (a) malformed payloads

const DEEP = 50_000;
/** Bodies no client of the product sends; each should be refused with a 4xx, never a 500. */
const MALFORMED_BODIES: ReadonlyArray<readonly [string, string]> = [
  ['not JSON', '{"name": '],
  ['array instead of object', '[{"id":1}]'],
  ['string instead of object', '"text"'],
  ['null body', 'null'],
  ['wrong types', JSON.stringify({ id: 'abc', name: 12, userName: [], isActive: 'yes', items: 'x', tenantId: {}, enterpriseId: true, maxResultCount: 'many' })],
  ['id as array', '{"id":[1]}'],
  ['nulls', JSON.stringify({ id: null, name: null, code: null, userName: null, password: null, items: null, enterpriseId: null })],
  ['negative and huge numbers', '{"id":-1,"enterpriseId":1e400,"tenantId":9007199254740993,"quantity":-1e20,"maxResultCount":-5,"skipCount":1e308}'],
  ['huge strings', JSON.stringify({ id: 1, name: 'x'.repeat(1_000_000), code: '界'.repeat(200_000), userName: 'u'.repeat(100_000) })],
  ['NUL bytes', JSON.stringify({ id: 1, name: 'a\u0000b', code: '\u0000', userName: 'x\u0000', description: 'd\u0000' })],
  [`arrays nested ${DEEP.toLocaleString('en')} deep`, `{"id":1,"name":${'['.repeat(DEEP)}${']'.repeat(DEEP)}}`],
  ['prototype pollution keys', '{"__proto__":{"isAdmin":true,"id":1},"constructor":{"prototype":{"polluted":true}},"id":1}'],
];

/** DELETE methods read their input from the query string: the same faults, spelled as query parameters. */
const MALFORMED_QUERIES: ReadonlyArray<readonly [string, string]> = [
  ['query: id not a number', 'id=abc'],
  ['query: id as array', 'id[]=1&id=2'],
  ['query: negative and huge id', 'id=-1&tenantId=1e400'],
  ['query: huge string', `id=${'9'.repeat(100_000)}`],
  ['query: NUL byte', 'id=1%00'],
  ['query: prototype pollution keys', '__proto__[id]=1&constructor[prototype][id]=1'],
];

// ABP answers a user-friendly error (a refusal worded for people, e.g. "a static role cannot be deleted") with 500
// too; only the generic internal error, which hides a failure, counts against the server.
const INTERNAL_MESSAGES = new Set([translate('zh-CN', 'errors.internal'), translate('en-US', 'errors.internal')]);

export async function benchMalformed(): Promise<MalformedResult> {
  const server = await startBenchServer('pglite');
  try {
    const writes = server.app.registry.all().filter((m) => m.verb !== 'GET');
    const tokens: Record<'tenant' | 'host', string> = { tenant: await login(server.origin, TENANT_ID), host: await login(server.origin, null) };
    const statuses: Record<string, number> = {};
    const failing: string[] = [];
    let userFriendly = 0;
    let requests = 0;
    const send = async (url: string, verb: string, body: string | undefined, label: string, name: string) => {
      // A method may be the host's (403 as a tenant admin), and a method that signs sessions out leaves the token
      // refused (401): both are asked again with the right, fresh token so the payload itself is what gets judged.
      let side: 'tenant' | 'host' = 'tenant';
      let answer: Answer = { status: 0, body: null };
      for (let attempt = 0; attempt < 3; attempt += 1) {
        answer = await request(server.origin, verb, url, { token: tokens[side], tenantId: side === 'tenant' ? TENANT_ID : null, body });
        if (answer.status === 403 && side === 'tenant') side = 'host';
        else if (answer.status === 401) tokens[side] = await login(server.origin, side === 'tenant' ? TENANT_ID : null);
        else break;
      }
      requests += 1;
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      const internal = answer.status === 0 || (answer.status >= 500 && (!answer.body?.error?.message || INTERNAL_MESSAGES.has(answer.body.error.message)));
      if (internal) failing.push(`${name}: ${label} (${answer.status || 'no answer'})`);
      else if (answer.status >= 500) userFriendly += 1;
    };
    for (const method of writes) {
      const name = `${method.service}/${method.method}`;
      const url = `/api/services/app/${method.service}/${method.method}`;
      const calls = MALFORMED_BODIES.map(([label, body]) => () => send(url, method.verb, body, label, name));
      if (method.verb === 'DELETE') calls.push(...MALFORMED_QUERIES.map(([label, query]) => () => send(`${url}?${query}`, 'DELETE', undefined, label, name)));
      // Four at a time: enough to finish quickly, few enough that the huge bodies do not pile up.
      for (let i = 0; i < calls.length; i += 4) await Promise.all(calls.slice(i, i + 4).map((call) => call()));
    }
    return {
      writeMethods: writes.length,
      bodies: MALFORMED_BODIES.map(([label]) => label),
      queries: MALFORMED_QUERIES.map(([label]) => label),
      requests,
      statuses,
      fiveHundreds: failing.length,
      userFriendly,
      failing,
    };
  } finally {
    await server.close();
  }
}

// ------------------------------------------------------------------------------------------ the real process

interface Spawned {
  child: ChildProcess;
  origin: string;
  port: number;
  /** The last lines it wrote (why it died, when it did). */
  tail(): string;
  alive(): boolean;
  exited: Promise<void>;
}

async function spawnServer(env: Record<string, string>, port: number, timeoutMs = 120_000): Promise<Spawned & { readyMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', REDIS_URL: '', JWT_SECRET, DATABASE_URL: '', ...env },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const origin = `http://127.0.0.1:${port}`;
  for (;;) {
    if (!alive()) throw new Error(`server exited before answering:\n${output.slice(-1500)}`);
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${timeoutMs} ms:\n${output.slice(-1500)}`);
    }
    const answer = await request(origin, 'GET', '/AbpUserConfiguration/GetAll');
    if (answer.status === 200) break;
    await sleep(50);
  }
  return { child, origin, port, tail: () => output, alive, exited, readyMs: round(performance.now() - started, 0) };
}

/** The last error a dead server wrote (the lines from the last stack's first line on). */
function lastError(output: string): string {
  const lines = output.split('\n');
  const start = lines.findLastIndex((line) => /error/i.test(line) && !/^\s+at /.test(line));
  return (start >= 0 ? lines.slice(start, start + 6) : lines.slice(-6)).join('\n').slice(0, 1500);
}

async function stopServer(server: Spawned, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!server.alive()) return;
  server.child.kill(signal);
  const timeout = sleep(20_000).then(() => 'timeout' as const);
  if ((await Promise.race([server.exited, timeout])) === 'timeout') {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

/** Writers creating enterprises as tenant 1's admin until `stop()` says so; every answer is kept. */
function startWriters(origin: () => string, token: () => string, count: number) {
  const answers: { startedAt: number; endedAt: number; status: number; id: number | null }[] = [];
  const creditCodes = new Set<string>();
  let stopped = false;
  const writer = async () => {
    while (!stopped) {
      const startedAt = Date.now();
      const answer = await request(origin(), 'POST', '/api/services/app/EnterpriseInformation/Create', {
        token: token(), tenantId: TENANT_ID,
        body: JSON.stringify({ name: `Fault ${crypto.randomBytes(6).toString('hex')}`, creditCode: sampleForCheck('creditCode', creditCodes), corporateType: [3] }),
      });
      const id = answer.status === 200 ? Number((answer.body?.result as { id?: number } | undefined)?.id) : null;
      answers.push({ startedAt, endedAt: Date.now(), status: answer.status, id });
      // A refused connection answers at once; a short pause keeps a dead server from turning this into a busy loop.
      if (answer.status === 0) await sleep(20);
    }
  };
  const running = Array.from({ length: count }, writer);
  return {
    answers,
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

function tally(answers: readonly { status: number; id: number | null }[], present: ReadonlySet<number>): WriteTally {
  const statuses: Record<string, number> = {};
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  const acknowledged = answers.filter((a) => a.status === 200 && a.id !== null).map((a) => a.id!);
  return { attempted: answers.length, acknowledged: acknowledged.length, statuses, lost: acknowledged.filter((id) => !present.has(id)).length };
}

async function adminClient(database = 'postgres'): Promise<pg.Client> {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

// ------------------------------------------------------------------------------------------ (b), (d), (e) on PostgreSQL

async function benchDbRestart(server: Spawned, database: string, settings: FaultSettings): Promise<DbRestartResult> {
  const token = await login(server.origin, TENANT_ID);
  const writers = startWriters(() => server.origin, () => token, settings.writers);
  await sleep(settings.writeBeforeFaultMs);
  const admin = await adminClient();
  let sessionsEnded = 0;
  let lastFaultAt = 0;
  try {
    for (let i = 0; i < settings.terminations; i += 1) {
      if (i > 0) await sleep(settings.terminationGapMs);
      const ended = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
      sessionsEnded += ended.rowCount ?? 0;
      lastFaultAt = Date.now();
    }
  } finally {
    await admin.end();
  }
  await sleep(settings.writeAfterFaultMs);
  await writers.stop();
  const firstAfter = writers.answers.filter((a) => a.status === 200 && a.startedAt >= lastFaultAt).sort((a, b) => a.endedAt - b.endedAt)[0];
  const ids = writers.answers.filter((a) => a.id !== null).map((a) => a.id!);
  const db = await adminClient(database);
  let present: Set<number>;
  try {
    present = new Set((await db.query<{ id: string }>('select id from enterprise_information where id = any($1::bigint[])', [ids])).rows.map((r) => Number(r.id)));
  } finally {
    await db.end();
  }
  const processAlive = server.alive() && (await request(server.origin, 'GET', '/AbpUserConfiguration/GetAll')).status === 200;
  return {
    sessionsEnded,
    processAlive,
    ...(server.alive() ? {} : { exit: `${server.child.exitCode ?? server.child.signalCode}: ${lastError(server.tail())}` }),
    recoveryMs: firstAfter ? firstAfter.endedAt - lastFaultAt : null,
    writes: tally(writers.answers, present),
  };
}

async function benchLockout(server: Spawned, settings: FaultSettings): Promise<LockoutResult> {
  const admin = await login(server.origin, TENANT_ID);
  const userName = `guess${crypto.randomBytes(4).toString('hex')}`;
  const created = await request(server.origin, 'POST', '/api/services/app/User/Create', {
    token: admin, tenantId: TENANT_ID,
    body: JSON.stringify({ userName, name: 'Guess', surname: 'Target', emailAddress: `${userName}@example.com`, isActive: true, roleNames: [], password: 'Bench7Target' }),
  });
  if (created.status !== 200) throw new Error(`User/Create failed: ${created.status} ${created.body?.error?.details ?? created.body?.error?.message ?? ''}`);
  const invalid = translate('en-US', 'errors.invalidCredentials');
  const lockedPrefix = translate('en-US', 'errors.lockedOut', { minutes: '\u0000' }).split('\u0000')[0];
  const answers = await Promise.all(Array.from({ length: settings.loginGuesses }, (_, i) => request(server.origin, 'POST', '/api/TokenAuth/Authenticate', {
    tenantId: TENANT_ID, body: JSON.stringify({ userNameOrEmailAddress: userName, password: `Wrong${i}guess`, rememberClient: false }),
  })));
  const result: LockoutResult = { guesses: answers.length, checked: 0, lockedOut: 0, other: {} };
  for (const answer of answers) {
    const details = answer.body?.error?.details ?? '';
    if (details === invalid) result.checked += 1;
    else if (details.startsWith(lockedPrefix)) result.lockedOut += 1;
    else {
      const key = `${answer.status} ${details || answer.body?.error?.message || ''}`.trim();
      result.other[key] = (result.other[key] ?? 0) + 1;
    }
  }
  return result;
}

async function benchRollingRestart(server: Spawned, env: Record<string, string>, settings: FaultSettings): Promise<{ result: RollingRestartResult; next: Spawned }> {
  const token = await login(server.origin, TENANT_ID);
  const clients: HubConnection[] = [];
  const reconnectedAt: number[] = [];
  let gaveUp = 0;
  for (let i = 0; i < settings.hubClients; i += 1) {
    // The product's default policy: retries after 0, 2, 10 and 30 seconds.
    const connection = new HubConnectionBuilder()
      .withUrl(`${server.origin}/chatmsg`, { accessTokenFactory: () => token })
      .withAutomaticReconnect()
      .configureLogging(LogLevel.None)
      .build();
    connection.onreconnected(() => reconnectedAt.push(Date.now()));
    connection.onclose(() => {
      gaveUp += 1;
    });
    clients.push(connection);
  }
  let next: Spawned | null = null;
  try {
    for (let i = 0; i < clients.length; i += 10) await Promise.all(clients.slice(i, i + 10).map((c) => c.start()));
    const connected = clients.filter((c) => c.state === HubConnectionState.Connected).length;
    const termAt = Date.now();
    await stopServer(server, 'SIGTERM');
    const stopMs = Date.now() - termAt;
    next = await spawnServer(env, server.port);
    const restartMs = Date.now() - termAt;
    while (reconnectedAt.length + gaveUp < clients.length && Date.now() - termAt < settings.hubReconnectWindowMs) await sleep(100);
    return {
      result: {
        clients: clients.length, connected, stopMs, restartMs, reconnected: reconnectedAt.length, gaveUp,
        reconnectMs: summarize(reconnectedAt.map((at) => at - termAt)), windowMs: settings.hubReconnectWindowMs,
      },
      next,
    };
  } catch (error) {
    if (next) await stopServer(next);
    throw error;
  } finally {
    await Promise.all(clients.map((c) => c.stop().catch(() => undefined)));
  }
}

async function onPostgres(settings: FaultSettings): Promise<Pick<FaultsResult, 'dbRestart' | 'rollingRestart' | 'lockout'>> {
  const unavailable = await postgresAvailable();
  if (unavailable) {
    const skipped = { ok: false as const, error: `PostgreSQL at ${POSTGRES_ADMIN_URL} unavailable: ${unavailable}` };
    return { dbRestart: skipped, rollingRestart: skipped, lockout: skipped };
  }
  const database = `waste_bench_faults_${process.pid}_${Date.now()}`;
  const admin = await adminClient();
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${database}`;
  const dataDir = tempDir('faults-pg');
  const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
  let server: Spawned | null = null;
  try {
    server = await spawnServer(env, await freePort());
    const first = server;
    const dbRestart = await part('PostgreSQL sessions ended under concurrent writes', () => benchDbRestart(first, database, settings));
    if (!server.alive()) server = await spawnServer(env, server.port);
    const current = server;
    let rollingRestart: Outcome<RollingRestartResult>;
    const rolled = await part('hub clients through a rolling restart', () => benchRollingRestart(current, env, settings));
    if (rolled.ok) {
      server = rolled.value.next;
      rollingRestart = { ok: true, value: rolled.value.result };
    } else {
      rollingRestart = rolled;
      if (!server.alive()) server = await spawnServer(env, await freePort());
    }
    // Last: the guesses lock this address out for a while.
    const running = server;
    const lockout = await part(`${settings.loginGuesses} concurrent wrong passwords for one user`, () => benchLockout(running, settings));
    return { dbRestart, rollingRestart, lockout };
  } finally {
    if (server) await stopServer(server);
    const cleanup = await adminClient();
    await cleanup.query(`drop database if exists ${database} with (force)`).finally(() => cleanup.end());
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------------------------------ (c) kill -9 on PGlite

async function benchPgliteKill(settings: FaultSettings): Promise<PgliteKillResult> {
  const dataDir = tempDir('faults-pglite');
  const env = { DATA_DIR: dataDir };
  const port = await freePort();
  const rounds: PgliteKillRound[] = [];
  const answers: { status: number; id: number | null }[] = [];
  let server: Spawned | null = await spawnServer(env, port);
  try {
    for (let i = 0; i < settings.pgliteKills; i += 1) {
      const running: Spawned = server!;
      const token = await login(running.origin, TENANT_ID);
      const writers = startWriters(() => running.origin, () => token, settings.writers);
      await sleep(settings.writeBeforeFaultMs);
      running.child.kill('SIGKILL');
      await running.exited;
      await writers.stop();
      answers.push(...writers.answers);
      server = null;
      const restart = await spawnServer(env, port).then((s) => ({ ok: true as const, s }), (error: unknown) => ({ ok: false as const, error }));
      rounds.push({
        acknowledgedBeforeKill: writers.answers.filter((a) => a.status === 200).length,
        restarted: restart.ok,
        restartMs: restart.ok ? restart.s.readyMs : null,
      });
      if (!restart.ok) break;
      server = restart.s;
    }
  } finally {
    if (server) await stopServer(server);
  }
  // Counted in the folder itself once the last server has closed it.
  const db = await openPglite(path.join(dataDir, 'pg'));
  try {
    const ids = answers.filter((a) => a.id !== null).map((a) => a.id!);
    const rows = await db.query<{ id: number }>('select id from enterprise_information where id = any($1::bigint[])', [ids]);
    return { rounds, writes: tally(answers, new Set(rows.map((r) => Number(r.id)))) };
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchFaults(settings: FaultSettings = DEFAULT_FAULTS): Promise<FaultsResult> {
  const malformed = await part('malformed payloads to every write method', () => benchMalformed());
  const postgres = await onPostgres(settings);
  const pgliteKill = await part(`kill -9 during writes on PGlite, ${settings.pgliteKills} times`, () => benchPgliteKill(settings));
  const points = await part('points ledger and redemptions while Redis is killed and PostgreSQL sessions are ended', () => benchPointsFaults());
  return { malformed, ...postgres, pgliteKill, points };
}

// ------------------------------------------------------------------------------------------ (f) the points ledger

/** A Redis of the bench's own, on a free port (never a shared one): killed with SIGKILL and started again on that port. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return child;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`redis-server did not start on ${port}`);
    await sleep(50);
  }
}

async function killRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
}

/** A request sent again with the same body (so the same request id) while it gets no answer or a 5xx, as a device does. */
async function retried(origin: string, method: string, url: string, options: { token?: string; tenantId?: number | null; body?: string; headers?: Record<string, string> }, tries = 8): Promise<Answer & { tries: number }> {
  let answer: Answer = { status: 0, body: null };
  for (let i = 0; i < tries; i += 1) {
    answer = options.headers
      ? await deviceRequest(origin, url, options.headers, options.body!)
      : await request(origin, method, url, options);
    if (answer.status !== 0 && answer.status < 500) return { ...answer, tries: i + 1 };
    await sleep(100 + 100 * i);
  }
  return { ...answer, tries };
}

async function deviceRequest(origin: string, url: string, headers: Record<string, string>, body: string): Promise<Answer> {
  try {
    const response = await fetch(`${origin}${url}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'accept-language': 'en' }, body, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: 0, body: null };
  }
}

export async function benchPointsFaults(): Promise<PointsFaultsResult> {
  const unavailable = await postgresAvailable();
  if (unavailable) throw new Error(`PostgreSQL at ${POSTGRES_ADMIN_URL} unavailable: ${unavailable}`);
  const database = `waste_bench_points_${process.pid}_${Date.now()}`;
  const admin = await adminClient();
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${database}`;
  const dataDir = tempDir('faults-points');
  const redisPort = await freePort();
  let redis = await startRedis(redisPort);
  const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir, REDIS_URL: `redis://127.0.0.1:${redisPort}` };
  let server: Spawned | null = null;
  try {
    server = await spawnServer(env, await freePort());
    const origin = server.origin;
    const token = await login(origin, TENANT_ID);
    const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const answer = await request(origin, method, `/api/services/app/${path}`, { token, tenantId: TENANT_ID, body: body === undefined ? undefined : JSON.stringify(body) });
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.body?.error?.message ?? ''}`);
      return answer.body!.result as T;
    };
    const tag = crypto.randomBytes(3).toString('hex');
    const q = await call<{ id: number }>('POST', 'Qarea/Create', { name: `区${tag}` });
    const st = await call<{ id: number }>('POST', 'Sarea/Create', { qareaId: q.id, name: `街道${tag}` });
    const c = await call<{ id: number }>('POST', 'Carea/Create', { qareaId: q.id, sareaId: st.id, name: `社区${tag}` });
    const v = await call<{ id: number }>('POST', 'Varea/Create', { qareaId: q.id, sareaId: st.id, careaId: c.id, name: `小区${tag}` });
    const where = { qareaId: q.id, sareaId: st.id, careaId: c.id, vareaId: v.id };
    const households: { id: number; cardNo: string }[] = [];
    for (let i = 0; i < 40; i += 1) {
      const cardNo = `9${tag.replace(/\D/g, '0')}${String(i).padStart(4, '0')}`.slice(0, 12);
      const h = await call<{ id: number }>('POST', 'BHUsers/Create', { name: `住户${i}`, cardNo, members: 2, roleLevel: 1, enrolDate: '2026-01-02', status: 1, ...where });
      await call('POST', 'Integral/IncreasePointsOpt', { householdId: h.id, points: 500, remark: '压测开户', requestId: `pf-fund-${tag}-${i}` });
      households.push({ id: h.id, cardNo });
    }
    const type = await call<{ id: number }>('POST', 'BHgoodsType/Create', { name: `故障商品${tag}` });
    const goods = await call<{ id: number }>('POST', 'BHgoods/Create', { name: `故障兑换品${tag}`, goodsTypeId: type.id, pointsPrice: PRICE_F, stock: 1_000_000, onShelf: true });
    const machines: { id: number; key: string }[] = [];
    for (let m = 0; m < 4; m += 1) {
      const created = await call<{ id: number; deviceKey: string }>('POST', 'BHgoodsExchange/Create', { name: `故障兑换机${m}`, equipid: `PF${tag}${m}`, ...where, slotCount: 4, slotCapacity: 100 });
      for (let slotNo = 1; slotNo <= 4; slotNo += 1) await call('POST', 'BHgoodsExchange/ExchangeMachine_UpShelves', { id: created.id, slotNo, goodsId: goods.id, quantity: 100 });
      machines.push({ id: created.id, key: created.deviceKey });
    }

    const pick = <T>(list: readonly T[]) => list[crypto.randomInt(list.length)];
    const adjustments: { requestId: string; postingId: number }[] = [];
    const holds: { machine: number; key: string; requestId: string; holdId: number }[] = [];
    const settles: { holdId: number; state: number }[] = [];
    const unacknowledged: Record<string, number> = {};
    let refused = 0;
    const retriedCount = { requests: 0, extraTries: 0 };
    const seen = (answer: { status: number; tries: number }) => {
      if (answer.tries > 1) {
        retriedCount.requests += 1;
        retriedCount.extraTries += answer.tries - 1;
      }
      if (answer.status === 400) refused += 1;
      else if (answer.status !== 200) unacknowledged[answer.status] = (unacknowledged[answer.status] ?? 0) + 1;
    };
    let stopped = false;
    let n = 0;
    const clerk = async () => {
      while (!stopped) {
        const requestId = `pf-${tag}-${n += 1}`;
        const points = pick([-5, -3, 2, 5, 10, 20]);
        const answer = await retried(origin, 'POST', '/api/services/app/Integral/IncreasePointsOpt', {
          token, tenantId: TENANT_ID, body: JSON.stringify({ householdId: pick(households).id, points, remark: '故障压测', requestId }),
        });
        seen(answer);
        if (answer.status === 200) adjustments.push({ requestId, postingId: Number((answer.body?.result as { id: number }).id) });
      }
    };
    const machineLoop = async (machine: { id: number; key: string }) => {
      const headers = { 'X-Device-Key': machine.key };
      while (!stopped) {
        const requestId = `pfh${tag}${n += 1}`;
        const held = await retried(origin, 'POST', '/api/device/exchange/hold', { headers, body: JSON.stringify({ requestId, cardNo: pick(households).cardNo, slotNo: 1 + crypto.randomInt(4) }) });
        seen(held);
        if (held.status !== 200) continue;
        const holdId = Number((held.body?.result as { holdId: number }).holdId);
        holds.push({ machine: machine.id, key: machine.key, requestId, holdId });
        const outcome = crypto.randomInt(5) === 0 ? 'failed' : 'dispensed';
        const settled = await retried(origin, 'POST', '/api/device/exchange/settle', { headers, body: JSON.stringify({ requestId, outcome }) });
        seen(settled);
        if (settled.status === 200) settles.push({ holdId, state: Number((settled.body?.result as { state: number }).state) });
      }
    };
    const started = Date.now();
    const workers = [...Array.from({ length: 8 }, clerk), ...machines.map(machineLoop)];

    // The faults, one after the other while the work goes on.
    let redisKills = 0;
    let sessionsEnded = 0;
    const endSessions = async () => {
      const pgAdmin = await adminClient();
      try {
        const ended = await pgAdmin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
        sessionsEnded += ended.rowCount ?? 0;
      } finally {
        await pgAdmin.end();
      }
    };
    await sleep(2000);
    for (let round = 0; round < 2; round += 1) {
      await killRedis(redis);
      redisKills += 1;
      await sleep(1500);
      redis = await startRedis(redisPort);
      await sleep(1000);
      for (let i = 0; i < 3; i += 1) {
        await endSessions();
        await sleep(300);
      }
      await sleep(1500);
    }
    // Both at once: Redis gone while the database sessions end.
    await killRedis(redis);
    redisKills += 1;
    await endSessions();
    await sleep(1000);
    redis = await startRedis(redisPort);
    await sleep(2000);
    stopped = true;
    await Promise.all(workers);
    const runMs = Date.now() - started;

    // What was sent is all answered now; the books are read from the database and from the server.
    const db = await adminClient(database);
    try {
      const presentPostings = new Set((await db.query<{ id: string }>('select id from points_postings where id = any($1::bigint[])', [adjustments.map((a) => a.postingId)])).rows.map((r) => Number(r.id)));
      const holdRows = new Map((await db.query<{ id: string; state: number; hold_posting_id: string | null }>(
        'select id, state, hold_posting_id from exchange_hold where id = any($1::bigint[])', [holds.map((h) => h.holdId)])).rows.map((r) => [Number(r.id), r]));
      const lost = adjustments.filter((a) => !presentPostings.has(a.postingId)).length
        + holds.filter((h) => !holdRows.has(h.holdId)).length
        + settles.filter((st) => Number(holdRows.get(st.holdId)?.state) !== st.state).length;
      const [doubles] = (await db.query<Record<string, string>>(`select
          (select count(*) from (select 1 from points_postings group by coalesce(tenant_id, 0), server_made, request_id having count(*) > 1) x) as "repeatedRequestIds",
          (select count(*) from (select 1 from points_postings p join exchange_hold h on p.server_made and p.request_id = 'hold-' || h.id || '-end' group by h.id having count(*) > 1) x) as "holdsEndedTwice",
          (select count(*) from scheme_user where points < 0) as "negativeBalances",
          (select count(*) from exchange_slot s where s.machine_id = any($1::bigint[])
             and s.quantity + (select count(*) from exchange_hold h where h.machine_id = s.machine_id and h.slot_no = s.slot_no and h.state = 2) <> 100) as "itemsOff"`,
      [machines.map((m) => m.id)])).rows;
      const reconciliation = await call<Record<string, number>>('GET', 'Integral/GetReconciliation');
      return {
        runMs, redisKills, sessionsEnded,
        acknowledged: { adjustments: adjustments.length, holds: holds.length, settles: settles.length },
        unacknowledged, refused, retried: retriedCount, lost,
        doubleSpends: Object.fromEntries(Object.entries(doubles).map(([k, value]) => [k, Number(value)])) as PointsFaultsResult['doubleSpends'],
        reconciliation,
      };
    } finally {
      await db.end();
    }
  } finally {
    if (server) await stopServer(server);
    await killRedis(redis);
    const cleanup = await adminClient();
    await cleanup.query(`drop database if exists ${database} with (force)`).finally(() => cleanup.end());
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const PRICE_F = 10;
