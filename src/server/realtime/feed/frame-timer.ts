export interface FrameTimerBounds {
  minMs: number;
  maxMs: number;
  /** Socket writes a second the frames may take, all connections together. */
  writesPerSecond: number;
}

/**
 * Runs `flush` (which answers the frames it sent) on one timer for all connections, every `minMs` while flushing is
 * cheap, up to `maxMs` when it is not. A flush may take at most a third of the time: the next waits twice as long as
 * the last took. And frames may take at most `writesPerSecond`: a socket write costs the same whatever it carries, so
 * with many connections the next flush waits until the last one's writes fit the budget. Either way, on a busy hub
 * frames come less often and carry more (conflated) instead of crowding out the writes that make the events.
 */
export function startFrameTimer(flush: () => number, { minMs, maxMs, writesPerSecond }: FrameTimerBounds, now: () => number = () => performance.now()): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      const started = now();
      let sent = 0;
      try {
        sent = flush();
      } finally {
        schedule(Math.min(maxMs, Math.max(minMs, 2 * (now() - started), (sent * 1000) / writesPerSecond)));
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
