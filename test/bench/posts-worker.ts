// A client thread sending a list of POSTs with a fixed number of clients, like load-worker.ts does for GETs: each
// answer's status, time and envelope come back, so the bench can count what was refused and why.
import { parentPort } from 'node:worker_threads';
import { round, summarize, type LatencySummary } from './stats';

export interface PostJob {
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface PostsRequest {
  origin: string;
  clients: number;
  jobs: PostJob[];
}

export interface PostAnswer {
  status: number;
  ms: number;
  result: unknown;
  error: string | null;
}

export interface PostsResult {
  answers: PostAnswer[];
  ok: LatencySummary;
  perSecond: number;
  elapsedS: number;
}

export async function runPosts(request: PostsRequest): Promise<PostsResult> {
  const answers: PostAnswer[] = new Array(request.jobs.length);
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next < request.jobs.length) {
      const i = next;
      next += 1;
      const job = request.jobs[i];
      const sent = performance.now();
      try {
        const response = await fetch(request.origin + job.path, {
          method: 'POST', headers: { ...job.headers, 'content-type': 'application/json' }, body: JSON.stringify(job.body),
        });
        const envelope = JSON.parse((await response.text()) || '{}') as { result?: unknown; error?: { message?: string } | null };
        answers[i] = { status: response.status, ms: performance.now() - sent, result: envelope.result ?? null, error: envelope.error?.message ?? null };
      } catch (error) {
        answers[i] = { status: 0, ms: performance.now() - sent, result: null, error: String(error) };
      }
    }
  };
  await Promise.all(Array.from({ length: request.clients }, client));
  const elapsedS = (performance.now() - started) / 1000;
  const ok = answers.filter((a) => a.status === 200);
  return { answers, ok: summarize(ok.map((a) => a.ms)), perSecond: round(ok.length / elapsedS, 1), elapsedS: round(elapsedS, 2) };
}

parentPort?.on('message', (request: PostsRequest) => {
  runPosts(request).then(
    (result) => parentPort?.postMessage({ ok: true, result }),
    (error: unknown) => parentPort?.postMessage({ ok: false, error: String(error) }),
  );
});
