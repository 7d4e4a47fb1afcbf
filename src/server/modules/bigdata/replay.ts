import { REPLAY_PAGE_MAX, REPLAY_TYPES, type ReplayPage } from '../../../shared/bigdata';
import type { Input } from '../../http/input';
import type { RequestContext } from '../../http/context';
import { topicsOf } from '../events/audience';
import { eventsWithin, headOf } from '../events/log';

/**
 * The last `Minutes` of what the screen draws, up to the server's clock now, a bounded page at a time; `UpTo` defaults
 * to the head now.
 */
export async function readReplay(ctx: RequestContext, input: Input): Promise<ReplayPage> {
  const session = ctx.session!;
  const minutes = input.requiredInt('Minutes', { min: 1, max: 1440 });
  const upTo = input.optionalInt('UpTo', { min: 0 }) ?? await headOf(ctx.db, ctx.tenantId);
  const after = input.optionalInt('After', { min: 0 }) ?? 0;
  const limit = input.optionalInt('MaxResultCount', { min: 1, max: REPLAY_PAGE_MAX }) ?? REPLAY_PAGE_MAX;
  const viewer = { userId: session.userId, topics: topicsOf(session), enterpriseIds: session.enterpriseIds };
  return eventsWithin(ctx.db, ctx.tenantId, viewer, { minutes, now: ctx.calendar.now(), upTo, types: REPLAY_TYPES }, after, limit);
}
