// A process holding many real @microsoft/signalr clients of one hub, as wall displays and supervisors would be.
// Driven over IPC by live-load.ts: connect → ready; start {base, range} → record every event seq per connection
// (a bitmap, so 20,000 events × 250 clients stay small) and the arrival time of each batch's last seq; finish
// {batchEnds} → latencies against the sender's clock (same machine), events lost and repeated.
import { HubConnectionBuilder, HttpTransportType, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { LiveEvent } from '../../src/shared/live/events';

type Command =
  | { type: 'start'; base: number; range: number }
  | { type: 'finish'; expectedLast: number; batchEnds: Array<[number, number]> }
  | { type: 'exit' };

const [url, token, countText] = process.argv.slice(2);
const count = Number(countText);
const now = () => performance.timeOrigin + performance.now();

interface Client {
  connection: HubConnection;
  seen: Uint8Array;
  duplicates: number;
  outOfRange: number;
  /** seq of a batch's last event → when it arrived. */
  arrivals: Map<number, number>;
}

let base = 0;
let range = 0;
const clients: Client[] = [];

function onBatch(client: Client, batch: LiveEvent[]): void {
  const at = now();
  if (range === 0) return;
  for (const event of batch) {
    const index = event.seq - base - 1;
    if (index < 0 || index >= range) {
      client.outOfRange += 1;
      continue;
    }
    if (client.seen[index]) client.duplicates += 1;
    client.seen[index] = 1;
  }
  client.arrivals.set(batch[batch.length - 1].seq, at);
}

async function connectAll(): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const connection = new HubConnectionBuilder()
      .withUrl(`${url}/chatmsg`, { accessTokenFactory: () => token, transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
    const client: Client = { connection, seen: new Uint8Array(0), duplicates: 0, outOfRange: 0, arrivals: new Map() };
    connection.on('ReceiveEvent', (batch: LiveEvent[]) => onBatch(client, batch));
    clients.push(client);
  }
  // A few at a time: a thousand simultaneous negotiates measure the login storm, not the fan-out.
  for (let i = 0; i < clients.length; i += 25) await Promise.all(clients.slice(i, i + 25).map((c) => c.connection.start()));
}

function finish(expectedLast: number, batchEnds: Array<[number, number]>) {
  const expected = expectedLast - base;
  const latencies: number[] = [];
  let lost = 0;
  let duplicates = 0;
  let outOfRange = 0;
  for (const client of clients) {
    for (let i = 0; i < expected; i += 1) if (!client.seen[i]) lost += 1;
    duplicates += client.duplicates;
    outOfRange += client.outOfRange;
    for (const [seq, sentAt] of batchEnds) {
      const arrived = client.arrivals.get(seq);
      if (arrived !== undefined) latencies.push(arrived - sentAt);
    }
  }
  return { clients: clients.length, expectedPerClient: expected, lost, duplicates, outOfRange, latencies };
}

process.on('message', (command: Command) => {
  if (command.type === 'start') {
    base = command.base;
    range = command.range;
    for (const client of clients) {
      client.seen = new Uint8Array(range);
      client.arrivals.clear();
      client.duplicates = 0;
      client.outOfRange = 0;
    }
    process.send!({ type: 'started' });
  } else if (command.type === 'finish') {
    process.send!({ type: 'result', ...finish(command.expectedLast, command.batchEnds) });
  } else {
    void Promise.all(clients.map((c) => c.connection.stop())).finally(() => process.exit(0));
  }
});

connectAll().then(
  () => process.send!({ type: 'ready' }),
  (error: unknown) => {
    process.send!({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  },
);
