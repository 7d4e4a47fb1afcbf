import { EVENTS_PAGE_DEFAULT, EVENTS_PAGE_MAX, type EventsAfterResult } from '../../../shared/live/events';
import type { AppServiceRegistry } from '../../http/app-services';
import type { RequestContext } from '../../http/context';
import type { HubServer } from '../../realtime';
import type { TenantCalendar } from '../../../shared/time';
import { zoneOfTenant } from '../../time';
import { topicsOf } from './audience';
import type { Db } from '../../db/database';
import { appendEvents, eventsAfter, headOf, type NewEvent, type StoredEvent } from './log';
import { publishEvents } from './publish';

export { appendEvents, headOf, type NewEvent, type StoredEvent } from './log';
export { publishEvents } from './publish';
export { audienceOf } from './audience';

export function registerEvents(registry: AppServiceRegistry): void {
  registry.add({
    service: 'Events', method: 'GetEventsAfter', verb: 'GET', access: 'user',
    parameters: ['after', 'maxResultCount'],
    summary: 'The caller\'s live events after a sequence number, oldest first (catch-up after a reconnect)',
    async handler(ctx, input): Promise<EventsAfterResult> {
      const session = ctx.session!;
      // Read the head first: every event up to it has committed, so the page below cannot miss one of them.
      const head = await headOf(ctx.db, ctx.tenantId);
      const after = input.optionalInt('after', { min: 0 });
      if (after === undefined) return { items: [], head, hasMore: false };
      const limit = input.optionalInt('maxResultCount', { min: 1, max: EVENTS_PAGE_MAX }) ?? EVENTS_PAGE_DEFAULT;
      const viewer = { userId: session.userId, topics: topicsOf(session), enterpriseIds: session.enterpriseIds };
      const { items, hasMore } = await eventsAfter(ctx.db, ctx.tenantId, viewer, after, limit);
      // Events committed after the head was read may be in the page: the head is then the page's last one.
      const lastSeen = items.length > 0 ? items[items.length - 1].seq : 0;
      return { items, head: Math.max(head, lastSeen), hasMore };
    },
  });
}

/** Who writes: a request's context, or the hub, tenant and calendar of a writer without one (devices, the sweeper, notices). */
export type EventWriter = Pick<RequestContext, 'hub' | 'tenantId'> & { calendar: Pick<TenantCalendar, 'zone'> };

/** The writer of a tenant's events outside any request (the sweeper, a device's batch, a notice). */
export async function tenantWriter(hub: HubServer | null, db: Db, tenantId: number | null): Promise<EventWriter> {
  return { hub, tenantId, calendar: { zone: await zoneOfTenant(db, tenantId) } };
}

/**
 * Records events in the caller's transaction and pushes them once it commits: the one call a write that clients
 * watch needs. Under the tenant's counter lock until commit, so call it late in the transaction.
 */
export async function recordEvents(writer: EventWriter, tx: Db, events: readonly NewEvent[]): Promise<StoredEvent[]> {
  const stored = await appendEvents(tx, writer.tenantId, events, writer.calendar.zone);
  if (stored.length === 0) return stored;
  const { hub, tenantId } = writer;
  // Not awaited: the response need not wait for the push's coalescing window.
  tx.onCommit(() => { void publishEvents(hub, tenantId, stored); });
  return stored;
}
