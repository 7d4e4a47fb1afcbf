import { targetOfEvent, type LiveEvent } from '../../../shared/live/events';
import type { HubServer } from '../../realtime';
import { tenantKey } from '../../db/tenant-key';
import { allGroup, enterpriseGroup, wideGroup } from './audience';
import type { StoredEvent } from './log';

/**
 * Events bound for one audience within this window leave as one hub message. At a thousand events a second to a
 * thousand clients, one message per transaction would be a frame per connection per device batch; the window keeps
 * it to a few dozen frames per connection per second for ≤ 20 ms of extra latency.
 */
const COALESCE_MS = 20;

const forClient = ({ seq, type, at, enterpriseIds, payload }: StoredEvent): LiveEvent => ({ seq, type, at, enterpriseIds, payload });

interface Batch {
  send: (events: LiveEvent[]) => Promise<void>;
  events: LiveEvent[];
}

class Coalescer {
  private batches = new Map<string, Batch>();
  private flushing: Promise<void> | null = null;

  constructor(private readonly windowMs: number) {}

  add(key: string, send: Batch['send'], event: LiveEvent): Promise<void> {
    const batch = this.batches.get(key) ?? { send, events: [] };
    batch.events.push(event);
    this.batches.set(key, batch);
    this.flushing ??= new Promise<void>((resolve) => {
      setTimeout(() => {
        const due = [...this.batches.values()];
        this.batches = new Map();
        this.flushing = null;
        // Transactions may commit (and so arrive here) out of seq order; a batch goes out in order.
        void Promise.all(due.map((b) => b.send(b.events.sort((x, y) => x.seq - y.seq)).catch(() => undefined))).then(() => resolve());
      }, this.windowMs);
    });
    return this.flushing;
  }
}

const coalescers = new WeakMap<HubServer, Coalescer>();
const coalescerOf = (hub: HubServer) => {
  let coalescer = coalescers.get(hub);
  if (!coalescer) coalescers.set(hub, (coalescer = new Coalescer(COALESCE_MS)));
  return coalescer;
};

/**
 * Pushes committed events to the hub groups and users that may see them, batched per audience and target. An event
 * goes to its groups as one audience, so a connection in several of them (a user linked to two parties of an order)
 * gets it once. Resolves once they have been handed to the hub.
 */
export async function publishEvents(hub: HubServer | null, tenantId: number | null, events: readonly StoredEvent[]): Promise<void> {
  if (!hub || events.length === 0) return;
  const coalescer = coalescerOf(hub);
  const tk = tenantKey(tenantId);
  const sent: Promise<void>[] = [];
  for (const event of events) {
    const target = targetOfEvent(event.type);
    const outgoing = forClient(event);
    if (event.userIds) {
      for (const userId of event.userIds) {
        sent.push(coalescer.add(`u:${tk}:${userId}:${target}`, (b) => hub.sendToUser(tenantId, userId, target, b), outgoing));
      }
      continue;
    }
    const groups = event.enterpriseIds
      ? [allGroup(tk, event.topic), ...event.enterpriseIds.map((id) => enterpriseGroup(tk, event.topic, id))]
      : [allGroup(tk, event.topic), wideGroup(tk, event.topic)];
    sent.push(coalescer.add(`g:${[...groups].sort().join('|')}:${target}`, (b) => hub.sendToGroups(groups, target, b), outgoing));
  }
  await Promise.all(sent);
}
