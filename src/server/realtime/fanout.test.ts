// Cross-instance delivery through the real Redis on 127.0.0.1:6379: two Fastify
// apps in this process stand in for two server instances.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import type { HubConnection } from '@microsoft/signalr';
import { registerHub } from './index';
import { sleep, waitFor } from '../../../test/support/wait';
import { ClientPool, recordEvents, startHubApp, type TestHubApp } from './test-support';

const REDIS_URL = 'redis://127.0.0.1:6379';
const prefix = `hub-test-${process.pid}-${randomUUID()}`;
const pool = new ClientPool();

let a: TestHubApp;
let b: TestHubApp;
let isolated: TestHubApp;

beforeAll(async () => {
  [a, b, isolated] = await Promise.all([
    startHubApp({ redisUrl: REDIS_URL, channelPrefix: prefix }),
    startHubApp({ redisUrl: REDIS_URL, channelPrefix: prefix }),
    startHubApp({ redisUrl: REDIS_URL, channelPrefix: `${prefix}-other` }),
  ]);
  for (const srv of [a, b]) {
    srv.hub.addMethod('Join', (ctx, group) => srv.hub.addToGroup(ctx.connectionId, String(group)));
  }
});

afterAll(async () => {
  await pool.stopAll();
  await Promise.all([a, b, isolated].filter(Boolean).map((srv) => srv.close()));
});

describe('Redis fan-out across two instances', () => {
  let aliceOnA: HubConnection;
  let aliceOnB: HubConnection;
  let bobOnB: HubConnection;
  let carolOnB: HubConnection;
  let aliceElsewhere: HubConnection;
  const inbox = new Map<HubConnection, unknown[][]>();
  const got = (c: HubConnection, prefixOf: string) =>
    (inbox.get(c) ?? []).map((args) => String(args[0])).filter((m) => m.startsWith(prefixOf));

  beforeAll(async () => {
    [aliceOnA, aliceOnB, bobOnB, carolOnB, aliceElsewhere] = await Promise.all([
      pool.connect(a.url, 'tok-alice'),
      pool.connect(b.url, 'tok-alice'),
      pool.connect(b.url, 'tok-bob'),
      pool.connect(b.url, 'tok-carol'),
      pool.connect(isolated.url, 'tok-alice'),
    ]);
    for (const c of [aliceOnA, aliceOnB, bobOnB, carolOnB, aliceElsewhere]) inbox.set(c, recordEvents(c, 'ReceiveMessage'));
  });

  /**
   * Makes "exactly once" checkable without sleeping: a broadcast from A then one
   * from B. B sends only after A's broadcast reached it, and Redis keeps channel
   * order, so once B's broadcast is everywhere any duplicate of earlier messages
   * (including A's own echo) would already have arrived.
   */
  async function settle(label: string): Promise<void> {
    const everyone = [aliceOnA, aliceOnB, bobOnB, carolOnB];
    await a.hub.sendToAll('ReceiveMessage', `sync:${label}:a`);
    await waitFor('first sentinel', () => everyone.every((c) => got(c, `sync:${label}:a`).length > 0), 3000);
    await b.hub.sendToAll('ReceiveMessage', `sync:${label}:b`);
    await waitFor('second sentinel', () => everyone.every((c) => got(c, `sync:${label}:b`).length > 0), 3000);
  }

  it('delivers sendToUser from A to the user on both instances exactly once, and to nobody else', async () => {
    await a.hub.sendToUser(1, 1, 'ReceiveMessage', 'user:alice');
    await settle('user');
    expect(got(aliceOnA, 'user:')).toEqual(['user:alice']);
    expect(got(aliceOnB, 'user:')).toEqual(['user:alice']);
    expect(got(bobOnB, 'user:')).toEqual([]);
    expect(got(carolOnB, 'user:')).toEqual([]); // same userId, other tenant
    expect(got(aliceElsewhere, 'user:')).toEqual([]); // other channel prefix
  });

  it('delivers sendToTenant exactly once in both directions', async () => {
    await a.hub.sendToTenant(1, 'ReceiveMessage', 'tenant:from-a');
    await b.hub.sendToTenant(1, 'ReceiveMessage', 'tenant:from-b');
    await b.hub.sendToTenant(2, 'ReceiveMessage', 'tenant:two');
    await settle('tenant');
    for (const c of [aliceOnA, aliceOnB, bobOnB]) expect(got(c, 'tenant:').sort()).toEqual(['tenant:from-a', 'tenant:from-b']);
    expect(got(carolOnB, 'tenant:')).toEqual(['tenant:two']);
    expect(got(aliceElsewhere, 'tenant:')).toEqual([]);
  });

  it('delivers to a group joined on the other instance', async () => {
    await carolOnB.invoke('Join', 'depot-3');
    await a.hub.sendToGroup('depot-3', 'ReceiveMessage', 'group:depot-3');
    await settle('group');
    expect(got(carolOnB, 'group:')).toEqual(['group:depot-3']);
    for (const c of [aliceOnA, aliceOnB, bobOnB]) expect(got(c, 'group:')).toEqual([]);
  });

  it('resubscribes after Redis drops the subscriber connections', async () => {
    const admin = new Redis(REDIS_URL);
    try {
      const clients = String(await admin.client('LIST'));
      const ids = clients
        .split('\n')
        .filter((line) => line.includes(` name=${prefix}:sub `))
        .map((line) => /\bid=(\d+)/.exec(line)?.[1])
        .filter((id): id is string => id !== undefined);
      expect(ids).toHaveLength(2);
      for (const id of ids) await admin.client('KILL', 'ID', id);
    } finally {
      await admin.quit();
    }
    // Keep publishing until one gets through: ioredis reconnects with back-off.
    const deadline = Date.now() + 5000;
    for (let n = 0; got(aliceOnB, 'recover:').length === 0; n++) {
      if (Date.now() > deadline) throw new Error('B never received from A after the subscriber was killed');
      await a.hub.sendToUser(1, 1, 'ReceiveMessage', `recover:${n}`);
      await sleep(50);
    }
  });

  it('keeps presence local to each instance', () => {
    expect(a.hub.isUserOnline(1, 2)).toBe(false);
    expect(b.hub.isUserOnline(1, 2)).toBe(true);
  });
});

describe('Redis connection failure', () => {
  it('makes registerHub reject instead of hanging', async () => {
    const app = Fastify({ logger: false });
    try {
      await expect(
        registerHub(app, {
          path: '/chatmsg',
          authenticate: async () => null,
          decryptEncToken: () => null,
          redisUrl: 'redis://127.0.0.1:1',
          channelPrefix: prefix,
        }),
      ).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await app.close();
    }
  });
});
