// `npm run simulate -- --devices 200 --rate 5 --households 50`: drives smart devices and the recycling scheme's
// households against a running server through its real API.
import { setMaxListeners } from 'node:events';
import { DEVICE_KEY_HEADER, INGEST_PATH, type DeviceReading, type IngestResult, type StoragePointDto } from '../../shared/monitoring';
import { creditCodeCheckChar } from '../../shared/validators';
import { DEFAULT_TIME_ZONE, formatTimeOfDay } from '../../shared/time';
import { Api, inParallel, login, sleep, type Row } from './simulator/api';
import { createDevice, mulberry32, step, type Rng, type SimDevice } from './simulator/devices';
import { HELP, readOptions, type Options } from './simulator/options';
import { driveHousehold, keepMachines, newSchemeStats, prepareScheme } from './simulator/recycling';
import { runAsScript } from './script';

const SERIAL = /^SIM-(\d+)$/;
const serialOf = (n: number) => `SIM-${String(n).padStart(4, '0')}`;
const HOME = { latitude: 30.2592, longitude: 120.1303 };

async function simDevices(api: Api): Promise<Row[]> {
  const found: Row[] = [];
  for (let skip = 0; ; skip += 1000) {
    const page = await api.app<{ totalCount: number; items: Row[] }>('GET', 'Smartequipment', 'GetAll', {
      Keyword: 'SIM-', MaxResultCount: 1000, SkipCount: skip, Sorting: 'serialNumber',
    });
    found.push(...page.items.filter((d) => SERIAL.test(String(d.serialNumber))));
    if (skip + 1000 >= page.totalCount) return found.sort((a, b) => String(a.serialNumber).localeCompare(String(b.serialNumber)));
  }
}

/** Where new devices go: the enterprise, wastes and model of the existing SIM devices, or new ones made for them. */
async function placement(api: Api, existing: Row[]): Promise<{ enterpriseId: number; wasteIds: number[]; modelId: number }> {
  const bound = existing.filter((d) => d.hazardouswasteInformationId);
  if (bound.length > 0) {
    return {
      enterpriseId: Number(bound[0].enterpriseId),
      wasteIds: [...new Set(bound.filter((d) => d.enterpriseId === bound[0].enterpriseId).map((d) => Number(d.hazardouswasteInformationId)))],
      modelId: Number(bound[0].equipmentmodelId),
    };
  }
  const body = `91330106MA${String(Date.now() % 1e7).padStart(7, '0')}`;
  const enterprise = await api.app<Row>('POST', 'EnterpriseInformation', 'Create', {
    name: `设备模拟器产废单位-${Date.now() % 100000}`, creditCode: body + creditCodeCheckChar(body), corporateType: [2],
    regionName: '浙江省杭州市西湖区', longitude: HOME.longitude, latitude: HOME.latitude,
  });
  const [code] = await api.app<Row[]>('GET', 'Wastecode', 'GetWastecodeAll', { Keyword: '900-249-08' });
  const waste = await api.app<Row>('POST', 'HazardouswasteInformation', 'Create', {
    enterpriseId: enterprise.id, wastecodeId: code.id, name: '废矿物油（模拟）', wasteType: 1, physicalCharacteristics: 2,
    generationSource: 1, containerType: 3, packagingMethod: 3, purpose: 3,
  });
  const model = await api.app<Row>('POST', 'Equipmentmodel', 'Create', {
    name: `模拟称重桶-${Date.now() % 100000}`, containerType: 3, packagingMethod: 3, storagePointType: 1, capacity: 300, capacityUnit: 1,
    batteryMin: 20, temperatureMax: 60, reductionMin: 5, displacementRadius: 50, noWasteHours: 72, offlineMinutes: 10,
  });
  return { enterpriseId: enterprise.id, wasteIds: [waste.id], modelId: model.id };
}

async function ensureDevices(api: Api, count: number, log: (line: string) => void): Promise<Row[]> {
  const existing = await simDevices(api);
  if (existing.length >= count) return existing.slice(0, count);
  const where = await placement(api, existing);
  const taken = new Set(existing.map((d) => Number(SERIAL.exec(String(d.serialNumber))![1])));
  const created: Row[] = [];
  for (let n = 1; existing.length + created.length < count; n++) {
    if (taken.has(n)) continue;
    const i = existing.length + created.length;
    created.push(await api.app<Row>('POST', 'Smartequipment', 'Create', {
      serialNumber: serialOf(n), enterpriseId: where.enterpriseId, equipmentmodelId: where.modelId,
      hazardouswasteInformationId: where.wasteIds[i % where.wasteIds.length], storagePlace: `模拟暂存间-${String(n).padStart(4, '0')}`,
      latitude: Math.round((HOME.latitude + (i % 20) * 0.00003) * 1e6) / 1e6,
      longitude: Math.round((HOME.longitude + Math.floor(i / 20) * 0.00003) * 1e6) / 1e6,
    }));
  }
  log(`Created ${created.length} devices (${serialOf(Number(SERIAL.exec(String(created[0].serialNumber))![1]))} …).`);
  return [...existing, ...created].slice(0, count);
}

