// The HTTP client side of the transition bench, in its own thread like load-worker.ts: each client takes the next
// pending order, dispatches it (vehicle + driver of its transporter) and agrees to it with every line received in full,
// as the transporter's and the receiver's screens do, using the version each answer returns.
import { parentPort } from 'node:worker_threads';
import { round, summarize, type LatencySummary } from './stats';

export interface MoveTask {
  id: number;
  version: number;
  vehicleId: number;
  driverId: number;
  lines: { id: number; quantity: number }[];
}

export interface MovesRequest {
  origin: string;
  headers: Record<string, string>;
  clients: number;
  tasks: MoveTask[];
  maxPhaseMs: number;
}

export interface MovesResult {
  clients: number;
  orders: number;
  /** Successful moves (a dispatch and an agree per order when both succeed). */
  transitions: number;
  transitionsPerSecond: number;
  failures: number;
  /** The first refusal's status and message, to tell a bench problem from a slow server. */
  firstFailure: string | null;
  dispatch: LatencySummary;
  agree: LatencySummary;
  elapsedS: number;
}

interface Envelope {
  success: boolean;
  result: { version?: number } | null;
  error: { message?: string; details?: string } | null;
}

const SERVICE = '/api/services/app/TransferOrder';

export async function runMoves(job: MovesRequest): Promise<MovesResult> {
  const headers = { ...job.headers, 'content-type': 'application/json' };
  const samples = { dispatch: [] as number[], agree: [] as number[] };
  let transitions = 0;
  let failures = 0;
  let firstFailure: string | null = null;
  let next = 0;
  const put = async (move: 'dispatch' | 'agree', method: string, body: unknown): Promise<Envelope | null> => {
    const started = performance.now();
    try {
      const response = await fetch(job.origin + `${SERVICE}/${method}`, { method: 'PUT', headers, body: JSON.stringify(body) });
      const text = await response.text();
      const ms = performance.now() - started;
      const envelope = JSON.parse(text || '{}') as Envelope;
      if (response.status === 200 && envelope.success) {
        samples[move].push(ms);
        transitions += 1;
        return envelope;
      }
      firstFailure ??= `${move}: ${response.status} ${envelope.error?.message ?? ''} ${envelope.error?.details ?? text.slice(0, 200)}`.trim();
    } catch (error) {
      firstFailure ??= `${move}: ${String(error)}`;
    }
    failures += 1;
    return null;
  };
  const started = performance.now();
  const deadline = started + job.maxPhaseMs;
  const client = async () => {
    while (next < job.tasks.length && performance.now() < deadline) {
      const task = job.tasks[next];
      next += 1;
      const dispatched = await put('dispatch', 'UpdatedTransferOrderVehicles', {
        id: task.id, version: task.version, vehicleIds: [task.vehicleId], driverIds: [task.driverId],
      });
      if (!dispatched) continue;
      await put('agree', 'UpdateTransferOrderReception', {
        id: task.id, version: dispatched.result?.version ?? task.version + 1, signStatus: 1,
        lines: task.lines.map((line) => ({ id: line.id, receivedQuantity: line.quantity })),
      });
    }
  };
  await Promise.all(Array.from({ length: job.clients }, client));
  const elapsedS = (performance.now() - started) / 1000;
  return {
    clients: job.clients,
    orders: Math.min(next, job.tasks.length),
    transitions,
    transitionsPerSecond: round(transitions / elapsedS, 1),
    failures,
    firstFailure,
    dispatch: summarize(samples.dispatch),
    agree: summarize(samples.agree),
    elapsedS: round(elapsedS, 1),
  };
}

parentPort?.on('message', (job: MovesRequest) => {
  runMoves(job).then(
    (result) => parentPort?.postMessage({ ok: true, result }),
    (error: unknown) => parentPort?.postMessage({ ok: false, error: String(error) }),
  );
});
