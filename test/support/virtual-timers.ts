import { delay } from 'redux-saga/effects';
import type { EffectProviders } from 'redux-saga-test-plan/providers';

/** The function behind redux-saga's `delay` effect: the one a test's clock takes the place of. */
const DELAY = delay(0).payload.fn;

/** Lets the sagas run everything a resolved delay or dispatch started, without waiting on any timer. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface VirtualTimers {
  /** Give to `expectSaga(…).provide(…)`: every `delay` of the run waits for this clock instead of the real one. */
  provider: EffectProviders;
  /** Moves the clock on by `ms`: every delay due by then ends, the earliest first. */
  advance(ms: number): Promise<void>;
}

/**
 * A saga's delays on a clock the test moves: a debounce or a grace period is tested by what happens just before and
 * just after it ends, however busy the machine, and no test waits for real time to pass.
 */
export function virtualTimers(): VirtualTimers {
  let now = 0;
  let waiting: { due: number; end: () => void }[] = [];
  return {
    provider: {
      call(effect, next) {
        if (effect.fn !== DELAY) return next();
        return new Promise<void>((end) => waiting.push({ due: now + Number(effect.args[0]), end }));
      },
    },
    async advance(ms) {
      await settle();
      now += ms;
      const due = waiting.filter((w) => w.due <= now).sort((a, b) => a.due - b.due);
      waiting = waiting.filter((w) => w.due > now);
      for (const timer of due) {
        timer.end();
        await settle();
      }
    },
  };
}
