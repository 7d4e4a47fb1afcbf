// Waste-code list latency over real HTTP (global fetch, keep-alive), the way the clerk's table asks for pages. The
// server runs in this thread; the requests come from load-worker.ts in another.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { login, startBenchServer, TENANT_ID, type BenchServer, type DbKind } from './harness';
import type { PhaseRequest, PhaseResult } from './load-worker';
import { round } from './stats';

export interface ListScenario {
  name: string;
  path: string;
}

export const LIST_SCENARIOS: ListScenario[] = [
  { name: 'page of 10', path: '/api/services/app/Wastecode/GetAll?MaxResultCount=10' },
  // 油 (oil) matches a few dozen of the 467 codes in code, industry source and description.
  { name: 'keyword + sort', path: `/api/services/app/Wastecode/GetAll?Keyword=${encodeURIComponent('油')}&Sorting=${encodeURIComponent('industrySource desc')}&SkipCount=10&MaxResultCount=10` },
  { name: 'page of 100', path: '/api/services/app/Wastecode/GetAll?MaxResultCount=100' },
];

export interface LoadSettings {
  warmup: number;
  requests: number;
  concurrency: number;
  /** Each measured phase stops after this long even if it has not sent `requests` requests. */
  maxPhaseMs: number;
}

export const DEFAULT_LOAD: LoadSettings = { warmup: 50, requests: 500, concurrency: 8, maxPhaseMs: 20_000 };

export interface ScenarioResult {
  db: DbKind;
  scenario: string;
  path: string;
  totalCount: number;
  itemsPerPage: number;
  sequential: PhaseResult;
  concurrent: PhaseResult;
}

export interface HttpResult {
  db: DbKind;
  setupMs: number;
  scenarios: ScenarioResult[];
}

interface PagedEnvelope {
  success: boolean;
  result: { totalCount: number; items: unknown[] } | null;
}

/** Worker threads do not inherit `--import tsx` on Node 20, so the thread registers tsx itself before loading. */
export function startClientThread(script = 'load-worker.ts'): Worker {
  const file = JSON.stringify(path.join(__dirname, script));
  return new Worker(`require('tsx/cjs/api').register(); require(${file});`, { eval: true });
}

/** Runs one phase in the client thread and waits for its figures. */
export function phaseIn(worker: Worker, job: PhaseRequest): Promise<PhaseResult> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: { ok: true; result: PhaseResult } | { ok: false; error: string }) => {
      worker.off('error', reject);
      if (reply.ok) resolve(reply.result);
      else reject(new Error(reply.error));
    };
    worker.once('message', onMessage);
    worker.once('error', reject);
    worker.postMessage(job);
  });
}

export async function probe(url: string, headers: Record<string, string>): Promise<NonNullable<PagedEnvelope['result']>> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  const envelope = JSON.parse(text || '{}') as PagedEnvelope;
  if (response.status !== 200 || !envelope.success || !envelope.result) throw new Error(`${response.status} ${text.slice(0, 300)}`);
  return envelope.result;
}

export const queryString = (query: Record<string, string>) => new URLSearchParams(query).toString();

/** What a measured run has: its server, the client thread that sends the requests, and tenant 1's admin. */
export interface LoadRun {
  server: BenchServer;
  client: Worker;
  /** The admin's requests as the clerk's table sends them: bearer token, tenant and culture. */
  headers: Record<string, string>;
  userId: number;
}

/** Starts a bench server and its client thread, logs in the admin, runs the work, then closes both. */
export async function withLoadServer<T>(kind: DbKind, work: (run: LoadRun) => Promise<T>): Promise<T> {
  const server = await startBenchServer(kind);
  const client = startClientThread();
  try {
    const { accessToken, userId } = await login(server.origin);
    const headers = { authorization: `Bearer ${accessToken}`, 'Abp.TenantId': String(TENANT_ID), '.AspNetCore.Culture': 'c=zh-CN|uic=zh-CN' };
    return await work({ server, client, headers, userId });
  } finally {
    await client.terminate();
    await server.close();
  }
}

export async function benchHttp(kind: DbKind, settings: LoadSettings = DEFAULT_LOAD): Promise<HttpResult> {
  return withLoadServer(kind, async ({ server, client, headers }) => {
    const scenarios: ScenarioResult[] = [];
    for (const scenario of LIST_SCENARIOS) {
      const url = server.origin + scenario.path;
      const page = await probe(url, headers).catch((error: Error) => {
        throw new Error(`${scenario.name}: ${error.message}`);
      });
      const job = { url, headers, requests: settings.requests, maxPhaseMs: settings.maxPhaseMs };
      const sequential = await phaseIn(client, { ...job, clients: 1, warmup: settings.warmup });
      const concurrent = await phaseIn(client, { ...job, clients: settings.concurrency, warmup: 0 });
      scenarios.push({
        db: kind,
        scenario: scenario.name,
        path: scenario.path,
        totalCount: page.totalCount,
        itemsPerPage: page.items.length,
        sequential,
        concurrent,
      });
    }
    return { db: kind, setupMs: round(server.setupMs, 0), scenarios };
  });
}
