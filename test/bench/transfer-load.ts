// Transfer orders at production scale: 1,000,000 orders (≈ 3,000,000 lines) in tenant 1, the order list of one big
// producer filtered by status and planned dates — first page and page 10,000, each with its exact total — over real
// HTTP as the unlinked admin and as a clerk linked to that producer; the same statements run bare on the server's own
// database, for the HTTP/bare ratio; then real moves (dispatch + agree) over HTTP, one client and several.
import type { Worker } from 'node:worker_threads';
import type { Sql } from '../../src/server/crud/sql';
import { prepared, type Db } from '../../src/server/db/database';
import type { Services } from '../../src/server/http/context';
import { databaseVersion, login, TENANT_ID, type BenchServer, type DbKind } from './harness';
import { phaseIn, probe, queryString, startClientThread, withLoadServer } from './http-load';
import type { PhaseResult } from './load-worker';
import { measureStatement, type PlanResult, type Statement } from './scale-load';
import { round, summarize, type LatencySummary } from './stats';
import type { MoveTask, MovesRequest, MovesResult } from './transfer-moves-worker';
import { seedTransfer, type TransferSeedResult, type TransferSize } from './transfer-seed';

export interface TransferSettings extends TransferSize {
  /** PGlite keeps its whole database in the server's memory and loads slower: it may get fewer orders. */
  pgliteOrders: number;
  warmup: number;
  firstPageRequests: number;
  deepPageRequests: number;
  /** Each measured phase stops after this long even if it has not sent its requests. */
  maxPhaseMs: number;
  /** A first page (with its exact total) whose p95 is above this is called slow. */
  firstPageBudgetMs: number;
  /** Plain runs of each statement for its `runMs`. */
  statementRuns: number;
  /** Orders dispatched then agreed by one client, then by `moveClients` clients at once. */
  sequentialMoves: number;
  concurrentMoves: number;
  moveClients: number;
  maxMovesMs: number;
  /** BigData/GetOverview calls per user, after the list cases. */
  overviewRequests: number;
}

export const DEFAULT_TRANSFER: TransferSettings = {
  orders: 1_000_000, pgliteOrders: 1_000_000, producers: 200, bigProducers: 3, bigShare: 0.6, transporters: 30, receivers: 20,
  warmup: 5, firstPageRequests: 100, deepPageRequests: 30, maxPhaseMs: 60_000, firstPageBudgetMs: 20, statementRuns: 5,
  sequentialMoves: 100, concurrentMoves: 200, moveClients: 4, maxMovesMs: 60_000, overviewRequests: 30,
};

/** Signed orders of the biggest producer planned in the last 2½ years: over 100,000 rows, so page 10,000 exists. */
export const FILTER = { declareStatus: '1', plannedDateFrom: '2024-05-21', plannedDateTo: '2026-11-30' };
const PAGE_SIZE = 10;
const DEEP_SKIP = 99_990;
const LINKED_USER = { userName: 'bench_producer', password: 'Bench123' };

type Who = 'admin' | 'linked producer';

interface TransferCase {
  name: string;
  who: Who;
  query: Record<string, string>;
  deep: boolean;
}

function transferCases(producerId: number): TransferCase[] {
  const filtered = { ...FILTER, producerId: String(producerId) };
  const page = (skip: number) => ({ SkipCount: String(skip), MaxResultCount: String(PAGE_SIZE) });
  return [
    { name: 'no filter (screen opens), first page', who: 'admin', query: page(0), deep: false },
    { name: 'producer + signed + dates, first page', who: 'admin', query: { ...filtered, ...page(0) }, deep: false },
    { name: 'producer + signed + dates, page 10,000', who: 'admin', query: { ...filtered, ...page(DEEP_SKIP) }, deep: true },
    { name: 'producer + signed + dates, first page', who: 'linked producer', query: { ...filtered, ...page(0) }, deep: false },
    { name: 'producer + signed + dates, page 10,000', who: 'linked producer', query: { ...filtered, ...page(DEEP_SKIP) }, deep: true },
  ];
}

