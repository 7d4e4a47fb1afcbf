import { TOPIC_PERMISSIONS, type EventTopic } from '../../../shared/live/events';
import type { Session } from '../../http/context';
import type { FeedAudience } from '../../realtime';

export function topicsOf(session: Pick<Session, 'permissions'>): EventTopic[] {
  return (Object.keys(TOPIC_PERMISSIONS) as EventTopic[])
    .filter((topic) => TOPIC_PERMISSIONS[topic].some((p) => session.permissions.has(p)));
}

/**
 * What a hub connection may see, fixed for its life (a changed role or link takes effect on reconnect): the topics its
 * permissions allow, within its enterprises (null: not linked to any, the whole tenant).
 */
export function audienceOf(session: Pick<Session, 'permissions' | 'enterpriseIds'>): FeedAudience {
  return { topics: topicsOf(session), enterpriseIds: session.enterpriseIds === null ? null : [...session.enterpriseIds] };
}
