// A process holding many hub clients, as wall displays and supervisors would be. Driven over IPC by live-load.ts:
// connect and subscribe → ready; start {base, range} → note, for every seq of the run on every connection, when a
// frame first covered it; finish {batchEnds} → for each post, when its last event was covered on each client, against
// the sender's clock (same machine); seqs never covered (lost) and events received twice (repeated: an event a frame
// carries within the range of the connection's earlier frames, which never overlap when the hub is right).
//
// A frame covers every event in (after, upTo] the connection subscribed to, conflated ones included: a seq counts as
// delivered when a frame covering it arrives, whether it carries the event or the later state that superseded it.
// A frame that starts above the previous one's end leaves the seqs between uncovered: the product's client would fetch
// them from the log, the bench counts them lost.
//
// The clients speak the SignalR JSON protocol themselves (negotiate, WebSocket, handshake, pings) and read only the
// frame's range, counting its events, and the seqs of a frame that overlaps an earlier one: a thousand full
// @microsoft/signalr clients parsing every event would need more CPU than the two cores the server runs on, and the
// bench would measure them, not the server. The official client is
// what the integration and browser tests use.
import WebSocket from 'ws';

type Command =
  | { type: 'start'; base: number; range: number }
  | { type: 'finish'; expectedLast: number; batchEnds: Array<[number, number]> }
  | { type: 'exit' };

const [url, token, countText, streamsText] = process.argv.slice(2);
const count = Number(countText);
const streams = streamsText.split(',');
const now = () => performance.timeOrigin + performance.now();

interface Client {
  socket: WebSocket | null;
  /** When a frame first covered each seq of the run (0: not yet): a typed array, so 15,000 seqs × 500 clients stay small. */
  coveredAt: Float64Array;
  /** The end of the last frame (0 before the first): a frame starting below it overlaps. */
  lastUpTo: number;
  events: number;
  repeated: number;
  frames: number;
}

let base = 0;
let range = 0;
const clients: Client[] = [];

const RECORD_SEPARATOR = '\u001e';
const FRAME_HEAD = /^\{"type":1,"target":"ReceiveFrame","arguments":\[\{"after":(\d+),"upTo":(\d+),"events":/;
const SEQ = /"seq":(\d+)/g;

/** The events a frame carries: one `"seq":` each (no payload holds that text). */
function countEvents(message: string, from: number): number {
  let count = 0;
  for (let at = message.indexOf('"seq":', from); at !== -1; at = message.indexOf('"seq":', at + 6)) count += 1;
  return count;
}

/** One ReceiveFrame message: its range covered, its events counted, those within an earlier frame's range repeats. */
function onMessage(client: Client, message: string, at: number): void {
  const head = FRAME_HEAD.exec(message);
  if (!head || range === 0) return;
  const after = Number(head[1]);
  const upTo = Number(head[2]);
  client.frames += 1;
  client.events += countEvents(message, head[0].length);
  if (after < client.lastUpTo) {
    for (const match of message.slice(head[0].length).matchAll(SEQ)) if (Number(match[1]) <= client.lastUpTo) client.repeated += 1;
  }
  client.lastUpTo = Math.max(client.lastUpTo, upTo);
  const end = Math.min(upTo - base, range);
  for (let i = Math.max(after - base, 0); i < end; i += 1) if (client.coveredAt[i] === 0) client.coveredAt[i] = at;
}

async function connect(client: Client): Promise<void> {
  const negotiated = await fetch(`${url}/chatmsg/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/chatmsg?id=${encodeURIComponent(connectionToken)}&access_token=${encodeURIComponent(token)}`);
  client.socket = socket;
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => socket.send(`{"protocol":"json","version":1}${RECORD_SEPARATOR}`));
    let state: 'handshake' | 'subscribing' | 'live' = 'handshake';
    socket.on('message', (data) => {
      const at = now();
      for (const message of data.toString().split(RECORD_SEPARATOR)) {
        if (!message) continue;
        if (state === 'handshake') {
          if (message !== '{}') return reject(new Error(`handshake refused: ${message}`));
          state = 'subscribing';
          socket.send(`${JSON.stringify({ type: 1, invocationId: 'streams', target: 'Subscribe', arguments: [streams] })}${RECORD_SEPARATOR}`);
        } else if (state === 'subscribing' && message.startsWith('{"type":3')) {
          if (message.includes('"error"')) return reject(new Error(`subscription refused: ${message}`));
          state = 'live';
          resolve();
        } else {
          onMessage(client, message, at);
        }
      }
    });
  });
}

async function connectAll(): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    clients.push({ socket: null, coveredAt: new Float64Array(0), lastUpTo: 0, events: 0, repeated: 0, frames: 0 });
  }
  // A few at a time: a thousand simultaneous negotiates measure the login storm, not the fan-out.
  for (let i = 0; i < clients.length; i += 25) await Promise.all(clients.slice(i, i + 25).map(connect));
  // The server drops a client silent for 30 s.
  setInterval(() => {
    for (const client of clients) client.socket?.send(`{"type":6}${RECORD_SEPARATOR}`);
  }, 10_000).unref();
}

function finish(expectedLast: number, batchEnds: Array<[number, number]>) {
  const expected = Math.min(expectedLast - base, range);
  const latencies: number[] = [];
  let lost = 0;
  let repeated = 0;
  let frames = 0;
  let events = 0;
  for (const client of clients) {
    for (let i = 0; i < expected; i += 1) if (!(client.coveredAt[i] > 0)) lost += 1;
    events += client.events;
    repeated += client.repeated;
    frames += client.frames;
    for (const [seq, sentAt] of batchEnds) {
      const covered = client.coveredAt[seq - base - 1];
      if (covered > 0) latencies.push(covered - sentAt);
    }
  }
  return { clients: clients.length, expectedPerClient: expected, lost, repeated, frames, events, latencies };
}

process.on('message', (command: Command) => {
  if (command.type === 'start') {
    base = command.base;
    range = command.range;
    for (const client of clients) {
      client.coveredAt = new Float64Array(range);
      client.events = 0;
      client.repeated = 0;
      client.frames = 0;
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
