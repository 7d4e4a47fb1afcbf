// The live feed through the hub, with official SignalR clients: streams a connection subscribes to (within what its
// user may see), frames that chain into contiguous ranges, conflation, a slow client's bounded backlog, and frames
// across two instances sharing Redis.
import { randomBytes } from 'node:crypto';
import type { HubConnection } from '@microsoft/signalr';
import { FRAME_TARGET, SUBSCRIBE_METHOD, UNSUBSCRIBE_METHOD, type LiveFrame, type LiveStream } from '../../shared/live/events';
import type { AddressedEvent } from './feed/event';
import { liveEvent, reading, warning } from './feed/test-support';
import type { HubUser } from './hub';
import { sleep, waitFor } from '../../../test/support/wait';
import { negotiatedSocketUrl, trackResources, type TestHubApp } from './test-support';

const FEED_USERS: Record<string, HubUser> = {
  'tok-supervisor': { userId: 1, tenantId: 1, audience: { topics: ['monitoring', 'chat'], enterpriseIds: null } },
  'tok-linked': { userId: 2, tenantId: 1, audience: { topics: ['monitoring'], enterpriseIds: [5] } },
  'tok-clerk': { userId: 3, tenantId: 1, audience: { topics: ['transfer'], enterpriseIds: null } },
};
const authenticate = async (token: string) => FEED_USERS[token] ?? null;
const TENANT = 1;

const resources = trackResources();
afterAll(() => resources.closeAll());

async function connect(server: TestHubApp, token: string, streams: LiveStream[] = []): Promise<{ connection: HubConnection; frames: LiveFrame[] }> {
  const connection = resources.pool.build(server.url, { accessTokenFactory: () => token });
  const frames: LiveFrame[] = [];
  connection.on(FRAME_TARGET, (frame: LiveFrame) => frames.push(frame));
  await connection.start();
  if (streams.length > 0) await connection.invoke(SUBSCRIBE_METHOD, streams);
  return { connection, frames };
}

const seqsOf = (frames: LiveFrame[]) => frames.flatMap((f) => f.events.map((e) => e.seq));
const lastUpTo = (frames: LiveFrame[]) => frames[frames.length - 1]?.upTo ?? 0;

/** Frames chain when each starts where the one before ended, and carry only seqs within their range, ascending. */
function expectChained(frames: LiveFrame[], from: number): void {
  let upTo = from;
  for (const frame of frames) {
    expect(frame.after).toBe(upTo);
    const seqs = frame.events.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    for (const seq of seqs) expect(seq > frame.after && seq <= frame.upTo).toBe(true);
    upTo = frame.upTo;
  }
}

describe('live feed on one instance', () => {
  let server: TestHubApp;
  beforeAll(async () => {
    server = await resources.app({ authenticate, feed: { settleMs: 0 } });
  });

  it('refuses a stream beyond the user\'s permissions, naming it, and answers a subscription with the streams held', async () => {
    const { connection } = await connect(server, 'tok-clerk');
    await expect(connection.invoke(SUBSCRIBE_METHOD, ['transfer', 'warnings'])).rejects.toThrow(/HubException: The live stream 'warnings' is not allowed/);
    await expect(connection.invoke(SUBSCRIBE_METHOD, ['gossip'])).rejects.toThrow(/Unknown live stream 'gossip'/);
    expect(await connection.invoke(SUBSCRIBE_METHOD, ['transfer'])).toEqual(['transfer']);
    expect(await connection.invoke(UNSUBSCRIBE_METHOD, ['transfer'])).toEqual([]);
  });

  it('delivers only the streams subscribed (and what is addressed to the user), in frames that chain', async () => {
    const [quiet, warnings, everything] = await Promise.all([
      connect(server, 'tok-supervisor'), connect(server, 'tok-supervisor', ['warnings']), connect(server, 'tok-supervisor', ['warnings', 'readings', 'devices']),
    ]);
    await server.hub.publishEvents(TENANT, [warning(1), reading(2, 7), liveEvent(3, 'chat.message', {}, { userIds: [1] }), liveEvent(4, 'device.state', { deviceId: 7 })]);
    await server.hub.publishEvents(TENANT, [liveEvent(5, 'transfer.changed'), warning(6)]);
    await waitFor('frames', () => lastUpTo(everything.frames) === 6 && lastUpTo(warnings.frames) === 6 && lastUpTo(quiet.frames) >= 3, 3000);
    expect(seqsOf(quiet.frames)).toEqual([3]);
    expect(seqsOf(warnings.frames)).toEqual([1, 3, 6]);
    expect(seqsOf(everything.frames)).toEqual([1, 2, 3, 4, 6]);
    for (const { frames } of [warnings, everything]) expectChained(frames, 0);
  });

  it('puts events that reach the hub out of order back in seq order, and keeps the latest reading per device', async () => {
    const { frames } = await connect(server, 'tok-supervisor', ['warnings', 'readings']);
    await server.hub.publishEvents(TENANT, [reading(9, 7, 90), warning(10)]);
    await server.hub.publishEvents(TENANT, [reading(7, 7, 70), reading(8, 8, 80)]);
    await waitFor('frames', () => lastUpTo(frames) === 10, 3000);
    expectChained(frames, 6);
    expect(seqsOf(frames)).toEqual([8, 9, 10]);
    expect(frames.flatMap((f) => f.events).find((e) => e.seq === 9)?.payload).toEqual({ deviceId: 7, weight: 90 });
  });

  it('scopes frames by enterprise as the user\'s links do', async () => {
    const { frames } = await connect(server, 'tok-linked', ['warnings']);
    await server.hub.publishEvents(TENANT, [liveEvent(11, 'warning.raised', {}, { enterpriseIds: [4] }), liveEvent(12, 'warning.raised', {}, { enterpriseIds: [5] })]);
    await waitFor('frames', () => lastUpTo(frames) === 12, 3000);
    expect(seqsOf(frames)).toEqual([12]);
  });
});

