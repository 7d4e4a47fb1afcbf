// `npm run simulate` in-process against a test server: it logs in, makes its devices and the scheme's world, drives
// them until stopped, sends what it buffered and reports counts that match what the server stored.
import { runSimulator, simulateCommand } from '../../src/server/cli/simulate';
import { HELP, readOptions } from '../../src/server/cli/simulator/options';
import { waitFor } from '../support/wait';
import { createTenant } from '../support/server-fixtures';
import { useTestServer } from '../support/server-harness';

const server = useTestServer();

/** Runs the simulator until the server has stored `enough` (a busy machine drives slower, it still gets there). */
async function simulate(args: string[], what: string, enough: () => Promise<boolean>): Promise<{ log: string[]; stats: Awaited<ReturnType<typeof runSimulator>> }> {
  const options = readOptions(['--url', server.baseUrl, '--seed', '7', ...args])!;
  const log: string[] = [];
  const stop = new AbortController();
  const running = runSimulator(options, stop.signal, (line) => log.push(line));
  try {
    await waitFor(what, enough, 30_000);
  } finally {
    stop.abort();
  }
  return { log, stats: await running };
}

const count = async (sql: string, params: unknown[] = []) => (await server.db.query<{ n: number }>(sql, params))[0].n;
/** Tenant Default's SIM devices and their readings (another test drives a tenant of its own). */
const simDevices = () => count(`select count(*)::int as n from smart_equipment where tenant_id = 1 and serial_number like 'SIM-%' and not is_deleted`);
const simReadings = () => count(
  `select count(*)::int as n from telemetry_reading r join smart_equipment d on d.id = r.smartequipment_id where d.tenant_id = 1 and d.serial_number like 'SIM-%'`);
const simDropOffs = () => count(
  `select count(*)::int as n from recycling_record r join scheme_user h on h.id = r.household_id where h.card_no like 'SIMH%'`);

// The tenant's seeded SIM devices, and two more the first run makes.
let wanted: number;

test('drives devices and households until stopped, and its counts are what the server stored', async () => {
  wanted = (await simDevices()) + 2;
  const readingsBefore = await simReadings();
  const dropOffsBefore = await simDropOffs();
  const { log, stats } = await simulate(['--devices', String(wanted), '--rate', '2', '--batch', '5', '--households', '2', '--dropoffs', '120'],
    '30 readings and 2 drop-offs', async () => (await simReadings()) >= readingsBefore + 30 && (await simDropOffs()) >= dropOffsBefore + 2);
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
  expect(await simDropOffs()).toBe(dropOffsBefore + stats.scheme.dropOffs);
}, 90_000);

test('in a tenant with no SIM devices it makes a producer, its waste and a device model, and binds the devices to them', async () => {
  const tenant = await createTenant(server);
  const tenantReadings = () => count(
    'select count(*)::int as n from telemetry_reading r join smart_equipment d on d.id = r.smartequipment_id where d.tenant_id = $1', [tenant.id]);
  const { log, stats } = await simulate(['--tenant', tenant.tenancyName, '--devices', '2', '--rate', '2'], 'a reading stored', async () => (await tenantReadings()) > 0);
  expect(log[0]).toBe(`Logged in to ${server.baseUrl} as admin (tenant ${tenant.tenancyName}).`);
  expect(log).toContain('Created 2 devices (SIM-0001 …).');
  const devices = await server.db.query<{ serial: string; enterprise: string; waste: string; model: string }>(
    `select d.serial_number as serial, e.name as enterprise, w.name as waste, m.name as model
       from smart_equipment d
       join enterprise_information e on e.id = d.enterprise_id
       join hazardous_waste_information w on w.id = d.hazardouswaste_information_id
       join equipment_model m on m.id = d.equipmentmodel_id
      where d.tenant_id = $1 order by d.serial_number`, [tenant.id]);
  expect(devices.map((d) => d.serial)).toEqual(['SIM-0001', 'SIM-0002']);
  expect(new Set(devices.map((d) => `${d.enterprise}|${d.waste}|${d.model}`)).size).toBe(1);
  expect(devices[0]).toMatchObject({ enterprise: expect.stringMatching(/^设备模拟器产废单位-/), waste: '废矿物油（模拟）', model: expect.stringMatching(/^模拟称重桶-/) });
  expect(stats.devices.errors).toBe(0);
  expect(await tenantReadings()).toBe(stats.devices.accepted);
}, 90_000);

test('npm run simulate: a second run drives the devices the first one made; Ctrl-C sends what is buffered and stops', async () => {
  const before = await simReadings();
  const log: string[] = [];
  const exit = jest.fn();
  const listeners = process.listenerCount('SIGINT');
  const running = simulateCommand(['--url', server.baseUrl, '--seed', '8', '--devices', String(wanted), '--rate', '2'], (line) => log.push(line), exit);
  await waitFor('the devices driven', () => log.some((line) => line.startsWith('Driving')), 30_000);
  expect(process.listenerCount('SIGINT')).toBe(listeners + 1);
  await waitFor('readings stored', async () => (await simReadings()) > before);
  process.emit('SIGINT', 'SIGINT');
  await running;

  expect(log.some((line) => line.startsWith('Created'))).toBe(false);
  expect(log).toContain('\nStopping (sending what is buffered)…');
  expect(log[log.length - 1]).toBe('Stopped.');
  expect(exit).not.toHaveBeenCalled();
  expect(process.listenerCount('SIGINT')).toBe(listeners);
  // The last report counts what the server stored, the buffered readings sent on Ctrl-C included.
  const accepted = Number(/accepted (\d+) {2}errors 0 /.exec(log[log.length - 2])?.[1]);
  expect(accepted).toBeGreaterThan(0);
  expect(await simReadings()).toBe(before + accepted);
  expect(await simDevices()).toBe(wanted);
}, 90_000);

test('a second Ctrl-C while the buffered readings are sent ends the process at once; --help prints the usage and runs nothing', async () => {
  const log: string[] = [];
  const exit = jest.fn();
  const running = simulateCommand(['--url', server.baseUrl, '--devices', '1', '--rate', '1'], (line) => log.push(line), exit);
  await waitFor('the device driven', () => log.some((line) => line.startsWith('Driving')), 30_000);
  process.emit('SIGINT', 'SIGINT');
  process.emit('SIGINT', 'SIGINT');
  expect(exit).toHaveBeenCalledWith(130);
  await running;

  const help: string[] = [];
  await simulateCommand(['--help'], (line) => help.push(line), exit);
  expect(help).toEqual([HELP]);
}, 90_000);
