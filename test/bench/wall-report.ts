import { formatTable, type Cell } from './table';
import type { WallResult } from './wall';

type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

/** Targets the wall is held to: update-to-paint p95, and the heap's growth once warm. */
const UPDATE_P95_TARGET_MS = 100;
const HEAP_SLOPE_TARGET_MB_PER_HOUR = 1;

export function printWall(outcome: Outcome<WallResult>): void {
  if (!outcome.ok) return console.log(`\nWall display: not measured (${outcome.error.split('\n')[0]})`);
  const { firstPaintMs: fp, updateToPaintMs: up, soak, chunks } = outcome.value;
  const rows: Cell[][] = [
    ['first paint: navigation → every chart drawn', fp.count, fp.p50, fp.p95, fp.max],
    ['update-to-paint: hub message → first frame holding its events', up.count, up.p50, up.p95, up.max],
  ];
  console.log(formatTable('Wall display /bigscreen in headless Chromium, 1920 × 1080, simulator running, ms', ['measure', 'n', 'p50', 'p95', 'max'], rows));
  console.log(`update-to-paint p95 ${up.p95} ms (target ≤ ${UPDATE_P95_TARGET_MS} ms: ${up.p95 <= UPDATE_P95_TARGET_MS ? 'MET' : 'MISSED'}); ` +
    `${up.messages} hub messages, ${up.unpainted} not on screen within a second`);
  const soakRows: Cell[][] = soak.samples.map((s) => [s.minute, s.heapMb, s.nodes]);
  console.log(formatTable(`Wall soak: ${soak.minutes} minutes, JS heap after a forced GC and DOM nodes`, ['minute', 'heap MB', 'DOM nodes'], soakRows));
  const slope = soak.heapSlopeMbPerHour;
  console.log(`heap slope after ${soak.warmUpMinutes} minutes of warm-up ${slope ?? '—'} MB/h (target ≤ ${HEAP_SLOPE_TARGET_MB_PER_HOUR}: ${slope !== null && slope <= HEAP_SLOPE_TARGET_MB_PER_HOUR ? 'MET' : 'MISSED'}); ` +
    `DOM nodes ${soak.nodesSlopePerHour ?? '—'} per hour`);
  console.log(formatTable('What the screen downloads beyond the initial page (gzip level 9)', ['file', 'gzip KB'], chunks.files.map((f) => [f.file, f.gzipKb])));
  console.log(`screen chunks ${chunks.gzipKb} KB gzip`);
}
