// `npm run bench`: start-up, list latency (PGlite and PostgreSQL), list latency at production scale, login-route
// download size, hub latency, live monitoring (ingest, fan-out to 1,000 clients, client log memory), and faults
// (malformed payloads, database sessions ended, kill -9, rolling restart, login guesses, the points ledger and
// redemptions through Redis kills and database sessions ended). Measurements,
// not tests: a failing section is reported and the others still run. Prints tables and writes test/bench/results.json.
// `npm run bench -- --only=http,hub` runs a subset (startup, http, scale, transfer, recycling, bundle, hub, live, wall,
// faults);
// `--soak-minutes=N` makes the wall's soak longer than its default ten minutes, `--warm-up-minutes=N` leaves its first N
// minutes (default 2) out of the heap's slope; `--recycling-records=N` shrinks the recycling data set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchBundle, ensureClientBuild, LOGIN_BUDGET_KB, PUBLIC_DIR, type BundleResult, type ClientBuildState } from './bundle-size';
import { postgresAvailable, POSTGRES_ADMIN_URL, type DbKind } from './harness';
import { benchHttp, DEFAULT_LOAD, type HttpResult } from './http-load';
import { benchHub, DEFAULT_HUB, type HubResult } from './hub-latency';
import { benchScale, DEFAULT_SCALE, type ScaleResult } from './scale-load';
import { benchTransfer, DEFAULT_TRANSFER, type TransferResult } from './transfer-load';
import { printTransfer } from './transfer-report';
import { benchRecycling, DEFAULT_RECYCLING, type RecyclingResult } from './recycling-load';
import { printRecycling } from './recycling-report';
import { benchLiveLoad, liveLoadSettings, type LiveLoadResult, type LiveLoadSettings } from './live-load';
import { benchLiveMemory, DEFAULT_LIVE_MEMORY, type LiveMemoryResult } from './live-memory';
import { printLive } from './live-report';
import { benchFaults, DEFAULT_FAULTS, type FaultsResult } from './faults';
import { printFaults } from './faults-report';
import { benchWall, DEFAULT_WALL, type WallResult } from './wall';
import { printWall } from './wall-report';
import { clientBuildIsStale } from '../../src/server/cli/build-client';
import { benchStartup, DEFAULT_STARTUP, SERVER_ENTRY, WARM_TARGET_MS, type StartupResult } from './startup';
import { round } from './stats';
import { formatTable, type Cell } from './table';

const MAX_REBUILDS_DURING_STARTUP = 1;
const SECTIONS = ['startup', 'http', 'scale', 'transfer', 'recycling', 'bundle', 'hub', 'live', 'wall', 'faults'] as const;
type Section = (typeof SECTIONS)[number];

type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

interface Results {
  date: string;
  node: string;
  platform: string;
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  /** 1-minute load average at start and end: other work on the machine shows up in every figure. */
  loadAverage: { start: number; end: number };
  sections: Section[];
  settings: {
    load: typeof DEFAULT_LOAD; scale: typeof DEFAULT_SCALE; transfer: typeof DEFAULT_TRANSFER; hub: typeof DEFAULT_HUB; startup: typeof DEFAULT_STARTUP;
    live: LiveLoadSettings; liveMemory: typeof DEFAULT_LIVE_MEMORY; faults: typeof DEFAULT_FAULTS; wall: typeof DEFAULT_WALL;
    recycling: typeof DEFAULT_RECYCLING;
  };
  clientBuild: ClientBuildState | null;
  startup?: Outcome<StartupResult>;
  http?: Partial<Record<DbKind, Outcome<HttpResult>>>;
  scale?: Partial<Record<DbKind, Outcome<ScaleResult>>>;
  transfer?: Partial<Record<DbKind, Outcome<TransferResult>>>;
  recycling?: Partial<Record<DbKind, Outcome<RecyclingResult>>>;
  bundle?: Outcome<BundleResult>;
  hub?: Outcome<HubResult>;
  live?: { load?: Outcome<LiveLoadResult>; memory?: Outcome<LiveMemoryResult> };
  faults?: Outcome<FaultsResult>;
  wall?: Outcome<WallResult>;
  notes: string[];
  durationS: number;
}

