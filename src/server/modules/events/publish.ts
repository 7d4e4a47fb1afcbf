import { targetOfEvent, type LiveEvent } from '../../../shared/live/events';
import type { HubServer } from '../../realtime';
import { allGroup, enterpriseGroup, tenantKey, wideGroup } from './audience';
import type { StoredEvent } from './log';

const forClient = ({ seq, type, at, enterpriseIds, payload }: StoredEvent): LiveEvent => ({ seq, type, at, enterpriseIds, payload });

/**
 * Pushes committed events to the hub groups and users that may see them, one batch per audience and target, in seq
 * order. A user in two groups may get an event twice; the client drops the repeat by seq.
 */
export async function publishEvents(hub: HubServer | null, tenantId: number | null, events: readonly StoredEvent[]): Promise<void> {
  if (!hub || events.length === 0) return;
  const tk = tenantKey(tenantId);
  const batches = new Map<string, { send: (batch: LiveEvent[]) => Promise<void>; events: LiveEvent[] }>();
  const add = (key: string, send: (batch: LiveEvent[]) => Promise<void>, event: LiveEvent) => {
    const batch = batches.get(key) ?? { send, events: [] };
    batch.events.push(event);
    batches.set(key, batch);
  };
  for (const event of events) {
    const target = targetOfEvent(event.type);
    const outgoing = forClient(event);
    if (event.userIds) {
      for (const userId of event.userIds) add(`u:${userId}:${target}`, (b) => hub.sendToUser(tenantId, userId, target, b), outgoing);
      continue;
    }
    const groups = event.enterpriseIds
      ? [allGroup(tk, event.topic), ...event.enterpriseIds.map((id) => enterpriseGroup(tk, event.topic, id))]
      : [allGroup(tk, event.topic), wideGroup(tk, event.topic)];
    for (const group of groups) add(`g:${group}:${target}`, (b) => hub.sendToGroup(group, target, b), outgoing);
  }
  await Promise.all([...batches.values()].map((b) => b.send(b.events)));
}
