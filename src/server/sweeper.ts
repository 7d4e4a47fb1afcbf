/**
 * The server's timed work: devices gone silent, storage points left idle, redemption holds no machine settled. Every
 * instance sweeps; each sweep locks what it acts on and checks it again once locked, so instances side by side never
 * act twice on the same thing.
 */
import type { ResourceServices } from './crud/engine';
import type { Services } from './http/context';
import { sweepOnce } from './modules/monitoring';
import { releaseExpiredHolds } from './modules/points/redemption';

export interface Sweeper {
  stop(): Promise<void>;
}

/** Each kind of timed work runs whatever became of the others: a failure of one is logged and keeps none waiting. */
async function sweepAll(services: Services, resources: ResourceServices, log: (error: unknown) => void): Promise<void> {
  await sweepOnce(services.db, services.hub, services.clock.now()).catch(log);
  const holds = await releaseExpiredHolds(services, resources, services.clock.now(),
    (holdId, error) => log(new Error(`redemption hold ${holdId} could not be released; the next sweep tries again`, { cause: error })))
    .catch((error: unknown) => log(error));
  if (holds && holds.failed > 0) log(new Error(`${holds.failed} redemption hold(s) could not be released, ${holds.released} were`));
}

/** Sweeps every `intervalMs` (0: never) until stopped; a failed sweep is logged and the next one runs as planned. */
export function startSweeper(services: Services, resources: ResourceServices, intervalMs: number, log: (error: unknown) => void = console.error): Sweeper {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = intervalMs <= 0;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = sweepAll(services, resources, log).catch(log).finally(() => {
        running = null;
        schedule();
      });
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
