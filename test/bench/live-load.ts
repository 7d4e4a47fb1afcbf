// Live monitoring under load, on PostgreSQL: (1) sustained ingest — devices posting batches as fast as the server
// takes them, every rule evaluated; (2) hub fan-out — 1,000 real SignalR clients in worker processes, subscribed to
// the monitoring streams, while devices report at a steady rate, timed from the moment a batch is sent to the moment
// a frame covering its last event reaches each client, with every seq of the run checked off on every client (seqs no
// frame covered are lost, events received twice repeated). Each rate runs on a quiet machine, then with a second
// process keeping one core busy (what other work on a shared machine does to the hub).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { isLiveStream, type LiveStream } from '../../src/shared/live/events';
import { DEVICE_KEY_HEADER, INGEST_PATH } from '../../src/shared/monitoring';
import { login, startBenchServer, TENANT_ID, type BenchServer } from './harness';
import { round, summarize, type LatencySummary } from './stats';

export interface LiveLoadSettings {
  ingest: { seconds: number; batch: number; devices: number };
  /** One run per rate in `eventsPerSecond` and machine in `machines`, on the same connected clients. */
  fanout: {
    clients: number; workers: number; eventsPerSecond: number[]; batch: number; seconds: number; warmupSeconds: number;
    streams: LiveStream[]; machines: Machine[];
  };
}

/** `loaded`: a second process keeps one core fully busy for the run. */
export type Machine = 'quiet' | 'loaded';

export const DEFAULT_LIVE_LOAD: LiveLoadSettings = {
  ingest: { seconds: 15, batch: 50, devices: 20 },
  // A batch of 5 readings yields 6 events (each reading, then the weight it leaves): 1,000 events/s is ≈167 posts/s.
  // What the storage screen and the console subscribe to, as a wall display showing both would: no screen draws raw
  // readings (BENCH_LIVE_STREAMS=readings,storage,devices,warnings measures a client that takes them too).
  fanout: {
    clients: 1000, workers: 2, eventsPerSecond: [250, 1000], batch: 5, seconds: 15, warmupSeconds: 3,
    streams: ['storage', 'devices', 'warnings'], machines: ['quiet', 'loaded'],
  },
};

/**
 * The defaults, changed by BENCH_LIVE_CLIENTS, BENCH_LIVE_RATES (events/s, comma-separated), BENCH_LIVE_SECONDS,
 * BENCH_LIVE_MACHINES (quiet,loaded) and BENCH_LIVE_STREAMS: a short run that proves the bench works before the full one.
 */
export function liveLoadSettings(env: NodeJS.ProcessEnv = process.env): LiveLoadSettings {
  const { ingest, fanout } = DEFAULT_LIVE_LOAD;
  const list = (text: string | undefined) => text?.split(',').map((s) => s.trim()).filter(Boolean);
  const seconds = env.BENCH_LIVE_SECONDS ? Number(env.BENCH_LIVE_SECONDS) : undefined;
  return {
    ingest: { ...ingest, seconds: seconds ?? ingest.seconds },
    fanout: {
      ...fanout,
      clients: env.BENCH_LIVE_CLIENTS ? Number(env.BENCH_LIVE_CLIENTS) : fanout.clients,
      eventsPerSecond: list(env.BENCH_LIVE_RATES)?.map(Number) ?? fanout.eventsPerSecond,
      seconds: seconds ?? fanout.seconds,
      machines: list(env.BENCH_LIVE_MACHINES)?.filter((m): m is Machine => m === 'quiet' || m === 'loaded') ?? fanout.machines,
      streams: list(env.BENCH_LIVE_STREAMS)?.filter(isLiveStream) ?? fanout.streams,
    },
  };
}

export interface LiveLoadResult {
  ingest: { readings: number; seconds: number; readingsPerSecond: number; requests: LatencySummary; warningsOpen: number; errors: number };
  fanout: FanoutRun[];
  connectSeconds: number;
  streams: LiveStream[];
}

export interface FanoutRun {
  machine: Machine;
  clients: number; eventsPerSecondOffered: number; eventsPerSecondSent: number; events: number; requests: number; errors: number;
  latency: LatencySummary; lost: number; duplicates: number;
  /** Frames and events each client received on average: what conflation and framing left of the events. */
  framesPerClient: number; eventsPerClient: number;
}

