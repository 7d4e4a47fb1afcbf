import { startFrameTimer } from './frame-timer';

describe('frame timer', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** When each flush ran, relative to the timer's start, for flushes taking `durations` ms and sending `writes` frames. */
  function flushTimes(durations: number[], writes: number[], runMs: number): number[] {
    let clock = 0;
    const flushedAt: number[] = [];
    const started = Date.now();
    const timer = startFrameTimer(() => {
      flushedAt.push(Date.now() - started);
      const i = flushedAt.length - 1;
      clock += durations[i] ?? 5;
      return writes[i] ?? 10;
    }, { minMs: 50, maxMs: 100, writesPerSecond: 10_000 }, () => clock);
    jest.advanceTimersByTime(runMs);
    timer.stop();
    jest.advanceTimersByTime(1000);
    return flushedAt;
  }

  it('flushes every minMs while flushing is cheap, and waits twice a slow flush\'s time, up to maxMs', () => {
    expect(flushTimes([5, 40, 80, 5], [], 50 + 50 + 80 + 100 + 50)).toEqual([50, 100, 180, 280, 330]);
  });

  it('waits until the frames it sent fit the budget of writes a second, up to maxMs', () => {
    // 600 frames at 10,000 a second: 60 ms; 2,000: 200 ms, capped at 100; 100 frames fit in the 50 ms minimum.
    expect(flushTimes([1, 1, 1, 1], [600, 2000, 100, 10], 50 + 60 + 100 + 50 + 50)).toEqual([50, 110, 210, 260, 310]);
  });
});
