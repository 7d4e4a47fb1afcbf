// The transfer bench's console tables; the full figures and query plans go to results.json.
import { round } from './stats';
import { formatTable, type Cell } from './table';
import { DEFAULT_TRANSFER, FILTER, type TransferResult } from './transfer-load';

type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

const seconds = (ms: number) => round(ms / 1000, 1);

export function printTransfer(results: Partial<Record<string, Outcome<TransferResult>>>): void {
  const measured = Object.values(results).filter((o): o is { ok: true; value: TransferResult } => o?.ok === true).map((o) => o.value);
  if (measured.length) {
    console.log(formatTable('Transfer data for tenant 1: set-based inserts after migrate + seed, then vacuum analyze; seconds',
      ['db', 'version', 'orders', 'lines', 'parties etc. s', 'orders s', 'lines s', 'vacuum analyze s', 'total s', 'orders MB', 'lines MB'],
      measured.map(({ db, version, seed }) => [db, version, seed.orders, seed.lines, seconds(seed.referenceMs), seconds(seed.ordersMs),
        seconds(seed.linesMs), seconds(seed.analyzeMs), seconds(seed.totalMs), seed.orderTableMb, seed.lineTableMb])));
    const first = measured[0];
    console.log(`statuses (declare/dispatch/sign): ${Object.entries(first.seed.statuses).map(([s, n]) => `${s} ${n}`).join(', ')}; ` +
      `biggest producers: ${first.seed.bigProducers.map((p) => `#${p.id} ${p.orders}`).join(', ')}`);
  }
  const rows: Cell[][] = [];
  const plans: Cell[][] = [];
  for (const { db, cases } of measured) {
    for (const c of cases) {
      rows.push([db, c.who, c.scenario, `${c.itemsPerPage}/${c.totalCount}`, c.http.count, c.http.p50, c.http.p95, c.bare.p50, c.bare.p95,
        c.ratio.p50, c.ratio.p95, c.http.errors]);
      for (const plan of c.plans) {
        const own = plan.scans.filter((scan) => scan.includes(' on transfer_order t')).map((scan) => scan.replace(' on transfer_order', ''));
        plans.push([db, c.who, c.scenario, plan.query, plan.runMs, plan.explainMs, own.join('; ')]);
      }
    }
  }
  const overview = measured.flatMap(({ db, overview: calls }) => (calls ?? []).map((o): Cell[] => [db, o.who, o.http.count, o.http.p50, o.http.p95, o.http.errors]));
  if (overview.length) {
    console.log(formatTable('BigData/GetOverview over HTTP, 1 client, on the same orders; ms', ['db', 'user', 'n', 'p50', 'p95', 'errors'], overview));
  }
  if (rows.length) {
    console.log(formatTable(`TransferOrder/GetAll over HTTP, 1 client, vs its statements run bare (filter: biggest producer, ` +
      `declareStatus=${FILTER.declareStatus}, planned ${FILTER.plannedDateFrom}…${FILTER.plannedDateTo}); ms`,
    ['db', 'user', 'case', 'items/total', 'n', 'HTTP p50', 'HTTP p95', 'bare p50', 'bare p95', 'ratio p50', 'ratio p95', 'errors'], rows));
    console.log(formatTable('Statements behind each GetAll: median of plain runs, EXPLAIN ANALYZE time and scans of transfer_order (full plans in results.json)',
      ['db', 'user', 'case', 'query', 'run ms', 'explain ms', 'scans of transfer_order'], plans));
    const slow = measured.flatMap(({ db, cases }) => cases.filter((c) => c.overBudget).map((c) => `${db}: ${c.who}, ${c.scenario} (p95 ${c.http.p95} ms)`));
    console.log(slow.length
      ? `first pages over ${DEFAULT_TRANSFER.firstPageBudgetMs} ms p95: ${slow.join('; ')}`
      : `every first page under ${DEFAULT_TRANSFER.firstPageBudgetMs} ms p95`);
  }
  const moves: Cell[][] = [];
  for (const { db, moves: outcome } of measured) {
    if ('error' in outcome) {
      console.log(`\nTransfer moves ${db}: not measured (${outcome.error})`);
      continue;
    }
    for (const phase of [outcome.sequential, outcome.concurrent]) {
      moves.push([db, phase.clients, phase.orders, phase.transitions, phase.elapsedS, phase.transitionsPerSecond,
        phase.dispatch.p50, phase.dispatch.p95, phase.agree.p50, phase.agree.p95, phase.failures]);
    }
  }
  if (moves.length) {
    console.log(formatTable('Transfer moves over HTTP as the admin: dispatch (vehicle + driver) then agree (every line received) per open order',
      ['db', 'clients', 'orders', 'transitions', 's', 'transitions/s', 'dispatch p50', 'dispatch p95', 'agree p50', 'agree p95', 'failures'], moves));
    for (const { db, moves: outcome } of measured) {
      if ('error' in outcome) continue;
      const failure = outcome.sequential.firstFailure ?? outcome.concurrent.firstFailure;
      if (failure) console.log(`${db}: first refused move: ${failure.split('\n')[0]}`);
    }
  }
  for (const [kind, outcome] of Object.entries(results)) {
    if (outcome && !outcome.ok) console.log(`\nTransfer ${kind}: not measured (${outcome.error.split('\n')[0]})`);
  }
}