export interface TransferCaseResult {
  scenario: string;
  who: Who;
  path: string;
  totalCount: number;
  itemsPerPage: number;
  http: PhaseResult;
  /** The GetAll's own statements run bare as the engine runs them (page and count together), same count of runs. */
  bare: LatencySummary;
  /** HTTP / bare: what the server adds around the database (routing, token, session query, JSON). */
  ratio: { p50: number; p95: number };
  overBudget: boolean;
  plans: PlanResult[];
}

export interface TransferResult {
  db: DbKind;
  version: string;
  setupMs: number;
  seed: TransferSeedResult;
  producerId: number;
  cases: TransferCaseResult[];
  /** The big-data screen's one aggregate call over the same data, per user. */
  overview: { who: Who; http: PhaseResult }[];
  moves: { sequential: MovesResult; concurrent: MovesResult } | { error: string };
}

/** The statements the server runs while `work` is under way, taken from its own Db (every request's context copies it). */
async function capture<T>(services: Services, work: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
  const statements: Statement[] = [];
  const db = services.db;
  services.db = {
    ...db,
    query<T>(statement: string | Sql, given?: readonly unknown[]) {
      const [sql, params] = prepared(statement, given);
      statements.push({ sql, params });
      return db.query<T>(sql, params);
    },
  };
  try {
    return { result: await work(), statements };
  } finally {
    services.db = db;
  }
}

/** Page and count together, as queryPage sends them: the database's share of one GetAll. */
async function bareRuns(db: Db, statements: Statement[], warmup: number, runs: number): Promise<LatencySummary> {
  const samples: number[] = [];
  for (let i = 0; i < warmup + runs; i += 1) {
    const started = performance.now();
    await Promise.all(statements.map((s) => db.query(s.sql, s.params)));
    if (i >= warmup) samples.push(performance.now() - started);
  }
  return summarize(samples);
}

async function linkedUserHeaders(origin: string, admin: Record<string, string>, producerId: number): Promise<Record<string, string>> {
  const response = await fetch(`${origin}/api/services/app/User/Create`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({
      ...LINKED_USER, name: '产废', surname: '联单', emailAddress: 'bench-producer@example.com', isActive: true,
      roleNames: ['Admin'], enterpriseIds: [producerId],
    }),
  });
  if (!response.ok) throw new Error(`creating the linked user: ${response.status} ${(await response.text()).slice(0, 300)}`);
  const { accessToken } = await login(origin, LINKED_USER.userName, LINKED_USER.password);
  return { ...admin, authorization: `Bearer ${accessToken}` };
}

async function measureCase(
  server: BenchServer, client: Worker, scenario: TransferCase, headers: Record<string, string>, settings: TransferSettings,
): Promise<TransferCaseResult> {
  const path = `/api/services/app/TransferOrder/GetAll?${queryString(scenario.query)}`;
  const url = server.origin + path;
  const db = server.app.services.db;
  const { result: page, statements: seen } = await capture(server.app.services, () => probe(url, headers));
  // The list's page, and its count (from the counts rollup when the filters allow).
  const statements = seen.filter((s) => /\bfrom transfer_order(_counts)? t\b/.test(s.sql));
  if (statements.length === 0) throw new Error(`${scenario.name}: no transfer_order statement seen`);
  const { totalCount, items } = page;
  const requests = scenario.deep ? settings.deepPageRequests : settings.firstPageRequests;
  const http = await phaseIn(client, { url, headers, clients: 1, requests, warmup: settings.warmup, maxPhaseMs: settings.maxPhaseMs });
  const bare = await bareRuns(db, statements, settings.warmup, http.count);
  const plans: PlanResult[] = [];
  for (const statement of statements) plans.push(await measureStatement(db, statement, settings.statementRuns));
  return {
    scenario: scenario.name,
    who: scenario.who,
    path,
    totalCount,
    itemsPerPage: items.length,
    http,
    bare,
    ratio: { p50: round(http.p50 / bare.p50, 2), p95: round(http.p95 / bare.p95, 2) },
    overBudget: !scenario.deep && http.p95 > settings.firstPageBudgetMs,
    plans,
  };
}

