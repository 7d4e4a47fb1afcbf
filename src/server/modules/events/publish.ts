import type { HubServer } from '../../realtime';
import type { StoredEvent } from './log';

/**
 * Hands committed events to the hub, which orders them per tenant on every instance and sends each connection the
 * ones it may see and subscribed to, in frames. Resolves once they have been handed over.
 */
export async function publishEvents(hub: HubServer | null, tenantId: number | null, events: readonly StoredEvent[]): Promise<void> {
  if (!hub || events.length === 0) return;
  await hub.publishEvents(tenantId, events);
}