interface Device {
  id: number;
  key: string;
  weight: number;
  /** Next reading time (ms), strictly increasing per device. */
  clock: number;
}

async function api<T>(server: BenchServer, token: string, verb: string, service: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.origin}/api/services/app/${service}/${method}`, {
    method: verb, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'Abp.TenantId': String(TENANT_ID) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; result: T; error?: { message: string } };
  if (!envelope.success) throw new Error(`${service}/${method}: ${envelope.error?.message}`);
  return envelope.result;
}

async function prepareDevices(server: BenchServer, token: string, count: number): Promise<Device[]> {
  const page = await fetch(`${server.origin}/api/services/app/Smartequipment/GetAll?Keyword=SIM-&MaxResultCount=1000`, {
    headers: { authorization: `Bearer ${token}`, 'Abp.TenantId': String(TENANT_ID) },
  }).then((r) => r.json()) as { result: { items: Array<{ id: number }> } };
  const ids = page.result.items.map((d) => d.id).slice(0, count);
  if (ids.length < count) throw new Error(`the seed has ${ids.length} simulator devices, ${count} wanted`);
  const start = Date.now() - 60_000;
  return Promise.all(ids.map(async (id) => ({
    id, key: (await api<{ deviceKey: string }>(server, token, 'POST', 'Smartequipment', 'RegenerateKey', { id })).deviceKey, weight: 50, clock: start,
  })));
}

/** A batch of plausible readings: filling slowly, now and then a pickup, battery and temperature within limits. */
function readings(device: Device, count: number, endAt: number) {
  device.clock = Math.max(device.clock + count, endAt);
  return Array.from({ length: count }, (_, i) => {
    device.weight = device.weight > 250 ? 20 : device.weight + 0.1 + Math.random();
    return {
      at: new Date(device.clock - (count - 1 - i)).toISOString(),
      weight: Math.round(device.weight * 1000) / 1000,
      battery: 80 - Math.random() * 5,
      temperature: 20 + Math.random() * 5,
      latitude: 30.2592, longitude: 120.1303,
    };
  });
}

async function post(server: BenchServer, device: Device, count: number): Promise<{ ok: boolean; lastSeq: number; sentAt: number; ms: number }> {
  const sentAt = performance.timeOrigin + performance.now();
  const body = JSON.stringify({ readings: readings(device, count, Date.now()) });
  const started = performance.now();
  const response = await fetch(`${server.origin}${INGEST_PATH}`, {
    method: 'POST', headers: { [DEVICE_KEY_HEADER]: device.key, 'content-type': 'application/json' }, body,
  });
  const envelope = (await response.json()) as { success: boolean; result?: { lastSeq: number } };
  return { ok: response.ok && envelope.success, lastSeq: envelope.result?.lastSeq ?? 0, sentAt, ms: performance.now() - started };
}

async function sustainedIngest(server: BenchServer, devices: Device[], settings: LiveLoadSettings['ingest'], token: string) {
  const until = performance.now() + settings.seconds * 1000;
  const samples: number[] = [];
  let readingsSent = 0;
  let errors = 0;
  const started = performance.now();
  // One loop per device: a device's batches take turns on its row lock anyway.
  await Promise.all(devices.map(async (device) => {
    while (performance.now() < until) {
      const outcome = await post(server, device, settings.batch);
      samples.push(outcome.ms);
      if (outcome.ok) readingsSent += settings.batch;
      else errors += 1;
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  const open = await api<{ items: unknown[] }>(server, token, 'GET', 'EquipmentWarning', 'GetOpenWarnings');
  return { readings: readingsSent, seconds: round(seconds), readingsPerSecond: round(readingsSent / seconds), requests: summarize(samples), warningsOpen: open.items.length, errors };
}

interface WorkerResult { clients: number; expectedPerClient: number; lost: number; repeated: number; frames: number; events: number; latencies: number[] }

/** A process spinning on one core until killed. */
function burnOneCore(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type: string; message?: string }) => {
      if (message.type === 'error') reject(new Error(message.message));
      if (message.type !== type) return;
      child.off('message', onMessage);
      resolve(message as T);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`client worker exited with ${code}`)));
  });
}

async function fanout(server: BenchServer, devices: Device[], settings: LiveLoadSettings['fanout'], token: string) {
  const worker = path.join(__dirname, 'live-clients-worker.ts');
  const perWorker = Math.ceil(settings.clients / settings.workers);
  const children = Array.from({ length: settings.workers }, () =>
    fork(worker, [server.origin, token, String(perWorker), settings.streams.join(',')], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  try {
    const connectStarted = performance.now();
    await Promise.all(children.map((c) => nextMessage(c, 'ready')));
    const connectSeconds = round((performance.now() - connectStarted) / 1000);

    const drive = async (eventsPerSecond: number, seconds: number, batchEnds: Array<[number, number]> | null) => {
      // A batch yields one event per reading and one for the weight it leaves.
      const interval = 1000 / (eventsPerSecond / (settings.batch + 1));
      const started = performance.now();
      const until = started + seconds * 1000;
      const pending: Promise<void>[] = [];
      let errors = 0;
      let requests = 0;
      let next = started;
      let turn = 0;
      while (performance.now() < until) {
        const device = devices[turn++ % devices.length];
        pending.push(post(server, device, settings.batch).then((o) => {
          requests += 1;
          if (!o.ok) errors += 1;
          else batchEnds?.push([o.lastSeq, o.sentAt]);
        }));
        next += interval;
        const wait = next - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
      const loopSeconds = (performance.now() - started) / 1000;
      await Promise.all(pending);
      return { errors, requests, loopSeconds };
    };
    const head = async () => (await api<{ head: number }>(server, token, 'GET', 'Events', 'GetEventsAfter')).head;

    const measure = async (eventsPerSecond: number, machine: Machine): Promise<FanoutRun> => {
      await drive(eventsPerSecond, settings.warmupSeconds, null);
      await new Promise((r) => setTimeout(r, 2000));
      const base = await head();
      const range = Math.ceil(eventsPerSecond * settings.seconds * 1.5);
      children.forEach((c) => c.send({ type: 'start', base, range }));
      await Promise.all(children.map((c) => nextMessage(c, 'started')));
      const batchEnds: Array<[number, number]> = [];
      const { errors, requests, loopSeconds } = await drive(eventsPerSecond, settings.seconds, batchEnds);
      const last = await head();
      // Let the last pushes land; whatever has not arrived by then counts as lost.
      await new Promise((r) => setTimeout(r, 5000));
      children.forEach((c) => c.send({ type: 'finish', expectedLast: last, batchEnds }));
      const results = await Promise.all(children.map((c) => nextMessage<WorkerResult>(c, 'result')));
      const clients = results.reduce((s, r) => s + r.clients, 0);
      return {
        machine,
        clients,
        eventsPerSecondOffered: eventsPerSecond,
        eventsPerSecondSent: round((last - base) / loopSeconds),
        events: last - base,
        requests, errors,
        latency: summarize(results.flatMap((r) => r.latencies)),
        lost: results.reduce((s, r) => s + r.lost, 0),
        duplicates: results.reduce((s, r) => s + r.repeated, 0),
        framesPerClient: round(results.reduce((s, r) => s + r.frames, 0) / clients),
        eventsPerClient: round(results.reduce((s, r) => s + r.events, 0) / clients),
      };
    };

    const runs: FanoutRun[] = [];
    for (const eventsPerSecond of settings.eventsPerSecond) {
      for (const machine of settings.machines) {
        const burner = machine === 'loaded' ? burnOneCore() : null;
        try {
          runs.push(await measure(eventsPerSecond, machine));
        } finally {
          burner?.kill();
        }
      }
    }
    return { runs, connectSeconds };
  } finally {
    children.forEach((c) => c.connected && c.send({ type: 'exit' }));
    await new Promise((r) => setTimeout(r, 500));
    children.forEach((c) => c.exitCode === null && c.kill());
  }
}

export async function benchLiveLoad(settings: LiveLoadSettings = liveLoadSettings()): Promise<LiveLoadResult> {
  const server = await startBenchServer('postgres');
  try {
    const { accessToken } = await login(server.origin);
    const devices = await prepareDevices(server, accessToken, settings.ingest.devices);
    const ingest = await sustainedIngest(server, devices, settings.ingest, accessToken);
    const { runs, connectSeconds } = await fanout(server, devices, settings.fanout, accessToken);
    return { ingest, fanout: runs, connectSeconds, streams: settings.fanout.streams };
  } finally {
    await server.close();
  }
}