/** BigData/GetOverview over HTTP, one client: every figure of the screen, transfers read from the rollups. */
async function measureOverview(server: BenchServer, client: Worker, headers: Record<string, string>, settings: TransferSettings): Promise<PhaseResult> {
  const url = `${server.origin}/api/services/app/BigData/GetOverview`;
  await probe(url, headers);
  return phaseIn(client, { url, headers, clients: 1, requests: settings.overviewRequests, warmup: settings.warmup, maxPhaseMs: settings.maxPhaseMs });
}

/** Open orders (nothing dispatched yet), newest first, with what a dispatch and an agree need. */
async function pendingOrders(db: Db, count: number): Promise<MoveTask[]> {
  return db.query<MoveTask>(
    `select o.id, o.version,
       (select min(v.id) from vehicle_information v where v.enterprise_id = o.transporter_id and not v.is_deleted) as "vehicleId",
       (select min(d.id) from driver d where d.enterprise_id = o.transporter_id and not d.is_deleted) as "driverId",
       (select json_agg(json_build_object('id', l.id, 'quantity', l.quantity) order by l.id)
          from transfer_order_line l where l.order_id = o.id and not l.is_deleted) as lines
     from transfer_order o
     where o.tenant_id = ${TENANT_ID} and not o.is_deleted and o.declare_status = 0 and o.dispatch_status = 0 and o.sign_status = 0
     order by o.id desc limit $1`, [count]);
}

function movesIn(worker: Worker, job: MovesRequest): Promise<MovesResult> {
  return new Promise((resolve, reject) => {
    worker.once('message', (reply: { ok: true; result: MovesResult } | { ok: false; error: string }) => {
      worker.off('error', reject);
      if (reply.ok) resolve(reply.result);
      else reject(new Error(reply.error));
    });
    worker.once('error', reject);
    worker.postMessage(job);
  });
}

async function measureMoves(server: BenchServer, headers: Record<string, string>, settings: TransferSettings): Promise<TransferResult['moves']> {
  const tasks = await pendingOrders(server.app.services.db, settings.sequentialMoves + settings.concurrentMoves);
  if (tasks.length < settings.sequentialMoves + settings.concurrentMoves) return { error: `only ${tasks.length} open orders` };
  const worker = startClientThread('transfer-moves-worker.ts');
  try {
    const job = { origin: server.origin, headers, maxPhaseMs: settings.maxMovesMs };
    const sequential = await movesIn(worker, { ...job, clients: 1, tasks: tasks.slice(0, settings.sequentialMoves) });
    const concurrent = await movesIn(worker, { ...job, clients: settings.moveClients, tasks: tasks.slice(settings.sequentialMoves) });
    return { sequential, concurrent };
  } finally {
    await worker.terminate();
  }
}

export async function benchTransfer(kind: DbKind, settings: TransferSettings = DEFAULT_TRANSFER): Promise<TransferResult> {
  return withLoadServer(kind, async ({ server, client, headers: admin }) => {
    const db = server.app.services.db;
    const size = { ...settings, orders: kind === 'pglite' ? settings.pgliteOrders : settings.orders };
    process.stderr.write(`bench: seeding ${size.orders} transfer orders on ${kind}…\n`);
    const seed = await seedTransfer(db, size, (step) => process.stderr.write(`bench: transfer seed: ${step}…\n`));
    process.stderr.write(`bench: seeded in ${(seed.totalMs / 1000).toFixed(1)} s\n`);
    const producerId = seed.bigProducers[0].id;
    const linked = await linkedUserHeaders(server.origin, admin, producerId);
    const cases: TransferCaseResult[] = [];
    for (const scenario of transferCases(producerId)) {
      process.stderr.write(`bench: ${scenario.who}, ${scenario.name}…\n`);
      cases.push(await measureCase(server, client, scenario, scenario.who === 'admin' ? admin : linked, settings));
    }
    const overview: TransferResult['overview'] = [];
    for (const [who, headers] of [['admin', admin], ['linked producer', linked]] as const) {
      process.stderr.write(`bench: ${who}, big-data overview…\n`);
      overview.push({ who, http: await measureOverview(server, client, headers, settings) });
    }
    process.stderr.write('bench: transfer moves…\n');
    const moves = await measureMoves(server, admin, settings).catch((error: Error) => ({ error: error.message }));
    return { db: kind, version: await databaseVersion(db), setupMs: round(server.setupMs, 0), seed, producerId, cases, overview, moves };
  });
}