describe('a slow client', () => {
  it('gets no frame while its socket is backed up, then the latest state and a declared gap instead of the queue', async () => {
    const server = await resources.app({ authenticate, feed: { settleMs: 0, maxBufferedBytes: 64 * 1024, maxBacklogEvents: 20 } });
    const raw = await resources.raw(await negotiatedSocketUrl(server, 'tok-supervisor'), { authorization: 'Bearer tok-supervisor' });
    await raw.handshake();
    raw.send({ type: 1, invocationId: '1', target: SUBSCRIBE_METHOD, arguments: [['readings', 'warnings']] });
    await waitFor('subscription', () => raw.messages().some((m) => m.invocationId === '1'), 3000);
    // The client stops reading: its kernel buffers fill, then the server's socket backs up.
    raw.socket.pause();
    const bulky = 'x'.repeat(250_000);
    let seq = 0;
    const events: AddressedEvent[] = [];
    for (let round = 0; round < 40; round += 1) {
      const batch = [reading(++seq, 1, seq), reading(++seq, 2, seq), liveEvent(++seq, 'warning.raised', { note: bulky })];
      events.push(...batch);
      await server.hub.publishEvents(TENANT, batch);
      await sleep(60);
    }
    const last = [reading(++seq, 1, seq), reading(++seq, 2, seq)];
    await server.hub.publishEvents(TENANT, last);
    await sleep(200);
    raw.socket.resume();
    const framesOf = () => raw.messages().filter((m) => m.target === FRAME_TARGET).map((m) => (m.arguments as [LiveFrame])[0]);
    await waitFor('the backlog to settle', () => lastUpTo(framesOf()) === seq, 5000);
    const frames = framesOf();
    // Every frame starts at or above the end of the one before: the ones above declare a gap the client catches up.
    frames.forEach((frame, i) => expect(frame.after).toBeGreaterThanOrEqual(i === 0 ? 0 : frames[i - 1].upTo));
    expect(frames.some((frame, i) => i > 0 && frame.after > frames[i - 1].upTo)).toBe(true);
    const received = seqsOf(frames);
    expect(received.length).toBeLessThan(events.length);
    // It ends on the latest reading of each device.
    expect(frames[frames.length - 1].events.map((e) => e.seq)).toEqual(expect.arrayContaining(last.map((e) => e.seq)));
  });
});

describe('two instances sharing Redis', () => {
  it('a client of B gets every event of the tenant, written on A or B in any order, in chained frames', async () => {
    const channelPrefix = `feed-${randomBytes(4).toString('hex')}`;
    const options = { authenticate, redisUrl: 'redis://127.0.0.1:6379', channelPrefix, feed: { settleMs: 0 } };
    const [a, b] = [await resources.app(options), await resources.app(options)];
    const { frames } = await connect(b, 'tok-supervisor', ['warnings']);
    await a.hub.publishEvents(TENANT, [warning(2), warning(4)]);
    await b.hub.publishEvents(TENANT, [warning(1), warning(3)]);
    await a.hub.publishEvents(TENANT, [warning(5)]);
    await waitFor('frames on B', () => lastUpTo(frames) === 5, 3000);
    await sleep(150);
    expectChained(frames, frames[0].after);
    expect(seqsOf(frames)).toEqual([1, 2, 3, 4, 5]);
  });
});
