// The device simulator (src/server/cli/simulate.ts, what `npm run simulate` runs) as a child process against a
// browser test's server. It runs in a process group of its own, so that stopping it ends it and anything it started,
// and a test can tell that nothing of it is left.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sleep } from '../../support/wait';

const ROOT = path.resolve(__dirname, '../../..');
const SCRIPT = path.join(ROOT, 'src/server/cli/simulate.ts');

export interface SimulatorOptions {
  devices: number;
  /** Readings per device and second (the simulator's default when left out). */
  rate?: number;
  /** Readings a device sends per request (the simulator's default when left out). */
  batch?: number;
  /** Extra command-line arguments. */
  args?: string[];
}

export interface Simulator {
  pid: number;
  /** Everything it wrote so far (stdout and stderr), for failure messages. */
  output(): string;
  exited(): boolean;
  /** Waits until its output matches `pattern` (fails early, with the output, when it exits first). */
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<void>;
  /** Ends the process group (INT, its clean stop, then KILL after a grace period); fails if any of it is still alive. */
  stop(): Promise<void>;
}

/** Whether any process of the group `pgid` is alive (signal 0 tests without sending). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}


async function waitGone(pgid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (groupAlive(pgid)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

export async function startSimulator(baseUrl: string, options: SimulatorOptions): Promise<Simulator> {
  const args = ['--import', 'tsx', SCRIPT, '--devices', String(options.devices), '--url', baseUrl];
  if (options.rate !== undefined) args.push('--rate', String(options.rate));
  if (options.batch !== undefined) args.push('--batch', String(options.batch));
  args.push(...(options.args ?? []));
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exitCode: number | null | undefined;
  child.on('exit', (code, signal) => {
    exitCode = code ?? (signal ? -1 : null);
  });
  // After the exit and the end of its output: the last lines are read by then.
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const pid = child.pid;
  if (pid === undefined) throw new Error('the simulator did not start');
  // Last resort should the test process end without stopping it (a crash, a killed worker): no orphaned fleet.
  const orphanGuard = () => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', orphanGuard);
  let stopped = false;
  return {
    pid,
    output: () => output,
    exited: () => exitCode !== undefined,
    async waitForOutput(pattern, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(output)) {
        if (exitCode !== undefined) throw new Error(`the simulator exited (${exitCode}) before printing ${String(pattern)}:\n${output}`);
        if (Date.now() > deadline) throw new Error(`the simulator did not print ${String(pattern)} in ${timeoutMs} ms:\n${output}`);
        await sleep(50);
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (groupAlive(pid)) {
        process.kill(-pid, 'SIGINT');
        if (!(await waitGone(pid, 5000))) {
          process.kill(-pid, 'SIGKILL');
          if (!(await waitGone(pid, 2000))) throw new Error(`simulator process group ${pid} still alive after SIGKILL`);
        }
      }
      await closed;
      process.off('exit', orphanGuard);
    },
  };
}
