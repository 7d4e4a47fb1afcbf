// A process holding many hub clients, as wall displays and supervisors would be. Driven over IPC by live-load.ts:
// connect → ready; start {base, range} → record the arrival time of every event seq on every connection; finish
// {batchEnds} → for each post, when its last event reached each client, against the sender's clock (same machine);
// events lost and repeated.
//
// The clients speak the SignalR JSON protocol themselves (negotiate, WebSocket, handshake, pings) and read only the
// seqs out of each frame: a thousand full @microsoft/signalr clients parsing every event would need more CPU than
// the two cores the server runs on, and the bench would measure them, not the server. The official client is what
// the integration and browser tests use.
import WebSocket from 'ws';

type Command =
  | { type: 'start'; base: number; range: number }
  | { type: 'finish'; expectedLast: number; batchEnds: Array<[number, number]> }
  | { type: 'exit' };

const [url, token, countText] = process.argv.slice(2);
const count = Number(countText);
const now = () => performance.timeOrigin + performance.now();

interface Client {
  socket: WebSocket | null;
  /** Arrival time of each seq of the run (0: not yet): a typed array, so 15,000 events × 500 clients stay small. */
  arrivals: Float64Array;
  duplicates: number;
  outOfRange: number;
}

let base = 0;
let range = 0;
const clients: Client[] = [];

const RECORD_SEPARATOR = '\u001e';
const SEQ = /"seq":(\d+)/g;

/** One ReceiveEvent frame: every event seq in it checked off, the arrival of its last one noted. */
function onFrame(client: Client, frame: string, at: number): void {
  if (range === 0 || !frame.startsWith('{"type":1,"target":"ReceiveEvent"')) return;
  for (const match of frame.matchAll(SEQ)) {
    const index = Number(match[1]) - base - 1;
    if (index < 0 || index >= range) {
      client.outOfRange += 1;
      continue;
    }
    if (client.arrivals[index] > 0) client.duplicates += 1;
    else client.arrivals[index] = at;
  }
}

async function connect(client: Client): Promise<void> {
  const negotiated = await fetch(`${url}/chatmsg/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/chatmsg?id=${encodeURIComponent(connectionToken)}&access_token=${encodeURIComponent(token)}`);
  client.socket = socket;
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => socket.send(`{"protocol":"json","version":1}${RECORD_SEPARATOR}`));
    let handshaken = false;
    socket.on('message', (data) => {
      const at = now();
      const text = data.toString();
      for (const frame of text.split(RECORD_SEPARATOR)) {
        if (!frame) continue;
        if (!handshaken) {
          handshaken = true;
          if (frame !== '{}') reject(new Error(`handshake refused: ${frame}`));
          else resolve();
          continue;
        }
        onFrame(client, frame, at);
      }
    });
  });
}

async function connectAll(): Promise<void> {
  for (let i = 0; i < count; i += 1) clients.push({ socket: null, arrivals: new Float64Array(0), duplicates: 0, outOfRange: 0 });
  // A few at a time: a thousand simultaneous negotiates measure the login storm, not the fan-out.
  for (let i = 0; i < clients.length; i += 25) await Promise.all(clients.slice(i, i + 25).map(connect));
  // The server drops a client silent for 30 s.
  setInterval(() => {
    for (const client of clients) client.socket?.send(`{"type":6}${RECORD_SEPARATOR}`);
  }, 10_000).unref();
}

function finish(expectedLast: number, batchEnds: Array<[number, number]>) {
  const expected = expectedLast - base;
  const latencies: number[] = [];
  let lost = 0;
  let duplicates = 0;
  let outOfRange = 0;
  for (const client of clients) {
    for (let i = 0; i < expected; i += 1) if (!(client.arrivals[i] > 0)) lost += 1;
    duplicates += client.duplicates;
    outOfRange += client.outOfRange;
    for (const [seq, sentAt] of batchEnds) {
      const arrived = client.arrivals[seq - base - 1];
      if (arrived > 0) latencies.push(arrived - sentAt);
    }
  }
  return { clients: clients.length, expectedPerClient: expected, lost, duplicates, outOfRange, latencies };
}

process.on('message', (command: Command) => {
  if (command.type === 'start') {
    base = command.base;
    range = command.range;
    for (const client of clients) {
      client.arrivals = new Float64Array(range);
      client.duplicates = 0;
      client.outOfRange = 0;
    }
    process.send!({ type: 'started' });
  } else if (command.type === 'finish') {
    process.send!({ type: 'result', ...finish(command.expectedLast, command.batchEnds) });
  } else {
    for (const client of clients) client.socket?.close();
    setTimeout(() => process.exit(0), 200);
  }
});

connectAll().then(
  () => process.send!({ type: 'ready' }),
  (error: unknown) => {
    process.send!({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  },
);
