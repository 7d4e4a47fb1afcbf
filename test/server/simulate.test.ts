// `npm run simulate` in-process against a test server: it logs in, makes its devices and the scheme's world, drives
// them until stopped, sends what it buffered and reports counts that match what the server stored.
import { runSimulator } from '../../src/server/cli/simulate';
import { readOptions } from '../../src/server/cli/simulator/options';
import { useTestServer } from '../support/server-harness';

const server = useTestServer();

async function simulate(args: string[], ms: number): Promise<{ log: string[]; stats: Awaited<ReturnType<typeof runSimulator>> }> {
  const options = readOptions(['--url', server.baseUrl, '--seed', '7', ...args])!;
  const log: string[] = [];
  const stop = new AbortController();
  const running = runSimulator(options, stop.signal, (line) => log.push(line));
  // Preparing the world takes its own time: the run is timed from the first "Driving" line.
  const until = Date.now() + 30_000;
  while (!log.some((line) => line.startsWith('Driving')) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, ms));
  stop.abort();
  return { log, stats: await running };
}

const simDevices = async () => (await server.db.query<{ n: number }>(
  `select count(*)::int as n from smart_equipment where serial_number like 'SIM-%' and not is_deleted`))[0].n;
const simReadings = async () => (await server.db.query<{ n: number }>(
  `select count(*)::int as n from telemetry_reading r join smart_equipment d on d.id = r.smartequipment_id where d.serial_number like 'SIM-%'`))[0].n;

// The tenant's seeded SIM devices, and two more the first run makes.
let wanted: number;

test('drives devices and households until stopped, and its counts are what the server stored', async () => {
  wanted = (await simDevices()) + 2;
  const readingsBefore = await simReadings();
  const { log, stats } = await simulate(['--devices', String(wanted), '--rate', '2', '--batch', '5', '--households', '2', '--dropoffs', '120'], 3000);
  expect(log[0]).toBe(`Logged in to ${server.baseUrl} as admin (tenant Default).`);
  expect(log).toContainEqual(expect.stringMatching(/^Created 2 devices \(SIM-\d{4} …\)\.$/));
  expect(await simDevices()).toBe(wanted);
  expect(log).toContain(`Driving ${wanted} devices at 2 reading/s each (${(wanted * 2).toFixed(1)}/s), batches of 5; Ctrl-C stops.`);
  expect(log).toContain('Driving 2 households at 120 drop-offs/min each, 2 exchange machines; Ctrl-C stops.');
  expect(log[log.length - 1]).toBe('Stopped.');

  // Every reading sent was accepted and stored, and the last report says so.
  expect(stats.devices.errors).toBe(0);
  expect(stats.devices.sent).toBeGreaterThanOrEqual(30);
  expect(stats.devices.accepted).toBe(stats.devices.sent);
  expect(await simReadings()).toBe(readingsBefore + stats.devices.accepted);
  expect(log.some((line) => line.includes(`accepted ${stats.devices.accepted} `))).toBe(true);

  expect(stats.scheme.errors).toBe(0);
  expect(stats.scheme.dropOffs).toBeGreaterThanOrEqual(2);
  const [records] = await server.db.query<{ n: number }>(
    `select count(*)::int as n from recycling_record r join scheme_user h on h.id = r.household_id where h.card_no like 'SIMH%'`);
  expect(records.n).toBe(stats.scheme.dropOffs);
}, 60_000);

test('a second run drives the devices the first one made', async () => {
  const before = await simReadings();
  const { log, stats } = await simulate(['--devices', String(wanted), '--rate', '2'], 1000);
  expect(log.some((line) => line.startsWith('Created'))).toBe(false);
  expect(stats.devices.errors).toBe(0);
  expect(await simReadings()).toBe(before + stats.devices.accepted);
  expect(stats.devices.accepted).toBeGreaterThan(0);
  expect(await simDevices()).toBe(wanted);
}, 60_000);
