import type { EventsAfterResult } from '../../shared/live/events';
import { WALL_METHODS } from '../../shared/bigdata';
import { callApi } from '../api/http';

const EVENTS_AFTER_PATH = `/api/services/app/${WALL_METHODS.eventsAfter}`;

/**
 * The caller's visible events after `after`, oldest first; without `after` no events, only the head to start from.
 * Silent: a failed catch-up is retried by the hub saga, not reported in a modal.
 */
export function getEventsAfter(after: number | null, maxResultCount: number): Promise<EventsAfterResult> {
  const query = after === null ? { maxResultCount } : { after, maxResultCount };
  return callApi('GET', EVENTS_AFTER_PATH, query, { silent: true });
}