function selectedSections(argv: string[]): Section[] {
  const only = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  if (!only) return [...SECTIONS];
  const wanted = only.split(',').map((name) => name.trim());
  const unknown = wanted.filter((name) => !SECTIONS.includes(name as Section));
  if (unknown.length) throw new Error(`unknown section(s) ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}`);
  return SECTIONS.filter((section) => wanted.includes(section));
}

async function attempt<T>(label: string, work: () => Promise<T>): Promise<Outcome<T>> {
  const started = performance.now();
  process.stderr.write(`bench: ${label}…\n`);
  try {
    const value = await work();
    process.stderr.write(`bench: ${label} done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    return { ok: true, value };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`bench: ${label} FAILED: ${message}\n`);
    return { ok: false, error: message };
  }
}

function printStartup(outcome: Outcome<StartupResult>): void {
  if (!outcome.ok) return console.log(`\nStart-up: not measured (${outcome.error.split('\n')[0]})`);
  const { value } = outcome;
  const rows: Cell[][] = value.samples.map((s) => [
    s.kind, s.command, s.readyMs, s.serverReportedMs ?? '-', s.rssMb ?? '-', s.retried ? 'yes' : 'no',
  ]);
  console.log(formatTable('Start-up: spawn → GET /AbpUserConfiguration/GetAll 200 (PGlite in a fresh DATA_DIR)',
    ['run', 'command', 'ready ms', 'server says ms', 'RSS MB', 'redone (client rebuild)'], rows));
  console.log(`cold ${value.coldMs} ms; warm median ${value.warmMedianMs} ms over ${value.warmRuns} runs` +
    ` (target < ${WARM_TARGET_MS} ms: ${value.warmUnderTarget ? 'MET' : 'NOT MET'})` +
    (value.npmStartWarmMs !== null ? `; warm via npm start ${value.npmStartWarmMs} ms` : ''));
}

function printHttp(results: Partial<Record<DbKind, Outcome<HttpResult>>>): void {
  const rows: Cell[][] = [];
  const failures: string[] = [];
  for (const [kind, outcome] of Object.entries(results)) {
    if (!outcome.ok) {
      failures.push(`${kind}: not measured (${outcome.error.split('\n')[0]})`);
      continue;
    }
    for (const s of outcome.value.scenarios) {
      for (const phase of [s.sequential, s.concurrent]) {
        rows.push([kind, s.scenario, `${s.itemsPerPage}/${s.totalCount}`, phase.clients, phase.count, phase.p50, phase.p95, phase.p99, phase.max, phase.requestsPerSecond, phase.errors]);
      }
    }
  }
  if (rows.length) {
    console.log(formatTable('Wastecode/GetAll over HTTP (keep-alive, logged in as tenant 1 admin), latency in ms',
      ['db', 'query', 'items/total', 'clients', 'n', 'p50', 'p95', 'p99', 'max', 'req/s', 'errors'], rows));
  }
  for (const line of failures) console.log(`\nGetAll ${line}`);
}

function printScale(results: Partial<Record<DbKind, Outcome<ScaleResult>>>): void {
  const measured = Object.values(results).filter((o): o is { ok: true; value: ScaleResult } => o.ok).map((o) => o.value);
  const seedRows: Cell[][] = measured.map(({ db, version, seed }) => [
    db, version, seed.enterprises, seed.wasteRecords, round(seed.enterprisesMs / 1000, 1), round(seed.wasteRecordsMs / 1000, 1),
    round(seed.analyzeMs / 1000, 1), round(seed.totalMs / 1000, 1), seed.enterpriseTableMb, seed.wasteTableMb,
  ]);
  if (seedRows.length) {
    console.log(formatTable('Scale data for tenant 1: set-based inserts after migrate + seed, then vacuum analyze; seconds',
      ['db', 'version', 'enterprises', 'waste records', 'enterprises s', 'records s', 'vacuum analyze s', 'total s', 'enterprises MB', 'records MB'], seedRows));
  }
  const rows: Cell[][] = [];
  const plans: Cell[][] = [];
  for (const { db, cases } of measured) {
    for (const c of cases) {
      for (const phase of [c.sequential, c.concurrent]) {
        rows.push([db, c.scenario, `${c.itemsPerPage}/${c.totalCount}`, phase.clients, phase.count, phase.p50, phase.p95, phase.p99, phase.max, phase.requestsPerSecond, phase.errors]);
      }
      // The listed table's own scans say whether its indexes serve the list; the rest (joins, display subqueries) is in
      // results.json.
      const table = /\bfrom (\w+) t\b/.exec(c.plans[0]?.sql ?? '')?.[1] ?? '';
      for (const plan of c.plans) {
        const own = plan.scans.filter((scan) => scan.includes(` on ${table} t`)).map((scan) => scan.replace(` on ${table}`, ''));
        plans.push([db, c.scenario, plan.query, plan.runMs, plan.explainMs, own.join('; ')]);
      }
    }
  }
  if (rows.length) {
    console.log(formatTable(`GetAll at scale over HTTP (logged in as tenant 1 admin, ${DEFAULT_SCALE.requests} requests a phase), latency in ms`,
      ['db', 'case', 'items/total', 'clients', 'n', 'p50', 'p95', 'p99', 'max', 'req/s', 'errors'], rows));
    console.log(formatTable('Statements behind each GetAll: median of plain runs, EXPLAIN ANALYZE time and scans of the listed table (full plans in results.json)',
      ['db', 'case', 'query', 'run ms', 'explain ms', 'scans of the listed table'], plans));
    const slow = measured.flatMap(({ db, cases }) => cases.filter((c) => c.slow).map((c) => `${db}: ${c.scenario} (p50 ${c.sequential.p50} ms)`));
    console.log(slow.length ? `slower than ${DEFAULT_SCALE.slowMs} ms p50: ${slow.join('; ')}` : `every case under ${DEFAULT_SCALE.slowMs} ms p50`);
  }
  for (const [kind, outcome] of Object.entries(results)) {
    if (!outcome.ok) console.log(`\nScale ${kind}: not measured (${outcome.error.split('\n')[0]})`);
  }
}

function printBundle(outcome: Outcome<BundleResult>): void {
  if (!outcome.ok) return console.log(`\nLogin route size: not measured (${outcome.error.split('\n')[0]})`);
  const { loginRoute, allAssets } = outcome.value;
  const rows: Cell[][] = loginRoute.files.map((f) => [f.file, f.source, round(f.bytes / 1024, 1), round(f.gzipBytes / 1024, 1)]);
  console.log(formatTable('Login route (/) downloads, gzip level 9, KB = 1024 bytes', ['file', 'found in', 'raw KB', 'gzip KB'], rows));
  console.log(`JS ${loginRoute.jsGzipKb} KB gzip (budget ${LOGIN_BUDGET_KB} KB: ${loginRoute.jsUnderBudget ? 'MET' : 'OVER'}); ` +
    `CSS ${loginRoute.cssGzipKb} KB; JS + CSS ${loginRoute.totalGzipKb} KB gzip`);
  const probe = loginRoute.probe;
  console.log(probe.ok
    ? `Lazy chunks found by booting the app in jsdom (login form rendered after ${probe.ms} ms).`
    : `jsdom probe did not reach the login form (${probe.pageErrors[0] ?? 'no error reported'}): figures are index.html's initial tags plus whatever loaded before it stopped.`);
  const typeRows: Cell[][] = Object.entries(allAssets.byType).map(([type, t]) => [type, t.files, t.rawKb, t.gzipKb]);
  typeRows.push(['all', allAssets.files, allAssets.rawKb, allAssets.gzipKb]);
  console.log(formatTable('All of dist/public', ['type', 'files', 'raw KB', 'gzip KB'], typeRows));
}

function printHub(outcome: Outcome<HubResult>): void {
  if (!outcome.ok) return console.log(`\nHub: not measured (${outcome.error.split('\n')[0]})`);
  const { value } = outcome;
  const rows: Cell[][] = [
    ['connect: start() (negotiate + upgrade + handshake)', value.connect.count, value.connect.p50, value.connect.p95, value.connect.p99, value.connect.max],
    ['sendToUser → ReceiveMessage handler', value.roundTrip.count, value.roundTrip.p50, value.roundTrip.p95, value.roundTrip.p99, value.roundTrip.max],
  ];
  console.log(formatTable(`Hub /chatmsg with @microsoft/signalr (${value.transport}), ms`, ['measure', 'n', 'p50', 'p95', 'p99', 'max'], rows));
  console.log(`first connect ${value.firstConnectMs} ms; lost ${value.roundTrip.lost}; burst of ${value.burst.messages}: ` +
    `${value.burst.received} received in ${value.burst.ms} ms (${value.burst.messagesPerSecond} msg/s)`);
}

async function main(): Promise<void> {
  const started = performance.now();
  const sections = selectedSections(process.argv.slice(2));
  const results: Results = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: round(os.totalmem() / 1024 ** 3, 1),
    loadAverage: { start: round(os.loadavg()[0], 2), end: Number.NaN },
    sections,
    settings: {
      load: DEFAULT_LOAD, scale: DEFAULT_SCALE, transfer: DEFAULT_TRANSFER, hub: DEFAULT_HUB, startup: DEFAULT_STARTUP,
      live: liveLoadSettings(), liveMemory: DEFAULT_LIVE_MEMORY, faults: DEFAULT_FAULTS, wall: DEFAULT_WALL, recycling: DEFAULT_RECYCLING,
    },
    clientBuild: null,
    notes: [],
    durationS: 0,
  };

  if (sections.includes('startup') || sections.includes('bundle') || sections.includes('wall')) {
    process.stderr.write('bench: checking the client build (not measured)…\n');
    results.clientBuild = await ensureClientBuild();
    if (results.clientBuild.status === 'failed') {
      results.notes.push(`client build failed: ${results.clientBuild.error}`);
    }
  }

  if (sections.includes('startup')) {
    let rebuilds = 0;
    const clientCurrent = async () => {
      if (results.clientBuild?.status === 'failed') return false;
      if (!clientBuildIsStale()) return true;
      // Someone changed client sources since the last build. Rebuild (unmeasured) a bounded number of times so the
      // bench stays within its time; after that the remaining runs use main.ts.
      if (rebuilds >= MAX_REBUILDS_DURING_STARTUP) return false;
      rebuilds += 1;
      process.stderr.write('bench: client sources changed, rebuilding the client (not measured)…\n');
      results.clientBuild = await ensureClientBuild();
      return results.clientBuild.status !== 'failed';
    };
    results.startup = await attempt('start-up', () => benchStartup(clientCurrent));
    if (results.startup.ok && results.startup.value.entries.includes(SERVER_ENTRY)) {
      results.notes.push(`some start-up runs used ${SERVER_ENTRY} (the same server without start.ts's client-build check): ` +
        'the client build was failing or its sources changed during the bench');
    }
  }
  if (sections.includes('http')) {
    results.http = {};
    results.http.pglite = await attempt('GetAll on PGlite', () => benchHttp('pglite'));
    const unavailable = await postgresAvailable();
    results.http.postgres = unavailable
      ? { ok: false, error: `PostgreSQL at ${POSTGRES_ADMIN_URL} unavailable: ${unavailable}` }
      : await attempt('GetAll on PostgreSQL', () => benchHttp('postgres'));
  }
  if (sections.includes('scale')) {
    results.scale = {};
    results.scale.pglite = await attempt('GetAll at scale on PGlite', () => benchScale('pglite'));
    const unavailable = await postgresAvailable();
    results.scale.postgres = unavailable
      ? { ok: false, error: `PostgreSQL at ${POSTGRES_ADMIN_URL} unavailable: ${unavailable}` }
      : await attempt('GetAll at scale on PostgreSQL', () => benchScale('postgres'));
  }
  if (sections.includes('transfer')) {
    results.transfer = {};
    results.transfer.pglite = await attempt('transfer orders at scale on PGlite', () => benchTransfer('pglite'));
    const unavailable = await postgresAvailable();
    results.transfer.postgres = unavailable
      ? { ok: false, error: `PostgreSQL at ${POSTGRES_ADMIN_URL} unavailable: ${unavailable}` }
      : await attempt('transfer orders at scale on PostgreSQL', () => benchTransfer('postgres'));
  }
  if (sections.includes('recycling')) {
    results.recycling = {};
    // `--recycling-records=N` for a quick look (households are a tenth of the records).
    const records = Number(process.argv.find((arg) => arg.startsWith('--recycling-records='))?.split('=')[1] ?? DEFAULT_RECYCLING.records);
    const recycling = { ...DEFAULT_RECYCLING, records, households: Math.max(1_000, Math.round(records / 10)) };
    results.settings.recycling = recycling;
    results.recycling.pglite = await attempt('recycling at scale on PGlite', () => benchRecycling('pglite', recycling));
    const unavailable = await postgresAvailable();
    results.recycling.postgres = unavailable
      ? { ok: false, error: `PostgreSQL at ${POSTGRES_ADMIN_URL} unavailable: ${unavailable}` }
      : await attempt('recycling at scale on PostgreSQL', () => benchRecycling('postgres', recycling));
  }
  if (sections.includes('hub')) results.hub = await attempt('hub', () => benchHub());
  if (sections.includes('live')) {
    const unavailable = await postgresAvailable();
    results.live = {
      load: unavailable ? { ok: false, error: `PostgreSQL at ${POSTGRES_ADMIN_URL} unavailable: ${unavailable}` } : await attempt('live ingest and hub fan-out on PostgreSQL', () => benchLiveLoad()),
      memory: await attempt('client live store memory', () => benchLiveMemory()),
    };
  }
  if (sections.includes('wall')) results.wall = await attempt('wall display in Chromium', () => benchWall());
  if (sections.includes('faults')) results.faults = await attempt('faults', () => benchFaults());
  if (sections.includes('bundle')) {
    // A start.ts run stopped mid-build, or someone else's build, can leave dist/public without its page.
    if (!fs.existsSync(path.join(PUBLIC_DIR, 'index.html'))) results.clientBuild = await ensureClientBuild();
    results.bundle = results.clientBuild?.status !== 'failed'
      ? await attempt('login route size', () => benchBundle())
      : { ok: false, error: `the client does not build: ${results.clientBuild?.error ?? ''}` };
  }

  results.durationS = round((performance.now() - started) / 1000, 1);
  results.loadAverage.end = round(os.loadavg()[0], 2);
  console.log(`\nwaste-backoffice bench — ${results.date}, Node ${results.node}, ${results.cpus} × ${results.cpuModel}, ${results.memoryGb} GB`);
  console.log(`load average (1 min) ${results.loadAverage.start} at start, ${results.loadAverage.end} at end` +
    (Math.max(results.loadAverage.start, results.loadAverage.end) > results.cpus * 0.5 ? ' — the machine was busy, expect noise' : ''));
  if (results.clientBuild) {
    const build = results.clientBuild;
    console.log(`client build: ${build.status}${build.buildMs !== null ? ` (built by the bench in ${build.buildMs} ms, not counted)` : ''}` +
      (build.error ? ` — ${build.error.split('\n')[0]}` : ''));
  }
  if (results.startup) printStartup(results.startup);
  if (results.http) printHttp(results.http);
  if (results.scale) printScale(results.scale);
  if (results.transfer) printTransfer(results.transfer);
  if (results.recycling) printRecycling(results.recycling);
  if (results.hub) printHub(results.hub);
  if (results.live) printLive(results.live.load, results.live.memory);
  if (results.bundle) printBundle(results.bundle);
  if (results.wall) printWall(results.wall);
  if (results.faults) {
    if (results.faults.ok) printFaults(results.faults.value);
    else console.log(`\nFaults: not measured (${results.faults.error.split('\n')[0]})`);
  }
  for (const note of results.notes) console.log(`note: ${note.split('\n')[0]}`);
  console.log(`\nbench took ${results.durationS} s`);

  const file = path.join(__dirname, 'results.json');
  // A partial run (--only) replaces the sections it measured and keeps the others' last figures.
  const previous = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown> : {};
  fs.writeFileSync(file, `${JSON.stringify({ ...previous, ...results }, null, 2)}\n`);
  console.log(`results written to ${path.relative(process.cwd(), file)}`);
}

main().then(
  // PGlite and the SignalR client can leave timers behind; the bench is over, so leave.
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
