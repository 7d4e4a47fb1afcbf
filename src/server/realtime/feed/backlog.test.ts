import { Backlog } from './backlog';
import { prepared, reading, warning } from './test-support';

const frameOf = (backlog: Backlog) => {
  const { after, upTo, events } = backlog.frame();
  return { after, upTo, seqs: events.map((e) => e.seq) };
};

describe('connection backlog', () => {
  it('keeps the latest event per key and every unkeyed one, in seq order', () => {
    const backlog = new Backlog(10, 10, 100);
    backlog.add(prepared(reading(11, 1), warning(12), reading(13, 2)), 13);
    backlog.add(prepared(reading(14, 1), reading(15, 2), warning(16)), 16);
    expect(frameOf(backlog)).toEqual({ after: 10, upTo: 16, seqs: [12, 14, 15, 16] });
    expect(backlog.size).toBe(4);
  });

  it('stays bounded however long the client lags: readings of the same devices take no more room', () => {
    const backlog = new Backlog(0, 0, 100);
    for (let seq = 1; seq <= 10_000; seq += 1) backlog.add(prepared(reading(seq, seq % 5)), seq);
    expect(backlog.size).toBe(5);
    expect(frameOf(backlog).seqs).toEqual([9996, 9997, 9998, 9999, 10000]);
  });

  it('replaces more unkeyed events than it may hold by a declared gap: after moves up, the client catches up', () => {
    const backlog = new Backlog(10, 10, 3);
    backlog.add(prepared(warning(11), warning(12), reading(13, 1)), 13);
    backlog.add(prepared(warning(14), warning(15)), 15);
    expect(frameOf(backlog)).toEqual({ after: 15, upTo: 15, seqs: [] });
    backlog.add(prepared(warning(16)), 16);
    expect(frameOf(backlog)).toEqual({ after: 15, upTo: 16, seqs: [16] });
  });

  it('drops what a hole given up covers, so the frame does not claim it', () => {
    const backlog = new Backlog(10, 10, 100);
    backlog.add(prepared(warning(11), warning(13)), 13);
    backlog.declareGap(12);
    expect(frameOf(backlog)).toEqual({ after: 12, upTo: 13, seqs: [13] });
  });
});
