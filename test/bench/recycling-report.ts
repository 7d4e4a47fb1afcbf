// The recycling section of the bench's output.
import type { DbKind } from './harness';
import type { RecyclingResult } from './recycling-load';
import { round } from './stats';
import { formatTable, type Cell } from './table';

type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

export function printRecycling(results: Partial<Record<DbKind, Outcome<RecyclingResult>>>): void {
  const measured = Object.values(results).filter((o): o is { ok: true; value: RecyclingResult } => o.ok).map((o) => o.value);
  const seeds: Cell[][] = measured.map(({ db, version, seed }) => [db, version, seed.households, seed.records,
    round(seed.householdsMs / 1000, 1), round(seed.recordsMs / 1000, 1), round(seed.analyzeMs / 1000, 1), seed.recordTableMb]);
  if (seeds.length) {
    console.log(formatTable('Recycling data for tenant 1 (set-based inserts, then vacuum analyze), seconds',
      ['db', 'version', 'households', 'records', 'households s', 'records s', 'analyze s', 'records MB'], seeds));
  }
  const rows: Cell[][] = measured.flatMap(({ db, analyses }) => analyses.flatMap((c) => [c.sequential, c.concurrent].map((p) =>
    [db, c.name, p.clients, p.count, p.p50, p.p95, p.p99, p.requestsPerSecond, p.errors])));
  if (rows.length) {
    console.log(formatTable('Analyses and the records list over HTTP (tenant 1 admin), ms (target p95 ≤ 100 ms on PostgreSQL)',
      ['db', 'call', 'clients', 'n', 'p50', 'p95', 'p99', 'req/s', 'errors'], rows));
  }
  const ledger: Cell[][] = measured.map(({ db, ledger: l, postings: p, machines: m, race: r, reconciliation: rec }) => [
    db, `${l.perSecond}/s p50 ${l.latency.p50} p99 ${l.latency.p99} (${l.clients} transactions at once)`,
    `${p.perSecond}/s p50 ${p.latency.p50} p99 ${p.latency.p99} (${p.clients} clients, ${p.failures} failed, ${p.retriedReplayed}/${p.retried} retries replayed)`,
    `${m.perSecond}/s over ${m.machines} machines (hold p95 ${m.hold.p95}, settle p95 ${m.settle.p95}, ${m.failures} failed)`,
    `${r.won} of ${r.sent} won (${r.affordable} affordable), ${r.refusedForPoints} refused, ${r.otherFailures} other; double spends ${r.doubleSpends}, negative balances ${r.negativeBalances}`,
    `${rec.ms} ms over ${rec.postings} postings (${rec.balanced ? 'balanced' : 'NOT BALANCED'})`,
  ]);
  if (ledger.length) {
    console.log(formatTable('Points ledger: postings (target ≥ 1,000/s, p99 ≤ 50 ms on PostgreSQL), the same over HTTP, redemptions, the race for one household, reconciliation',
      ['db', 'ledger postings', 'adjustments over HTTP', 'redemptions', 'race', 'reconciliation'], ledger));
  }
  for (const [kind, outcome] of Object.entries(results)) {
    if (!outcome.ok) console.log(`\nRecycling ${kind}: not measured (${outcome.error.split('\n')[0]})`);
  }
}
