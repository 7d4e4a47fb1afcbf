import type { LiveLoadResult } from './live-load';
import type { LiveMemoryResult } from './live-memory';
import { round } from './stats';
import { formatTable, type Cell } from './table';

type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

export function printLive(load: Outcome<LiveLoadResult> | undefined, memory: Outcome<LiveMemoryResult> | undefined): void {
  if (load && !load.ok) console.log(`\nLive load: not measured (${load.error.split('\n')[0]})`);
  if (load?.ok) {
    const { ingest, fanout } = load.value;
    console.log(formatTable('Sustained ingest on PostgreSQL (devices posting batches back to back, every rule evaluated)',
      ['readings', 's', 'readings/s', 'post p50 ms', 'post p99 ms', 'errors', 'open warnings after'],
      [[ingest.readings, ingest.seconds, ingest.readingsPerSecond, ingest.requests.p50, ingest.requests.p99, ingest.errors, ingest.warningsOpen]]));
    const rows: Cell[][] = fanout.map((run) => [
      run.machine, run.clients, run.eventsPerSecondOffered, run.eventsPerSecondSent, run.events, run.framesPerClient, run.eventsPerClient,
      run.latency.count, run.latency.p50, run.latency.p99, run.latency.max, run.lost, run.duplicates,
    ]);
    console.log(formatTable('Hub fan-out: ingest post → a frame covering its last event in every client (SignalR JSON over WebSocket, ms; loaded: a second process keeps one core busy)',
      ['machine', 'clients', 'events/s asked', 'events/s made', 'events', 'frames/client', 'events/client', 'samples', 'p50', 'p99', 'max', 'lost', 'repeated'], rows));
    console.log(`${fanout[0]?.clients ?? 0} clients subscribed to ${load.value.streams.join(', ')}, connected in ${load.value.connectSeconds} s; ` +
      fanout.map((run) => `${run.requests} posts (${run.errors} failed) at ${run.eventsPerSecondOffered}/s ${run.machine}`).join(', ') + '.');
  }
  if (memory && !memory.ok) console.log(`\nClient log memory: not measured (${memory.error.split('\n')[0]})`);
  if (memory?.ok) {
    const m = memory.value;
    const rows: Cell[][] = m.storeMb.checkpoints.map((c) => [c.events, round(c.heapMb, 1), c.window]);
    console.log(formatTable(`Client live store fed ${m.events} events in batches of ${m.batch} (heap after GC, MB)`, ['events fed', 'store MB', 'window'], rows));
    console.log(`Same events kept unbounded: ${round(m.unboundedMb, 1)} MB. Feed ${round(m.feedMsPerEvent * 1000, 1)} µs/event; ` +
      `selectors ${round(m.selectorMsPerBatch, 2)} ms per batch; evicted ${m.stats.evicted}, repeats dropped ${m.stats.duplicates}.`);
  }
}
