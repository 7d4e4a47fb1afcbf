// The HTTP client side of the list benchmark, in its own thread: its fetch and JSON work must not queue behind the
// server's request handling on one event loop, or the figures would include the client's own cost.
import { parentPort } from 'node:worker_threads';
import { round, summarize, type LatencySummary } from './stats';

export interface PhaseRequest {
  url: string;
  headers: Record<string, string>;
  clients: number;
  requests: number;
  warmup: number;
  maxPhaseMs: number;
}

export interface PhaseResult extends LatencySummary {
  clients: number;
  requestsPerSecond: number;
  errors: number;
}

/** One timed request; the body is read fully because the client needs it all before it can render. */
async function timedGet(url: string, headers: Record<string, string>): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    return { ms: performance.now() - started, ok: response.status === 200 };
  } catch {
    return { ms: performance.now() - started, ok: false };
  }
}

export async function runPhase(job: PhaseRequest): Promise<PhaseResult> {
  for (let i = 0; i < job.warmup; i += 1) await timedGet(job.url, job.headers);
  const samples: number[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + job.maxPhaseMs;
  const worker = async () => {
    while (issued < job.requests && performance.now() < deadline) {
      issued += 1;
      const { ms, ok } = await timedGet(job.url, job.headers);
      if (ok) samples.push(ms);
      else errors += 1;
    }
  };
  await Promise.all(Array.from({ length: job.clients }, worker));
  const elapsedS = (performance.now() - started) / 1000;
  return { ...summarize(samples), clients: job.clients, requestsPerSecond: round((samples.length + errors) / elapsedS, 1), errors };
}

parentPort?.on('message', (job: PhaseRequest) => {
  runPhase(job).then(
    (result) => parentPort?.postMessage({ ok: true, result }),
    (error: unknown) => parentPort?.postMessage({ ok: false, error: String(error) }),
  );
});
