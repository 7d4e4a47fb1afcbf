// List latency at production scale: 100,000 enterprises and 1,000,000 hazardous-waste records in tenant 1, the first
// page and page 1000 of the clerk's tables over real HTTP, plus the query plans behind them. The server runs in this
// thread; the requests come from load-worker.ts in another, as in http-load.ts.
import type { Sql } from '../../src/server/crud/sql';
import { DEFAULT_TIME_ZONE, tenantCalendar } from '../../src/shared/time';
import { prepared, type Db } from '../../src/server/db/database';
import type { ServiceContext } from '../../src/server/crud/engine';
import { Input } from '../../src/server/http/input';
import { databaseVersion, TENANT_ID, type BenchServer, type DbKind } from './harness';
import { phaseIn, probe, queryString, withLoadServer, type LoadSettings, type ScenarioResult } from './http-load';
import { seedScale, type ScaleSize, type SeedResult } from './scale-seed';
import { median, round } from './stats';

export interface ScaleCase {
  name: string;
  service: string;
  /** The GetAll query string, as the client sends it. */
  query: Record<string, string>;
}

const page = (skipCount: number) => ({ SkipCount: String(skipCount), MaxResultCount: '10' });

export const SCALE_CASES: ScaleCase[] = [
  { name: 'enterprises, first page', service: 'EnterpriseInformation', query: page(0) },
  { name: 'enterprises, page 1000', service: 'EnterpriseInformation', query: page(9990) },
  // The producers' screen sends its segment as a fixed filter.
  { name: 'producers (corporateType=2), first page', service: 'EnterpriseInformation', query: { corporateType: '2', ...page(0) } },
  { name: 'waste records, first page', service: 'HazardouswasteInformation', query: page(0) },
  { name: 'waste records, page 1000', service: 'HazardouswasteInformation', query: page(9990) },
];

export interface ScaleSettings extends ScaleSize, LoadSettings {
  /** A case whose sequential p50 is above this is called slow in the output. */
  slowMs: number;
  /** Plain runs of each statement for `runMs`. */
  statementRuns: number;
}

export const DEFAULT_SCALE: ScaleSettings = {
  enterprises: 100_000, wasteRecords: 1_000_000, warmup: 10, requests: 200, concurrency: 8, maxPhaseMs: 30_000, slowMs: 50,
  statementRuns: 5,
};

export interface PlanResult {
  /** `items` is the page query, `count` the totalCount query; the server runs both for every GetAll. */
  query: 'items' | 'count';
  /** Median of plain runs of the statement on the server's database: the database's share of a request. */
  runMs: number;
  /** EXPLAIN ANALYZE's own figure, inflated by timing every row (much more so in PGlite): read it for proportions. */
  explainMs: number;
  /** Scan nodes of the plan: "Index Scan Backward using … on …", "Seq Scan on …". */
  scans: string[];
  sql: string;
  params: unknown[];
  plan: string;
}

export interface ScaleCaseResult extends Omit<ScenarioResult, 'db'> {
  slow: boolean;
  plans: PlanResult[];
}

export interface ScaleResult {
  db: DbKind;
  /** Database version: PGlite bundles its own PostgreSQL. */
  version: string;
  setupMs: number;
  seed: SeedResult;
  cases: ScaleCaseResult[];
}

export interface Statement {
  sql: string;
  params: unknown[];
}

/** A Db that only notes what it is asked, answering an empty page: the exact SQL a GetAll sends, without running it. */
function recordingDb(statements: Statement[]): Db {
  const db: Db = {
    kind: 'postgres',
    async query<T>(statement: string | Sql, given?: readonly unknown[]): Promise<T[]> {
      const [sql, params] = prepared(statement, given);
      statements.push({ sql, params });
      return (/^\s*select count\(\*\)/i.test(sql) ? [{ count: 0 }] : []) as T[];
    },
    transaction: (work) => work(db),
    onCommit: (fn) => void fn(),
    close: async () => {},
  };
  return db;
}

/** The statements GetAll runs for the tenant admin, taken from the list code itself so they cannot drift from it. */
async function listStatements(server: BenchServer, userId: number, scenario: ScaleCase): Promise<Statement[]> {
  const statements: Statement[] = [];
  // The admin's session as the server loads it: every permission, no enterprise links, so no segment or owner filter.
  const ctx: ServiceContext = {
    ...server.app.services,
    resources: server.app.registry.resources,
    db: recordingDb(statements),
    tenantId: TENANT_ID,
    session: { userId, userName: 'admin', tenantId: TENANT_ID, language: null, permissions: new Set(), enterpriseIds: null, areas: null, timeZone: DEFAULT_TIME_ZONE, tokenKind: 'login' },
    language: 'zh-CN',
    ip: '127.0.0.1',
    isGranted: () => true,
    calendar: tenantCalendar(DEFAULT_TIME_ZONE),
  };
  await ctx.resources.of(scenario.service).list(ctx, new Input(scenario.query, 'zh-CN'));
  return statements;
}

export function scansOf(plan: string): string[] {
  const scans = plan.split('\n')
    .map((line) => /^[\s>-]*((?:Parallel )?[A-Za-z ]*Scan\b[^(]*?)\s+\(/.exec(line)?.[1])
    .filter((scan): scan is string => scan !== undefined);
  return [...new Set(scans)];
}

export async function measureStatement(db: Db, statement: Statement, runs: number): Promise<PlanResult> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await db.query(statement.sql, statement.params);
    samples.push(performance.now() - started);
  }
  const rows = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.sql}`, statement.params);
  const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
  const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
  return {
    query: /^\s*select count\(\*\)/i.test(statement.sql) ? 'count' : 'items',
    runMs: round(median(samples)),
    explainMs: round(executionMs),
    scans: scansOf(plan),
    sql: statement.sql.replace(/\s+/g, ' ').trim(),
    params: statement.params,
    plan,
  };
}

export async function benchScale(kind: DbKind, settings: ScaleSettings = DEFAULT_SCALE): Promise<ScaleResult> {
  return withLoadServer(kind, async ({ server, client, headers, userId }) => {
    const db = server.app.services.db;
    process.stderr.write(`bench: seeding ${settings.enterprises} enterprises and ${settings.wasteRecords} waste records on ${kind}…\n`);
    const seed = await seedScale(db, settings);
    process.stderr.write(`bench: seeded in ${(seed.totalMs / 1000).toFixed(1)} s\n`);
    const cases: ScaleCaseResult[] = [];
    for (const scenario of SCALE_CASES) {
      const path = `/api/services/app/${scenario.service}/GetAll?${queryString(scenario.query)}`;
      const url = server.origin + path;
      const first = await probe(url, headers).catch((error: Error) => {
        throw new Error(`${scenario.name}: ${error.message}`);
      });
      const job = { url, headers, requests: settings.requests, maxPhaseMs: settings.maxPhaseMs };
      const sequential = await phaseIn(client, { ...job, clients: 1, warmup: settings.warmup });
      const concurrent = await phaseIn(client, { ...job, clients: settings.concurrency, warmup: 0 });
      const plans: PlanResult[] = [];
      for (const statement of await listStatements(server, userId, scenario)) plans.push(await measureStatement(db, statement, settings.statementRuns));
      cases.push({
        scenario: scenario.name,
        path,
        totalCount: first.totalCount,
        itemsPerPage: first.items.length,
        sequential,
        concurrent,
        slow: sequential.p50 > settings.slowMs,
        plans,
      });
    }
    return { db: kind, version: await databaseVersion(db), setupMs: round(server.setupMs, 0), seed, cases };
  });
}
