// Client memory with a long-running live log: the worker feeds the real store 100,000 events and reports heap after
// collection. Its own process, so --expose-gc and a clean heap do not depend on what else the bench ran.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

export interface LiveMemoryResult {
  events: number;
  batch: number;
  storeMb: { empty: number; checkpoints: Array<{ events: number; heapMb: number; window: number }> };
  /** The same events simply kept: what an unbounded log would weigh. */
  unboundedMb: number;
  window: number;
  lastSeq: number | null;
  stats: { received: number; duplicates: number; evicted: number };
  feedMsPerEvent: number;
  selectorMsPerBatch: number;
  views: { storages: number; openWarnings: number };
}

export const DEFAULT_LIVE_MEMORY = { events: 100_000, batch: 20 };

export async function benchLiveMemory(settings = DEFAULT_LIVE_MEMORY): Promise<LiveMemoryResult> {
  const worker = path.join(__dirname, 'live-memory-worker.ts');
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', worker, String(settings.events), String(settings.batch)], {
    cwd: path.resolve(__dirname, '../..'), maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout) as LiveMemoryResult;
}
