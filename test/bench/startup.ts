// Cold and warm start of the real product process: spawn it, poll GetAll until it answers 200, stop it with SIGTERM
// (its own shutdown path, so PGlite closes cleanly before the next warm start reuses the folder).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { tempDir } from './harness';
import { median, round } from './stats';
import { sleep } from '../support/wait';

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
  /** start.ts began building the client (someone edited client sources meanwhile): that attempt was stopped and
   * this run redone with main.ts. */
  retried: boolean;
}

export interface StartupResult {
  /** The entry files the node runs used (start.ts unless the client build could not be made current). */
  entries: string[];
  samples: StartSample[];
  coldMs: number;
  warmMedianMs: number;
  /** Warm runs started with node directly (the npm run is reported apart). */
  warmRuns: number;
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

export const DEFAULT_STARTUP: StartupSettings = { warmRuns: 3, coldTimeoutMs: 120_000, warmTimeoutMs: 90_000, viaNpm: true };
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


/** The largest resident set in the child's process group: the server itself, also when npm and sh sit in front. */
function groupRssMb(groupId: number | undefined): number | null {
  if (!groupId) return null;
  let largestKb = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name: state, ppid, pgrp, …
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp !== groupId) continue;
      const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]);
      if (Number.isFinite(kb)) largestKb = Math.max(largestKb, kb);
    } catch {
      // The process ended while we looked, or /proc is not there (not Linux).
    }
  }
  return largestKb ? round(largestKb / 1024, 1) : null;
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

/** start.ts found the client build stale and began building it: not a start, so the run is abandoned. */
class ClientRebuildStarted extends Error {}

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
      if (output.includes('Building the client')) throw new ClientRebuildStarted('start.ts began building the client');
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
    // The "ready in" line is written right after listen and may still be in the pipe when GetAll answers.
    for (let i = 0; i < 25 && !/ready in \d+ ms/.test(output); i += 1) await sleep(20);
    const reported = /ready in (\d+) ms/.exec(output);
    return {
      kind,
      via,
      command: (via === 'node' ? ['node', ...command.slice(1)] : command).join(' '),
      readyMs: round(readyMs, 0),
      serverReportedMs: reported ? Number(reported[1]) : null,
      rssMb: groupRssMb(child.pid),
      retried: false,
    };
  } finally {
    await stop(child);
  }
}

export const START_ENTRY = 'src/server/cli/start.ts';
/** The same server without start.ts's client-build check. */
export const SERVER_ENTRY = 'src/server/main.ts';

/**
 * `clientCurrent` runs right before each spawn and makes the client build current (building it outside the
 * measurement) or says it cannot. start.ts still finds it stale when someone edits client sources in between; such an
 * attempt is stopped as soon as start.ts says it is building (before it touches the database, so a cold folder stays
 * cold) and the run is redone with main.ts, as are the runs after it.
 */
export async function benchStartup(clientCurrent: () => Promise<boolean>, settings: StartupSettings = DEFAULT_STARTUP): Promise<StartupResult> {
  const dataDir = tempDir('start');
  let serverOnly = false;
  const run = async (kind: StartSample['kind'], timeoutMs: number): Promise<StartSample> => {
    const entry = !serverOnly && (await clientCurrent()) ? START_ENTRY : SERVER_ENTRY;
    try {
      return await startOnce(kind, 'node', [process.execPath, '--import', 'tsx', entry], dataDir, timeoutMs);
    } catch (error) {
      if (!(error instanceof ClientRebuildStarted)) throw error;
      serverOnly = true;
      const sample = await startOnce(kind, 'node', [process.execPath, '--import', 'tsx', SERVER_ENTRY], dataDir, timeoutMs);
      return { ...sample, retried: true };
    }
  };
  try {
    const samples: StartSample[] = [await run('cold', settings.coldTimeoutMs)];
    for (let i = 0; i < settings.warmRuns; i += 1) samples.push(await run('warm', settings.warmTimeoutMs));
    let npmStartWarmMs: number | null = null;
    if (settings.viaNpm && !serverOnly && (await clientCurrent())) {
      try {
        const npm = await startOnce('warm', 'npm', ['npm', 'start', '--silent'], dataDir, settings.warmTimeoutMs);
        samples.push(npm);
        npmStartWarmMs = npm.readyMs;
      } catch (error) {
        if (!(error instanceof ClientRebuildStarted)) throw error;
      }
    }
    const warm = samples.filter((s) => s.kind === 'warm' && s.via === 'node');
    const warmMedianMs = median(warm.map((s) => s.readyMs));
    return {
      entries: [...new Set(samples.filter((s) => s.via === 'node').map((s) => s.command.split(' ').pop() ?? ''))],
      samples,
      coldMs: samples[0].readyMs,
      warmMedianMs,
      warmRuns: warm.length,
      warmTargetMs: WARM_TARGET_MS,
      warmUnderTarget: warmMedianMs < WARM_TARGET_MS,
      npmStartWarmMs,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
