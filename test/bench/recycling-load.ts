// The recycling scheme at scale: 100,000 households and 1,000,000 records in tenant 1. Measures each analysis and
// the records' first page over HTTP (p50/p95, from load-worker.ts's thread), ledger postings per second (in-process,
// and as manual adjustments over HTTP from posts-worker.ts's thread), redemptions at 8 machines at once and 1,000 at once against one
// household (counting double spends and negative balances, which must be none), and the reconciliation's time.
import type { Worker } from 'node:worker_threads';
import { isBalanced, type HoldAnswer, type Reconciliation } from '../../src/shared/recycling';
import { DEFAULT_TIME_ZONE, tenantCalendar } from '../../src/shared/time';
import { pointsAccountKind, pointsReason } from '../../src/shared/enums';
import { systemContext } from '../../src/server/modules/points/device';
import { post } from '../../src/server/modules/points/ledger';
import { databaseVersion, TENANT_ID, type BenchServer, type DbKind } from './harness';
import { phaseIn, queryString, startClientThread, withLoadServer } from './http-load';
import type { PhaseResult } from './load-worker';
import type { PostJob, PostsRequest, PostsResult } from './posts-worker';
import { seedRecycling, type RecyclingSeedResult, type RecyclingSize } from './recycling-seed';
import { median, round, summarize, type LatencySummary } from './stats';

export interface RecyclingSettings extends RecyclingSize {
  warmup: number;
  requests: number;
  concurrency: number;
  maxPhaseMs: number;
  /** Manual adjustments posted, by `postingClients` clients. */
  postings: number;
  postingClients: number;
  machines: number;
  /** Redemptions each machine serves in the throughput run. */
  redemptionsPerMachine: number;
  /** Redemptions sent at once against one household that can pay for `affordable` of them. */
  raceRedemptions: number;
  affordable: number;
}

export const DEFAULT_RECYCLING: RecyclingSettings = {
  households: 100_000, records: 1_000_000, warmup: 5, requests: 100, concurrency: 8, maxPhaseMs: 30_000,
  postings: 5_000, postingClients: 16, machines: 8, redemptionsPerMachine: 100, raceRedemptions: 1_000, affordable: 300,
};

export interface AnalysisCase { name: string; path: string; sequential: PhaseResult; concurrent: PhaseResult }

export interface RecyclingResult {
  db: DbKind;
  version: string;
  seed: RecyclingSeedResult;
  analyses: AnalysisCase[];
  /** The ledger itself: postings made in-process, each in its own transaction, `clients` at a time. */
  ledger: { count: number; clients: number; perSecond: number; latency: LatencySummary };
  /** The same postings as a clerk's adjustments over HTTP (token, session, permission, the household's areas). */
  postings: { count: number; clients: number; perSecond: number; latency: LatencySummary; failures: number; retriedReplayed: number; retried: number };
  machines: { machines: number; redemptions: number; perSecond: number; hold: LatencySummary; settle: LatencySummary; failures: number };
  race: { sent: number; affordable: number; won: number; refusedForPoints: number; otherFailures: number; doubleSpends: number; negativeBalances: number; perSecond: number };
  reconciliation: { ms: number; postings: number; balanced: boolean };
}

const PRICE = 10;

function postsIn(worker: Worker, request: PostsRequest): Promise<PostsResult> {
  return new Promise((resolve, reject) => {
    worker.once('message', (reply: { ok: true; result: PostsResult } | { ok: false; error: string }) => (reply.ok ? resolve(reply.result) : reject(new Error(reply.error))));
    worker.once('error', reject);
    worker.postMessage(request);
  });
}

