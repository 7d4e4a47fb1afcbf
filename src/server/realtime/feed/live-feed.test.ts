import type { FeedAudience } from './event';
import { LiveFeed, StreamRefusedError, type FeedSettings } from './live-feed';
import { FakeOutlet, liveEvent, reading, warning } from './test-support';

const SETTINGS: FeedSettings = { holeMs: 1000, settleMs: 0, maxBufferedBytes: 1000, maxBacklogEvents: 5, idleFrameMs: 500 };
const MONITORING: FeedAudience = { topics: ['monitoring'], enterpriseIds: null };
const TENANT = 1;

function feedWithClock() {
  let now = 0;
  const feed = new LiveFeed(SETTINGS, () => now);
  const connect = (id: string, audience: FeedAudience = MONITORING, userId = 1) => {
    const outlet = new FakeOutlet();
    feed.add(id, TENANT, userId, audience, outlet);
    return outlet;
  };
  /** Answers the frames the flush sent. */
  const tick = (ms = 50) => { now += ms; return feed.flush(); };
  return { feed, connect, tick };
}

describe('live feed', () => {
  it('starts a connection on the events addressed to its user only, then sends just the streams it subscribed to', () => {
    const { feed, connect, tick } = feedWithClock();
    const outlet = connect('c1');
    const other = connect('c2', MONITORING, 2);
    feed.accept(TENANT, [reading(1, 7), liveEvent(2, 'notice.created', {}, { userIds: [1] }), liveEvent(3, 'notice.created', {}, { userIds: [2] })]);
    expect(tick()).toBe(2);
    expect(outlet.frames).toEqual([{ after: 0, upTo: 3, seqs: [2] }]);
    expect(other.frames).toEqual([{ after: 0, upTo: 3, seqs: [3] }]);

    expect(feed.subscribe('c1', ['warnings'])).toEqual(['warnings']);
    feed.accept(TENANT, [reading(4, 7), warning(5), liveEvent(6, 'device.state', { deviceId: 7 })]);
    // The other connection sees nothing of this range and had a frame a moment ago: it gets none.
    expect(tick()).toBe(1);
    expect(outlet.frames[1]).toEqual({ after: 3, upTo: 6, seqs: [5] });

    expect(feed.subscribe('c1', ['readings', 'devices'])).toEqual(['devices', 'readings', 'warnings']);
    expect(feed.unsubscribe('c1', ['warnings'])).toEqual(['devices', 'readings']);
    feed.accept(TENANT, [reading(7, 7), warning(8), liveEvent(9, 'device.state', { deviceId: 7 })]);
    tick();
    expect(outlet.frames[2]).toEqual({ after: 6, upTo: 9, seqs: [7, 9] });
  });

  it('refuses a stream the audience does not allow, naming it, and subscribes none of the list', () => {
    const { feed, connect } = feedWithClock();
    connect('c1');
    expect(() => feed.subscribe('c1', ['warnings', 'transfer'])).toThrow(new StreamRefusedError('transfer'));
    expect(feed.subscribe('c1', [])).toEqual([]);
  });

  it('chains frames: each starts where the connection\'s last one ended, skipping ranges with nothing for it', () => {
    const { feed, connect, tick } = feedWithClock();
    const outlet = connect('c1');
    feed.subscribe('c1', ['warnings']);
    feed.accept(TENANT, [warning(1), reading(2, 7)]);
    tick();
    feed.accept(TENANT, [reading(3, 7)]);
    tick();
    feed.accept(TENANT, [reading(5, 7), warning(6)]);
    tick();
    feed.accept(TENANT, [reading(4, 7)]);
    tick();
    expect(outlet.frames).toEqual([{ after: 0, upTo: 2, seqs: [1] }, { after: 2, upTo: 6, seqs: [6] }]);
  });

  it('brings a connection whose streams were quiet to the tenant\'s latest seq with an empty frame now and then', () => {
    const { feed, connect, tick } = feedWithClock();
    const outlet = connect('c1');
    feed.subscribe('c1', ['warnings']);
    for (let seq = 1; seq <= 12; seq += 1) {
      feed.accept(TENANT, [reading(seq, 7)]);
      tick(100);
    }
    expect(outlet.frames).toEqual([{ after: 0, upTo: 5, seqs: [] }, { after: 5, upTo: 10, seqs: [] }]);
  });

  it('exposes a seq given up as a gap: the next frame starts above it', () => {
    const { feed, connect, tick } = feedWithClock();
    const outlet = connect('c1');
    feed.subscribe('c1', ['warnings']);
    feed.accept(TENANT, [warning(1)]);
    tick();
    feed.accept(TENANT, [warning(3), warning(4)]);
    tick();
    expect(outlet.frames).toHaveLength(1);
    tick(1000);
    expect(outlet.frames[1]).toEqual({ after: 2, upTo: 4, seqs: [3, 4] });
  });

  it('keeps the latest reading, weight and state per key in a frame, every warning', () => {
    const { feed, connect, tick } = feedWithClock();
    const outlet = connect('c1');
    feed.subscribe('c1', ['readings', 'storage', 'warnings']);
    feed.accept(TENANT, [
      reading(1, 7), liveEvent(2, 'storage.weight', { storageId: 3 }), warning(3), reading(4, 8), reading(5, 7),
      liveEvent(6, 'storage.weight', { storageId: 3 }), warning(7),
    ]);
    tick();
    expect(outlet.frames).toEqual([{ after: 0, upTo: 7, seqs: [3, 4, 5, 6, 7] }]);
  });

  it('sends one Buffer to every connection with the same view, and scopes by enterprise', () => {
    const { feed, connect, tick } = feedWithClock();
    const [a, b] = [connect('a', MONITORING, 1), connect('b', MONITORING, 2)];
    const linked = connect('linked', { topics: ['monitoring'], enterpriseIds: [5] }, 3);
    for (const id of ['a', 'b', 'linked']) feed.subscribe(id, ['warnings']);
    feed.accept(TENANT, [liveEvent(1, 'warning.raised', {}, { enterpriseIds: [4] }), liveEvent(2, 'warning.raised', {}, { enterpriseIds: [5] }), warning(3)]);
    tick();
    expect(a.raw[0]).toBe(b.raw[0]);
    expect(a.frames).toEqual([{ after: 0, upTo: 3, seqs: [1, 2, 3] }]);
    expect(linked.frames).toEqual([{ after: 0, upTo: 3, seqs: [2, 3] }]);
  });

  it('holds frames from a slow connection, owing it the latest state per key, and settles in one frame once it drains', () => {
    const { feed, connect, tick } = feedWithClock();
    const slow = connect('slow');
    const quick = connect('quick', MONITORING, 2);
    for (const id of ['slow', 'quick']) feed.subscribe(id, ['readings', 'warnings']);
    slow.bufferedAmount = 5000;
    let seq = 0;
    for (let round = 0; round < 20; round += 1) {
      feed.accept(TENANT, [reading(++seq, 1), reading(++seq, 2)]);
      tick();
    }
    feed.accept(TENANT, [warning(++seq)]);
    tick();
    expect(slow.raw).toHaveLength(0);
    expect(quick.raw).toHaveLength(21);
    slow.bufferedAmount = 0;
    tick();
    expect(slow.frames).toEqual([{ after: 0, upTo: 41, seqs: [39, 40, 41] }]);
  });

  it('replaces a slow connection\'s backlog of unkeyed events beyond the cap with a declared gap', () => {
    const { feed, connect, tick } = feedWithClock();
    const slow = connect('slow');
    feed.subscribe('slow', ['readings', 'warnings']);
    feed.accept(TENANT, [warning(1)]);
    tick();
    slow.bufferedAmount = 5000;
    for (let seq = 2; seq <= 9; seq += 1) {
      feed.accept(TENANT, [warning(seq)]);
      tick();
    }
    feed.accept(TENANT, [reading(10, 1)]);
    tick();
    slow.bufferedAmount = 0;
    tick();
    // Warnings 2-7 overflowed the cap of 5: dropped, the frame starts above them and the client fetches them.
    expect(slow.frames).toEqual([{ after: 0, upTo: 1, seqs: [1] }, { after: 7, upTo: 10, seqs: [8, 9, 10] }]);
  });
});
