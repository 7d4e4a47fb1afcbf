import { parseZonedInstant, type Clock } from '../../src/shared/time';

/**
 * A clock a test moves: it runs with real time, shifted to wherever the test put it (just before a China midnight,
 * say), so timeouts and waits still pass as they do on the wall.
 */
export class TestClock implements Clock {
  private shift = 0;

  now(): number {
    return Date.now() + this.shift;
  }

  /** From now on the clock reads `instant` (ISO 8601 with an offset) plus the time passed since. */
  travelTo(instant: string): void {
    const target = parseZonedInstant(instant);
    if (target === null) throw new Error(`not an instant with an offset: ${instant}`);
    this.shift = target - Date.now();
  }

  /** Back to the wall clock. */
  reset(): void {
    this.shift = 0;
  }
}
