// Failed device keys are counted per client address like failed logins: 30 within 15 minutes lock the address for 5,
// on the server's clock. While locked, a key that never worked from the address is refused unchecked (429, ABP
// envelope); the stations and machines whose keys did work from it go on, and other addresses are not affected.
import { expectError, expectSuccess } from '../support/server-fixtures';
import { recyclingWorld } from '../support/recycling-world';
import { unique, useTestServer } from '../support/server-harness';

const server = useTestServer();
const DROP_OFFS = '/api/device/dropoffs';
const READINGS = '/api/device/readings';
let admin: string;
let card: string;
const world = recyclingWorld(server, () => admin);

const drop = () => ({ messageId: unique('m'), cardNo: card, rubbishType2: 12, weight: 1, at: '2026-08-01T09:30:00+08:00' });
const send = (deviceKey: string, address: string) =>
  server.call('POST', DROP_OFFS, { body: { dropOffs: [drop()] }, headers: { 'X-Device-Key': deviceKey, 'X-Forwarded-For': address } });
const guess = () => `wrong-${unique()}`;

/** A new station and its key. */
async function station(): Promise<string> {
  const where = await world.place();
  const created = await world.create('RecyclingStation', { name: unique('站'), serialNumber: unique('ST').replace(/\W/g, '').slice(0, 20), ...where });
  return String(created.deviceKey);
}

/** A distinct client address per test, so tests do not share counters. */
let last = 0;
const address = () => `198.51.100.${++last}`;

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  const where = await world.place();
  card = world.cardNo();
  await world.household(where, { name: '钱多多', cardNo: card });
  await world.create('IntegralRule', { name: unique('塑料'), rubbishType2: 12, mode: 1, points: 5, validFrom: '2026-01-01' });
});
beforeEach(() => server.clock.travelTo('2026-08-01T12:00:00+08:00'));
afterEach(() => server.clock.reset());

async function failFrom(from: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) expectError(await send(guess(), from), 401, true);
}

test('30 wrong keys lock the address: further guesses are refused unchecked, a key that worked there goes on', async () => {
  const [working, unused] = [await station(), await station()];
  const from = address();
  expectSuccess(await send(working, from));
  await failFrom(from, 30);
  const refused = expectError(await send(guess(), from), 429);
  expect(refused.message).toMatch(/5 minutes|5分钟/);
  // The right key of a device never seen from this address is not looked at either: a guess that happened to be
  // right would otherwise tell itself apart from the refused ones.
  expectError(await send(unused, from), 429);
  expectSuccess(await send(working, from));
  expectSuccess(await send(working, from));
});

test('another address is not affected by a locked one', async () => {
  const key = await station();
  const locked = address();
  await failFrom(locked, 30);
  expectError(await send(guess(), locked), 429);
  const other = address();
  expectError(await send(guess(), other), 401, true);
  expectSuccess(await send(key, other));
});

test('the lock lasts 5 minutes of the server\'s clock, then the count starts again', async () => {
  const key = await station();
  const from = address();
  await failFrom(from, 30);
  server.clock.travelTo('2026-08-01T12:04:30+08:00');
  expectError(await send(guess(), from), 429);
  server.clock.travelTo('2026-08-01T12:05:30+08:00');
  expectError(await send(guess(), from), 401, true);
  expectSuccess(await send(key, from));
  await failFrom(from, 29);
  expectError(await send(guess(), from), 429);
});

test('failures older than 15 minutes are forgotten', async () => {
  const from = address();
  await failFrom(from, 29);
  server.clock.travelTo('2026-08-01T12:16:00+08:00');
  await failFrom(from, 29);
  server.clock.travelTo('2026-08-01T12:17:00+08:00');
  expectError(await send(guess(), from), 401, true);
  expectError(await send(guess(), from), 429);
});

test('wrong keys count alike on every device endpoint', async () => {
  const from = address();
  for (let i = 0; i < 15; i++) {
    expectError(await server.call('POST', READINGS, { body: { readings: [] }, headers: { 'X-Device-Key': guess(), 'X-Forwarded-For': from } }), 401, true);
  }
  for (let i = 0; i < 15; i++) {
    expectError(await server.call('POST', '/api/device/exchange/hold', {
      body: { requestId: unique('r'), cardNo: card, slotNo: 1 }, headers: { 'X-Device-Key': guess(), 'X-Forwarded-For': from },
    }), 401, true);
  }
  expectError(await send(guess(), from), 429);
});
