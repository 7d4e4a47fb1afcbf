export interface FrameTimerBounds {
  minMs: number;
  maxMs: number;
}

/**
 * Runs `flush` on one timer for all connections, every `minMs` while flushing is cheap. A flush may take at most a
 * third of the time: the next waits twice as long as the last took, up to `maxMs`, so on a busy machine frames come
 * less often and carry more (conflated) instead of crowding out the writes that make the events.
 */
export function startFrameTimer(flush: () => void, { minMs, maxMs }: FrameTimerBounds, now: () => number = () => performance.now()): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      const started = now();
      try {
        flush();
      } finally {
        schedule(Math.min(maxMs, Math.max(minMs, 2 * (now() - started))));
      }
    }, delay);
    timer.unref();
  };
  schedule(minMs);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
