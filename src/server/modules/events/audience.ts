import { TOPIC_PERMISSIONS, type EventTopic } from '../../../shared/live/events';
import type { Session } from '../../http/context';
import type { FeedAudience } from '../../realtime';

/**
 * Recycling events concern the whole tenant's machines and households; a user limited to scheme areas reads those
 * through the area-scoped calls instead.
 */
export function topicsOf(session: Pick<Session, 'permissions' | 'areas'>): EventTopic[] {
  return (Object.keys(TOPIC_PERMISSIONS) as EventTopic[])
    .filter((topic) => TOPIC_PERMISSIONS[topic].some((p) => session.permissions.has(p)))
    .filter((topic) => topic !== 'recycling' || session.areas === null);
}

/**
 * What a hub connection may see, fixed for its life (a changed role or link takes effect on reconnect): the topics its
 * permissions allow, within its enterprises (null: not linked to any, the whole tenant).
 */
export function audienceOf(session: Pick<Session, 'permissions' | 'enterpriseIds' | 'areas'>): FeedAudience {
  return { topics: topicsOf(session), enterpriseIds: session.enterpriseIds === null ? null : [...session.enterpriseIds] };
}
