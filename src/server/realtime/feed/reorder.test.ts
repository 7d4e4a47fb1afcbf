import { ReorderBuffer } from './reorder';

const at = (seq: number) => ({ seq });
const seqs = (items: Array<{ seq: number }> | undefined) => items?.map((i) => i.seq);

describe('reorder buffer', () => {
  const settings = { holeMs: 1000, settleMs: 100 };

  it('waits for a tenant\'s first events to settle, so an earlier one arriving second is not left behind', () => {
    const buffer = new ReorderBuffer(settings);
    buffer.add(at(11), 0);
    expect(buffer.release(50)).toBeNull();
    buffer.add(at(10), 60);
    expect(buffer.release(100)).toEqual({ events: [at(10), at(11)], upTo: 11, holeUpTo: 0 });
    expect(buffer.releasedUpTo).toBe(11);
  });

  it('releases in seq order and holds what follows a missing seq until it arrives', () => {
    const buffer = new ReorderBuffer(settings);
    buffer.add(at(1), 0);
    expect(seqs(buffer.release(100)?.events)).toEqual([1]);
    buffer.add(at(3), 100);
    buffer.add(at(4), 100);
    expect(buffer.release(200)).toBeNull();
    buffer.add(at(2), 300);
    expect(buffer.release(300)).toEqual({ events: [at(2), at(3), at(4)], upTo: 4, holeUpTo: 0 });
  });

  it('gives a missing seq up after holeMs and reports it, and drops it should it come later', () => {
    const buffer = new ReorderBuffer(settings);
    buffer.add(at(1), 0);
    buffer.release(100);
    buffer.add(at(3), 100);
    expect(buffer.release(1099)).toBeNull();
    expect(buffer.release(1100)).toEqual({ events: [at(3)], upTo: 3, holeUpTo: 2 });
    expect(buffer.add(at(2), 1200)).toBe(false);
    expect(buffer.release(1300)).toBeNull();
  });

  it('drops repeats of an event it holds or released', () => {
    const buffer = new ReorderBuffer(settings);
    expect(buffer.add(at(1), 0)).toBe(true);
    expect(buffer.add(at(1), 0)).toBe(false);
    buffer.release(100);
    expect(buffer.add(at(1), 200)).toBe(false);
  });
});
