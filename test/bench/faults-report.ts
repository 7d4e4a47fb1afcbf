import type { FaultsResult, WriteTally } from './faults';
import { formatTable, type Cell } from './table';

const round1 = (n: number) => Math.round(n * 10) / 10;

const statuses = (counts: Record<string, number>) =>
  Object.entries(counts).map(([status, n]) => `${status === '0' ? 'no answer' : status}×${n}`).join(' ');

const writes = (t: WriteTally): Cell[] => [t.attempted, t.acknowledged, statuses(t.statuses), t.lost];

export function printFaults(result: FaultsResult): void {
  const { malformed, dbRestart, pgliteKill, rollingRestart, lockout, points } = result;
  if (!malformed.ok) console.log(`\nMalformed payloads: not measured (${malformed.error.split('\n')[0]})`);
  else {
    const m = malformed.value;
    console.log(formatTable('Malformed payloads to every write method (POST/PUT/DELETE app services, as an admin, PGlite)',
      ['write methods', 'bodies each', 'queries each DELETE', 'requests', 'answers', 'of the 500s user-friendly', 'internal errors (target 0)'],
      [[m.writeMethods, m.bodies.length, m.queries.length, m.requests, statuses(m.statuses), m.userFriendly ?? 0, m.fiveHundreds]]));
    for (const line of m.failing.slice(0, 40)) console.log(`  internal error: ${line}`);
    if (m.failing.length > 40) console.log(`  … ${m.failing.length - 40} more in results.json`);
  }

  const rows: Cell[][] = [];
  if (dbRestart.ok) {
    const d = dbRestart.value;
    rows.push([`PostgreSQL: ${d.sessionsEnded} sessions ended`, d.processAlive ? 'yes' : 'NO', d.recoveryMs ?? 'never', ...writes(d.writes)]);
  } else console.log(`\nPostgreSQL sessions ended: not measured (${dbRestart.error.split('\n')[0]})`);
  if (pgliteKill.ok) {
    const k = pgliteKill.value;
    const restarted = k.rounds.filter((r) => r.restarted).length;
    rows.push([`PGlite: kill -9 ×${k.rounds.length}`, `restarted ${restarted}/${k.rounds.length}`,
      k.rounds.map((r) => r.restartMs ?? 'failed').join('/'), ...writes(k.writes)]);
  } else console.log(`\nPGlite kill -9: not measured (${pgliteKill.error.split('\n')[0]})`);
  if (rows.length) {
    console.log(formatTable('Database faults under concurrent writes (EnterpriseInformation/Create as tenant 1 admin)',
      ['fault', 'process alive', 'recovery ms', 'writes', 'acknowledged', 'answers', 'acknowledged lost (target 0)'], rows));
  }

  if (rollingRestart.ok) {
    const r = rollingRestart.value;
    console.log(formatTable('Hub clients (@microsoft/signalr, default automatic reconnect) through SIGTERM and a new process on the same port',
      ['clients', 'connected', 'stop ms', 'new process answers ms', `back within ${r.windowMs / 1000} s`, 'gave up', 'back p50 ms', 'back max ms'],
      [[r.clients, r.connected, r.stopMs, r.restartMs, r.reconnected, r.gaveUp, r.reconnectMs.p50, r.reconnectMs.max]]));
  } else console.log(`\nRolling restart: not measured (${rollingRestart.error.split('\n')[0]})`);

  if (lockout.ok) {
    const l = lockout.value;
    console.log(formatTable('Concurrent wrong-password guesses for one user', ['guesses', 'checked (target ≤ 5)', 'refused as locked out', 'other'],
      [[l.guesses, l.checked, l.lockedOut, statuses(l.other) || '-']]));
  } else console.log(`\nLock-out: not measured (${lockout.error.split('\n')[0]})`);

  if (points.ok) {
    const p = points.value;
    const d = p.doubleSpends;
    const r = p.reconciliation;
    console.log(formatTable(`Points ledger and redemptions over HTTP for ${round1(p.runMs / 1000)} s (8 clerks adjusting, 4 machines holding and settling, retries with the same request id) through ${p.redisKills} Redis kills and ${p.sessionsEnded} PostgreSQL sessions ended`,
      ['acknowledged adjustments / holds / settles', 'retried (extra tries)', 'refused (400)', 'never acknowledged', 'lost (target 0)', 'double spends (target 0)', 'reconciliation'],
      [[`${p.acknowledged.adjustments} / ${p.acknowledged.holds} / ${p.acknowledged.settles}`, `${p.retried.requests} (${p.retried.extraTries})`, p.refused,
        statuses(p.unacknowledged) || '-', p.lost,
        `${d.repeatedRequestIds + d.holdsEndedTwice + d.negativeBalances + d.itemsOff} (ids ${d.repeatedRequestIds}, holds ${d.holdsEndedTwice}, below zero ${d.negativeBalances}, items ${d.itemsOff})`,
        `households off ${r.householdsOff}, accounts off ${r.accountsOff}, unbalanced ${r.unbalancedPostings}, books ${r.booksTotal} over ${r.postings} postings`]]));
  } else console.log(`\nPoints through faults: not measured (${points.error.split('\n')[0]})`);
}
