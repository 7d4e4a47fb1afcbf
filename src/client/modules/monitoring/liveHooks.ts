import { useEffect, useRef, useState } from 'react';
import { currentTime } from '../../time/clock';

const FLASH_MS = 1500;

/**
 * Keys whose value changed since the previous render of `values` (not the first time a key appears), each kept for
 * `durationMs`: the cells to highlight after a live update.
 */
export function useChangeFlash(values: ReadonlyMap<number, unknown>, durationMs = FLASH_MS): ReadonlySet<number> {
  const previous = useRef<ReadonlyMap<number, unknown> | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const until = useRef(new Map<number, number>());
  const [flashing, setFlashing] = useState<ReadonlySet<number>>(() => new Set());
  useEffect(() => {
    const before = previous.current;
    previous.current = values;
    if (!before) return;
    const changed = [...values.entries()].filter(([key, value]) => before.has(key) && before.get(key) !== value).map(([key]) => key);
    if (changed.length === 0) return;
    const ends = currentTime() + durationMs;
    for (const key of changed) until.current.set(key, ends);
    setFlashing((current) => new Set([...current, ...changed]));
    // A key changed again meanwhile flashes on until its own later end.
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      const now = currentTime();
      const over = changed.filter((key) => (until.current.get(key) ?? 0) <= now);
      for (const key of over) until.current.delete(key);
      if (over.length) {
        setFlashing((current) => {
          const next = new Set(current);
          for (const key of over) next.delete(key);
          return next;
        });
      }
    }, durationMs);
    timers.current.add(timer);
  }, [values, durationMs]);
  useEffect(() => () => {
    for (const timer of timers.current) clearTimeout(timer);
  }, []);
  return flashing;
}
