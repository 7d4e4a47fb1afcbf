// Closing a user's connections reaches every instance through Redis, tells the clients they may reconnect, and
// leaves everyone else connected (including a user of another tenant with the same id).
import { randomUUID } from 'node:crypto';
import { HubConnectionState, type HubConnection } from '@microsoft/signalr';
import { sleep, waitFor } from '../../../test/support/wait';
import { ClientPool, startHubApp, type TestHubApp } from './test-support';

const REDIS_URL = 'redis://127.0.0.1:6379';
const prefix = `hub-close-test-${process.pid}-${randomUUID()}`;
const pool = new ClientPool();

let a: TestHubApp;
let b: TestHubApp;

beforeAll(async () => {
  [a, b] = await Promise.all([
    startHubApp({ redisUrl: REDIS_URL, channelPrefix: prefix }),
    startHubApp({ redisUrl: REDIS_URL, channelPrefix: prefix }),
  ]);
});

afterAll(async () => {
  await pool.stopAll();
  await Promise.all([a, b].filter(Boolean).map((srv) => srv.close()));
});

/** A client that reconnects when the server allows it, with its reconnects counted. */
async function reconnecting(url: string, token: string): Promise<{ connection: HubConnection; reconnects: () => number }> {
  const connection = pool.build(url, { accessTokenFactory: () => token }, true);
  let count = 0;
  connection.onreconnected(() => count++);
  await connection.start();
  return { connection, reconnects: () => count };
}

test('closes the user\'s connections on both instances with a Close that lets them reconnect', async () => {
  const [aliceOnA, aliceOnB, bobOnB, carolOnA] = await Promise.all([
    reconnecting(a.url, 'tok-alice'), reconnecting(b.url, 'tok-alice'), reconnecting(b.url, 'tok-bob'), reconnecting(a.url, 'tok-carol'),
  ]);
  const before = [aliceOnA.connection.connectionId, aliceOnB.connection.connectionId];

  await a.hub.closeUserConnections(1, 1);
  await waitFor('both of alice\'s connections to reconnect', () => aliceOnA.reconnects() === 1 && aliceOnB.reconnects() === 1, 5000);

  expect([aliceOnA.connection.connectionId, aliceOnB.connection.connectionId]).not.toEqual(before);
  expect(aliceOnA.connection.state).toBe(HubConnectionState.Connected);
  await sleep(200);
  expect(bobOnB.reconnects()).toBe(0);
  expect(carolOnA.reconnects()).toBe(0);
  expect(a.hub.isUserOnline(1, 1) && b.hub.isUserOnline(1, 1)).toBe(true);
});