/** The zone of the tenant's calendar, as every client learns it (ABP's `timing`): the report's clock shows its time. */
async function tenantZone(api: Api): Promise<string> {
  const configuration = await api.call<{ timing?: { timeZoneInfo?: { iana?: { timeZoneId?: string } } } }>('GET', '/AbpUserConfiguration/GetAll');
  return configuration.timing?.timeZoneInfo?.iana?.timeZoneId ?? DEFAULT_TIME_ZONE;
}

interface Target {
  serialNumber: string;
  key: string;
  storageId: number | null;
  sim: SimDevice;
  rng: Rng;
}

async function prepare(api: Api, options: Options, log: (line: string) => void): Promise<Target[]> {
  const rows = await ensureDevices(api, options.devices, log);
  const keys = await inParallel(rows, 10, (d) => api.app<{ deviceKey: string }>('POST', 'Smartequipment', 'RegenerateKey', { id: d.id }));
  const points = (await api.app<{ items: StoragePointDto[] }>('GET', 'Hazardouswastestorage', 'GetHazardouswastestoragefinaldata')).items;
  const pointOf = new Map(points.map((p) => [p.smartequipmentId, p]));
  const models = new Map<number, Row>();
  for (const id of new Set(rows.map((d) => Number(d.equipmentmodelId)))) models.set(id, await api.app<Row>('GET', 'Equipmentmodel', 'Get', { Id: id }));
  return rows.map((d, i) => {
    const point = pointOf.get(d.id);
    const rng = mulberry32(options.seed + i * 7919);
    const home = d.latitude !== null && d.longitude !== null ? { latitude: Number(d.latitude), longitude: Number(d.longitude) } : null;
    const sim = createDevice({
      serialNumber: String(d.serialNumber), capacity: point ? point.capacity : null,
      reductionMin: Number(models.get(Number(d.equipmentmodelId))?.reductionMin ?? 5), home,
    }, rng, point?.currentWeight ?? 0);
    return { serialNumber: String(d.serialNumber), key: keys[i].deviceKey, storageId: point?.id ?? null, sim, rng };
  });
}

export interface Stats {
  sent: number;
  accepted: number;
  errors: number;
  pickups: number;
  suspicious: number;
  silences: number;
  lastError: string | null;
}

async function driveDevice(api: Api, target: Target, options: Options, stats: Stats, signal: AbortSignal): Promise<void> {
  const interval = 1000 / options.rate;
  const dt = 1 / options.rate;
  let buffer: DeviceReading[] = [];
  const flush = async () => {
    if (buffer.length === 0) return;
    const readings = buffer;
    buffer = [];
    stats.sent += readings.length;
    try {
      const result = await api.call<IngestResult>('POST', INGEST_PATH, { readings }, { [DEVICE_KEY_HEADER]: target.key });
      stats.accepted += result.accepted;
    } catch (error) {
      stats.errors++;
      stats.lastError = `${target.serialNumber}: ${(error as Error).message}`;
    }
  };
  // Devices start spread over one interval, not all at once.
  let next = Date.now() + target.rng() * interval;
  while (!signal.aborted) {
    await sleep(next - Date.now(), signal);
    if (signal.aborted) break;
    // At its scheduled time: a device running late catches up with readings each at its own time. Stamped with the
    // clock, a burst would send two readings of one instant, and the server keeps one reading per device and time.
    const outcome = step(target.sim, Math.round(next), dt, target.rng);
    if (outcome.pickup) {
      await flush();
      stats.pickups++;
      if (target.storageId !== null) {
        try {
          await api.app('PUT', 'Hazardouswastestorage', 'UpdateCurrentWeight', { id: target.storageId, currentWeight: 0, reason: '模拟清运（设备模拟器）' });
        } catch (error) {
          stats.errors++;
          stats.lastError = `${target.serialNumber} pickup: ${(error as Error).message}`;
        }
      }
    }
    if (outcome.suspicious) stats.suspicious++;
    if (outcome.silenced) {
      stats.silences++;
      await flush();
    }
    if (outcome.reading) buffer.push(outcome.reading);
    if (buffer.length >= options.batch) await flush();
    next += interval;
    // Far behind (a slow server): skip the missed readings rather than burst them.
    if (next < Date.now() - 5 * interval) next = Date.now();
  }
  await flush();
}

