import type { WeightPoint } from '../../realtime/liveSelectors';
import { instantOf } from '../../time/display';
import type { WeightSample } from './types';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The chart's points, [epoch ms, kg] ascending (times without an offset are wall times of `zone`, the tenant's): the 24 hours read over REST, extended by the live storage.weight
 * points newer than the seq the REST read was tagged with (older ones are already in it), cut to the last 24 hours.
 * Two points at the same instant keep the later-listed (live) one.
 */
export function chartPoints(
  series: readonly WeightSample[], live: readonly WeightPoint[], loadedSeq: number, now: number, zone: string, windowMs = DAY_MS,
): [number, number][] {
  const byTime = new Map<number, number>();
  const add = (at: string, weight: number) => {
    const time = instantOf(at, zone);
    if (time === null || !Number.isFinite(weight) || time < now - windowMs) return;
    byTime.set(time, weight);
  };
  for (const sample of series) add(sample.at, sample.weight);
  for (const point of live) if (point.seq > loadedSeq) add(point.at, point.weight);
  return [...byTime.entries()].sort((a, b) => a[0] - b[0]);
}