async function api<T>(origin: string, headers: Record<string, string>, verb: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(origin + path, { method: verb, headers: { ...headers, 'content-type': 'application/json' }, body: verb === 'POST' ? JSON.stringify(body) : undefined });
  const envelope = (await response.json()) as { result: T; error: { message: string } | null };
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${envelope.error?.message ?? ''}`);
  return envelope.result;
}

const svc = (service: string, method: string, query?: Record<string, string>) =>
  `/api/services/app/${service}/${method}${query ? `?${queryString(query)}` : ''}`;

/**
 * Postings straight into the ledger, as the records' audit, the stations and the machines make them: each its own
 * transaction with its live event, `postingClients` at once, households spread over the tenant.
 */
async function benchLedger(server: BenchServer, settings: RecyclingSettings): Promise<RecyclingResult['ledger']> {
  const { db } = server.app.services;
  const ctx = await systemContext(server.app.services, server.app.registry.resources, db, TENANT_ID, 'zh-CN');
  const households = await db.query<{ id: number }>(`select id from scheme_user where tenant_id = ${TENANT_ID} and card_no like 'B%' order by id limit ${settings.postings}`);
  const run = async (count: number, tag: string) => {
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: settings.postingClients }, async () => {
      for (let i = next++; i < count; i = next++) {
        const sent = performance.now();
        await db.transaction((tx) => post(ctx, tx, {
          requestId: `bench-ledger-${tag}-${i}`, origin: 'caller', reason: pointsReason.adjustment, remark: '压测记账',
          legs: [{ household: households[i % households.length].id, amount: PRICE }, { account: pointsAccountKind.pool, amount: -PRICE }],
        }));
        latencies.push(performance.now() - sent);
      }
    }));
    return { perSecond: round(count / ((performance.now() - started) / 1000), 1), latency: summarize(latencies) };
  };
  await run(Math.min(500, settings.postings), 'warmup');
  const measured = await run(settings.postings, 'run');
  return { count: settings.postings, clients: settings.postingClients, ...measured };
}

export async function benchRecycling(kind: DbKind, settings: RecyclingSettings = DEFAULT_RECYCLING): Promise<RecyclingResult> {
  return withLoadServer(kind, async ({ server, client, headers }) => {
    const db = server.app.services.db;
    const origin = server.origin;
    process.stderr.write(`bench: seeding ${settings.households} households and ${settings.records} records on ${kind}…\n`);
    const seed = await seedRecycling(db, settings);
    // The tenant's (China's) days before today: the seeded records run up to yesterday.
    const days = tenantCalendar(DEFAULT_TIME_ZONE);
    const month = { From: days.todayPlus(-30), To: days.todayPlus(-1) };
    const cases = [
      { name: 'participation by community, 30 days', path: svc('Rblist', 'GetRblistParticipation', { ...month, Level: 'carea' }) },
      { name: 'collectors, 30 days', path: svc('Rblist', 'GetRblistCollectorAnalyse', month) },
      { name: 'no record for 7 days, first page', path: svc('Rblist', 'GetRblistUpNotData', { Days: '7', MaxResultCount: '10' }) },
      { name: 'top 10, 30 days', path: svc('Rblist', 'GetGarbageDisposalTop', month) },
      { name: 'trend by day, 30 days', path: svc('Rblist', 'GetRblistTrend', { ...month, Grain: 'day' }) },
      { name: 'trend by month, a year', path: svc('Rblist', 'GetRblistTrend', { From: days.todayPlus(-365), To: days.todayPlus(-1), Grain: 'month' }) },
      { name: 'records, first page with exact total', path: svc('Rblist', 'GetAll', { MaxResultCount: '10' }) },
      { name: 'big-data overview, the scheme today', path: svc('BigData', 'GetOverview') },
    ];
    const analyses: AnalysisCase[] = [];
    for (const c of cases) {
      await api(origin, headers, 'GET', c.path);
      const job = { url: origin + c.path, headers, requests: settings.requests, maxPhaseMs: settings.maxPhaseMs };
      const sequential = await phaseIn(client, { ...job, clients: 1, warmup: settings.warmup });
      const concurrent = await phaseIn(client, { ...job, clients: settings.concurrency, warmup: 0 });
      analyses.push({ ...c, sequential, concurrent });
    }

    const ledger = await benchLedger(server, settings);
    const posts = startClientThread('posts-worker.ts');
    try {
      // Ledger postings: manual adjustments to households spread over the tenant, each with its own request id.
      const households = await db.query<{ id: number; cardNo: string }>(`select id, card_no as "cardNo" from scheme_user
        where tenant_id = 1 and card_no like 'B%' order by id limit ${Math.max(settings.postings, settings.machines * settings.redemptionsPerMachine)}`);
      const adjustments: PostJob[] = Array.from({ length: settings.postings }, (_, i) => ({
        path: svc('Integral', 'IncreasePointsOpt'), headers,
        body: { householdId: households[i % households.length].id, points: PRICE * 5, remark: '压测调整', requestId: `bench-adjust-${i}` },
      }));
      const posted = await postsIn(posts, { origin, clients: settings.postingClients, jobs: adjustments });
      const retried = adjustments.slice(0, 200);
      const again = await postsIn(posts, { origin, clients: settings.postingClients, jobs: retried });
      const postings = {
        count: settings.postings, clients: settings.postingClients, perSecond: posted.perSecond, latency: posted.ok,
        failures: posted.answers.filter((a) => a.status !== 200).length,
        retried: retried.length, retriedReplayed: again.answers.filter((a) => (a.result as { replayed?: boolean } | null)?.replayed === true).length,
      };

      // Machines: 8 of them, their slots loaded from one goods item, each serving households one at a time.
      const type = await api<{ id: number }>(origin, headers, 'POST', svc('BHgoodsType', 'Create'), { name: '压测商品' });
      const goods = await api<{ id: number }>(origin, headers, 'POST', svc('BHgoods', 'Create'), { name: '压测兑换品', goodsTypeId: type.id, pointsPrice: PRICE, stock: 1_000_000, onShelf: true });
      const [place] = await db.query<Record<string, number>>(`select qarea_id as "qareaId", sarea_id as "sareaId", carea_id as "careaId", id as "vareaId"
        from area_compound where tenant_id = 1 and name like '社区%' order by id limit 1`);
      const machines: { id: number; key: string }[] = [];
      for (let m = 0; m < settings.machines; m += 1) {
        const created = await api<{ id: number; deviceKey: string }>(origin, headers, 'POST', svc('BHgoodsExchange', 'Create'), {
          name: `压测兑换机${m + 1}`, equipid: `BENCH-EX-${m + 1}`, ...place, slotCount: 10, slotCapacity: 100,
        });
        for (let slotNo = 1; slotNo <= 10; slotNo += 1) {
          await api(origin, headers, 'POST', svc('BHgoodsExchange', 'ExchangeMachine_UpShelves'), { id: created.id, slotNo, goodsId: goods.id, quantity: 100 });
        }
        machines.push({ id: created.id, key: created.deviceKey });
      }
      const device = (key: string) => ({ 'X-Device-Key': key });
      const holdJobs: PostJob[] = [];
      for (let i = 0; i < settings.machines * settings.redemptionsPerMachine; i += 1) {
        const machine = machines[i % machines.length];
        holdJobs.push({ path: '/api/device/exchange/hold', headers: device(machine.key), body: { requestId: `bench-hold-${i}`, cardNo: households[i].cardNo, slotNo: 1 + (i % 10) } });
      }
      const held = await postsIn(posts, { origin, clients: settings.machines, jobs: holdJobs });
      const settleJobs: PostJob[] = holdJobs.filter((_, i) => held.answers[i].status === 200)
        .map((job) => ({ path: '/api/device/exchange/settle', headers: job.headers, body: { requestId: (job.body as { requestId: string }).requestId, outcome: 'dispensed' } }));
      const settled = await postsIn(posts, { origin, clients: settings.machines, jobs: settleJobs });
      const machineRun = {
        machines: settings.machines, redemptions: settleJobs.length,
        perSecond: round(settleJobs.length / (held.elapsedS + settled.elapsedS), 1), hold: held.ok, settle: settled.ok,
        failures: held.answers.filter((a) => a.status !== 200).length + settled.answers.filter((a) => a.status !== 200).length,
      };

      // The race: one household able to pay for `affordable` items, `raceRedemptions` holds at once over all machines.
      const [target] = await db.query<{ id: number; cardNo: string }>(`select id, card_no as "cardNo" from scheme_user
        where tenant_id = 1 and card_no like 'B%' order by id desc limit 1`);
      const before = Number((await db.query<{ points: number }>('select points from scheme_user where id = $1', [target.id]))[0].points);
      await api(origin, headers, 'POST', svc('Integral', 'IncreasePointsOpt'), {
        householdId: target.id, points: settings.affordable * PRICE - before || PRICE, remark: '压测并发兑换', requestId: 'bench-race-funding',
      });
      const funded = Number((await db.query<{ points: number }>('select points from scheme_user where id = $1', [target.id]))[0].points);
      const raceJobs: PostJob[] = Array.from({ length: settings.raceRedemptions }, (_, i) => ({
        path: '/api/device/exchange/hold', headers: device(machines[i % machines.length].key),
        body: { requestId: `bench-race-${i}`, cardNo: target.cardNo, slotNo: 1 + (i % 10) },
      }));
      const race = await postsIn(posts, { origin, clients: settings.raceRedemptions, jobs: raceJobs });
      const won = race.answers.filter((a) => a.status === 200);
      const spent = won.reduce((sum, a) => sum + (a.result as HoldAnswer).points, 0);
      const [after] = await db.query<{ points: number }>('select points from scheme_user where id = $1', [target.id]);
      const books = await api<Reconciliation>(origin, headers, 'GET', svc('Integral', 'GetReconciliation'));
      const raceResult = {
        sent: settings.raceRedemptions, affordable: Math.floor(funded / PRICE), won: won.length,
        refusedForPoints: race.answers.filter((a) => a.status === 400).length,
        otherFailures: race.answers.filter((a) => a.status !== 200 && a.status !== 400).length,
        // Points held beyond what the household had, or a balance that does not add up after the race.
        doubleSpends: Math.max(0, spent - funded) + (Number(after.points) === funded - spent ? 0 : 1),
        negativeBalances: books.negativeBalances,
        perSecond: race.perSecond,
      };

      const runs: number[] = [];
      let last: Reconciliation = books;
      for (let i = 0; i < 5; i += 1) {
        const started = performance.now();
        last = await api<Reconciliation>(origin, headers, 'GET', svc('Integral', 'GetReconciliation'));
        runs.push(performance.now() - started);
      }
      return {
        db: kind, version: await databaseVersion(db), seed, analyses, ledger, postings, machines: machineRun, race: raceResult,
        reconciliation: { ms: round(median(runs), 1), postings: last.postings, balanced: isBalanced(last) },
      };
    } finally {
      await posts.terminate();
    }
  });
}