export interface SimulatorStats {
  devices: Stats;
  scheme: ReturnType<typeof newSchemeStats>;
}

/**
 * Logs in, prepares the devices and the scheme's world the options ask for, and drives them until `stop` aborts; then
 * sends what is buffered and answers the counts. Prints one line every 5 s to `log`.
 */
export async function runSimulator(options: Options, stop: AbortSignal, log: (line: string) => void = console.log): Promise<SimulatorStats> {
  const api = await login(options);
  log(`Logged in to ${options.url} as ${options.user} (tenant ${options.tenant}).`);
  const zone = await tenantZone(api);
  const targets = options.devices > 0 ? await prepare(api, options, log) : [];
  if (targets.length > 0) log(`Driving ${targets.length} devices at ${options.rate} reading/s each (${(targets.length * options.rate).toFixed(1)}/s), batches of ${options.batch}; Ctrl-C stops.`);
  const scheme = options.households > 0 ? await prepareScheme(api, options.households) : null;
  if (scheme) log(`Driving ${scheme.households.length} households at ${options.dropoffs} drop-offs/min each, ${scheme.machines.length} exchange machines; Ctrl-C stops.`);
  const schemeStats = newSchemeStats();

  const stats: Stats = { sent: 0, accepted: 0, errors: 0, pickups: 0, suspicious: 0, silences: 0, lastError: null };
  // Every device waits on the one signal.
  setMaxListeners(targets.length + options.households + 10, stop);
  let last = { at: Date.now(), accepted: 0 };
  const report = () => {
    const now = Date.now();
    const rate = ((stats.accepted - last.accepted) * 1000) / Math.max(1, now - last.at);
    last = { at: now, accepted: stats.accepted };
    const silent = targets.filter((t) => now < t.sim.silentUntil).length;
    const time = formatTimeOfDay(now, zone);
    if (targets.length > 0) {
      log(`${time}  sent ${stats.sent}  accepted ${stats.accepted}  errors ${stats.errors}  ${rate.toFixed(1)} readings/s`
        + `  | pickups ${stats.pickups}  suspicious ${stats.suspicious}  silent now ${silent}`);
    }
    if (scheme) {
      const r = schemeStats;
      log(`${time}  scheme: drop-offs ${r.dropOffs}  points awarded ${r.awarded}  holds ${r.holds}  dispensed ${r.dispensed}  failed ${r.failed}`
        + `  abandoned ${r.abandoned}  refused ${r.refused}  errors ${r.errors}`);
    }
    for (const holder of [stats, schemeStats]) {
      if (!holder.lastError) continue;
      log(`  last error: ${holder.lastError}`);
      holder.lastError = null;
    }
  };
  const ticker = setInterval(report, 5000);
  try {
    await Promise.all([
      ...targets.map((t) => driveDevice(api, t, options, stats, stop)),
      ...(scheme ? [
        keepMachines(api, scheme, schemeStats, stop),
        ...scheme.households.map((h, i) => driveHousehold(api, scheme, h, options.dropoffs, mulberry32(options.seed + 104_729 * (i + 1)), schemeStats, stop)),
      ] : []),
    ]);
  } finally {
    clearInterval(ticker);
  }
  report();
  log('Stopped.');
  return { devices: stats, scheme: schemeStats };
}

/**
 * The command: options from `argv` (the help when asked for), driven until Ctrl-C, which sends what is buffered; a
 * second Ctrl-C during that ends the process at once.
 */
export async function simulateCommand(argv: string[], log: (line: string) => void = console.log, exit: (code: number) => void = process.exit): Promise<void> {
  const options = readOptions(argv);
  if (!options) {
    log(HELP);
    return;
  }
  const stop = new AbortController();
  const interrupted = () => {
    if (stop.signal.aborted) return exit(130);
    log('\nStopping (sending what is buffered)…');
    stop.abort();
  };
  process.on('SIGINT', interrupted);
  try {
    await runSimulator(options, stop.signal, log);
  } finally {
    process.off('SIGINT', interrupted);
  }
}

runAsScript(module, () => simulateCommand(process.argv.slice(2)));
