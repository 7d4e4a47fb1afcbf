// Cold and warm start of the real product process: spawn it, poll GetAll until it answers 200, stop it with SIGTERM
// (its own shutdown path, so PGlite closes cleanly before the next warm start reuses the folder).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { tempDir } from './harness';
import { median, round } from './stats';

export const ROOT = path.resolve(__dirname, '../..');

export interface StartSample {
  kind: 'cold' | 'warm';
  via: 'node' | 'npm';
  command: string;
  /** Spawn until `GET /AbpUserConfiguration/GetAll` answered 200. */
  readyMs: number;
  /** The server's own "ready in N ms" (open database + migrate + seed + listen), when it logged one. */
  serverReportedMs: number | null;
  rssMb: number | null;
  /** start.ts rebuilt the client during this start, so the figure is not a start time; reported, not used. */
  rebuiltClient: boolean;
}

export interface StartupResult {
  entry: string;
  samples: StartSample[];
  coldMs: number;
  warmMedianMs: number;
  warmTargetMs: number;
  warmUnderTarget: boolean;
  npmStartWarmMs: number | null;
}

export interface StartupSettings {
  warmRuns: number;
  coldTimeoutMs: number;
  warmTimeoutMs: number;
  /** Also time one warm start through `npm start` (npm + the tsx CLI in front of the same entry). */
  viaNpm: boolean;
}

export const DEFAULT_STARTUP: StartupSettings = { warmRuns: 3, coldTimeoutMs: 90_000, warmTimeoutMs: 60_000, viaNpm: true };
export const WARM_TARGET_MS = 3000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? round(kb / 1024, 1) : null;
  } catch {
    return null;
  }
}

async function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** The child leads its own process group (npm runs the server under sh and tsx), so the whole group gets the signal. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function stop(child: ChildProcess): Promise<void> {
  signalGroup(child, 'SIGTERM');
  if (!(await waitForExit(child, 15_000))) {
    signalGroup(child, 'SIGKILL');
    await waitForExit(child, 5_000);
  }
}

async function startOnce(kind: StartSample['kind'], via: StartSample['via'], command: string[], dataDir: string, timeoutMs: number): Promise<StartSample> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/AbpUserConfiguration/GetAll`;
  let output = '';
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // An empty DATABASE_URL means PGlite in DATA_DIR; REDIS_URL empty keeps the hub in-process.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const deadline = started + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before answering:\n${output.slice(-2000)}`);
      if (performance.now() > deadline) throw new Error(`no 200 from GetAll within ${timeoutMs} ms:\n${output.slice(-2000)}`);
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        if (response.status === 200) break;
      } catch {
        // Not listening yet.
      }
      await sleep(20);
    }
    const readyMs = performance.now() - started;
    const reported = /ready in (\d+) ms/.exec(output);
    return {
      kind,
      via,
      command: (via === 'node' ? ['node', ...command.slice(1)] : command).join(' '),
      readyMs: round(readyMs, 0),
      serverReportedMs: reported ? Number(reported[1]) : null,
      rssMb: rssMb(child.pid),
      rebuiltClient: output.includes('Building the client'),
    };
  } finally {
    await stop(child);
  }
}

/**
 * `entry` is src/server/cli/start.ts when the client build is current (otherwise start.ts would build it inside
 * the measurement), or src/server/main.ts, the same server without the build check.
 */
export async function benchStartup(entry: string, settings: StartupSettings = DEFAULT_STARTUP): Promise<StartupResult> {
  const dataDir = tempDir('start');
  const direct = [process.execPath, '--import', 'tsx', entry];
  try {
    const samples: StartSample[] = [await startOnce('cold', 'node', direct, dataDir, settings.coldTimeoutMs)];
    for (let i = 0; i < settings.warmRuns; i += 1) samples.push(await startOnce('warm', 'node', direct, dataDir, settings.warmTimeoutMs));
    let npmStartWarmMs: number | null = null;
    if (settings.viaNpm && entry.endsWith('start.ts')) {
      const npm = await startOnce('warm', 'npm', ['npm', 'start', '--silent'], dataDir, settings.warmTimeoutMs);
      samples.push(npm);
      npmStartWarmMs = npm.readyMs;
    }
    const warm = samples.filter((s) => s.kind === 'warm' && s.via === 'node' && !s.rebuiltClient);
    const warmMedianMs = median(warm.map((s) => s.readyMs));
    return {
      entry,
      samples,
      coldMs: samples[0].readyMs,
      warmMedianMs,
      warmTargetMs: WARM_TARGET_MS,
      warmUnderTarget: warmMedianMs < WARM_TARGET_MS,
      npmStartWarmMs,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
