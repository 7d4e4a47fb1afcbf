import { startFrameTimer } from './frame-timer';

describe('frame timer', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('flushes every minMs while flushing is cheap, and waits twice a slow flush\'s time, up to maxMs', () => {
    let clock = 0;
    const durations = [5, 40, 80, 5];
    const flushedAt: number[] = [];
    const timer = startFrameTimer(() => {
      flushedAt.push(Date.now());
      clock += durations[flushedAt.length - 1] ?? 5;
    }, { minMs: 50, maxMs: 100 }, () => clock);
    jest.advanceTimersByTime(50 + 50 + 80 + 100 + 50);
    timer.stop();
    jest.advanceTimersByTime(1000);
    const start = flushedAt[0] - 50;
    expect(flushedAt.map((t) => t - start)).toEqual([50, 100, 180, 280, 330]);
  });
});
