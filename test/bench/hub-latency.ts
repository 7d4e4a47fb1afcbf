// Push latency of the hub as the browser sees it: the real @microsoft/signalr client over WebSocket, messages sent
// with the server's own `hub.sendToUser`, timed from the call to the client's handler (same process, same clock).
import { HubConnectionBuilder, HttpTransportType, LogLevel, type HubConnection } from '@microsoft/signalr';
import { login, startBenchServer, TENANT_ID } from './harness';
import { round, summarize, type LatencySummary } from './stats';

export interface HubSettings {
  connects: number;
  warmup: number;
  messages: number;
  burst: number;
  /** A message not received within this long counts as lost. */
  messageTimeoutMs: number;
  maxPhaseMs: number;
}

export const DEFAULT_HUB: HubSettings = { connects: 20, warmup: 50, messages: 1000, burst: 2000, messageTimeoutMs: 2000, maxPhaseMs: 20_000 };

export interface HubResult {
  transport: string;
  firstConnectMs: number;
  connect: LatencySummary;
  roundTrip: LatencySummary & { lost: number };
  burst: { messages: number; received: number; ms: number; messagesPerSecond: number };
}

interface Probe {
  seq: number;
}

function connection(url: string, token: string): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(url, { accessTokenFactory: () => token, transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None)
    .build();
}

export async function benchHub(settings: HubSettings = DEFAULT_HUB): Promise<HubResult> {
  const server = await startBenchServer('pglite');
  const connections: HubConnection[] = [];
  try {
    const hub = server.app.services.hub;
    if (!hub) throw new Error('the app has no hub (services.hub is null)');
    const { accessToken, userId } = await login(server.origin);
    const url = `${server.origin}/chatmsg`;

    // start() is negotiate + WebSocket upgrade + handshake: what the client waits for after login.
    const connectSamples: number[] = [];
    let firstConnectMs = Number.NaN;
    for (let i = 0; i < settings.connects; i += 1) {
      const candidate = connection(url, accessToken);
      const started = performance.now();
      await candidate.start();
      const ms = performance.now() - started;
      if (i === 0) firstConnectMs = ms;
      else connectSamples.push(ms);
      await candidate.stop();
    }

    const client = connection(url, accessToken);
    connections.push(client);
    let waiting: { seq: number; resolve: () => void } | null = null;
    let received = 0;
    let burstDone: (() => void) | null = null;
    client.on('ReceiveMessage', (message: Probe) => {
      received += 1;
      if (waiting && message.seq === waiting.seq) waiting.resolve();
      if (burstDone && received >= settings.burst) burstDone();
    });
    await client.start();

    const sendAndWait = async (seq: number): Promise<number | null> => {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<boolean>((resolve) => {
        waiting = { seq, resolve: () => resolve(true) };
        timer = setTimeout(() => resolve(false), settings.messageTimeoutMs);
      });
      await hub.sendToUser(TENANT_ID, userId, 'ReceiveMessage', { seq, t: started });
      const ok = await arrived;
      clearTimeout(timer);
      waiting = null;
      return ok ? performance.now() - started : null;
    };

    for (let i = 0; i < settings.warmup; i += 1) await sendAndWait(-1 - i);
    const latencies: number[] = [];
    let lost = 0;
    const deadline = performance.now() + settings.maxPhaseMs;
    for (let i = 0; i < settings.messages && performance.now() < deadline; i += 1) {
      const ms = await sendAndWait(i);
      if (ms === null) lost += 1;
      else latencies.push(ms);
    }

    // Throughput: everything sent at once (a notice fan-out), timed until the client has handled the last one.
    received = 0;
    const burstStarted = performance.now();
    let burstTimer: NodeJS.Timeout | undefined;
    const allArrived = new Promise<void>((resolve) => {
      burstDone = resolve;
      burstTimer = setTimeout(resolve, settings.maxPhaseMs);
    });
    for (let i = 0; i < settings.burst; i += 1) await hub.sendToUser(TENANT_ID, userId, 'ReceiveMessage', { seq: 1_000_000 + i, t: 0 });
    await allArrived;
    const burstMs = performance.now() - burstStarted;
    clearTimeout(burstTimer);
    burstDone = null;

    return {
      transport: 'WebSockets',
      firstConnectMs: round(firstConnectMs),
      connect: summarize(connectSamples),
      roundTrip: { ...summarize(latencies), lost },
      burst: { messages: settings.burst, received, ms: round(burstMs, 1), messagesPerSecond: round(received / (burstMs / 1000), 0) },
    };
  } finally {
    for (const open of connections) await open.stop().catch(() => undefined);
    await server.close();
  }
}
