import type { FastifyInstance } from 'fastify';
import type { ResourceHooks } from '../../crud/engine';
import { sql } from '../../crud/sql';
import type { AppServiceRegistry } from '../../http/app-services';
import type { Services } from '../../http/context';
import { errors } from '../../http/errors';
import { deliverWaiting } from './delivery';
import { registerMessageMethods } from './messages';
import { registerNoticeMethods } from './notices';
import { trackPresence } from './presence';
import { defineModule } from '../../crud/module';
import { chatlog } from '../../../shared/resources';

export { isUserOnline, onlineUserIds } from './presence';

/** Chat beyond the declared ChatLog resource: sending, history, unread counts, reading, and the notices. */
export function registerChatMethods(registry: AppServiceRegistry): void {
  registerMessageMethods(registry);
  registerNoticeMethods(registry);
}

/** The declared `ChatLog/GetAll` and `Get` show the caller's own messages only, sent or received. */
export const chatLogHooks: ResourceHooks<typeof chatlog> = {
  listConditions(ctx) {
    const me = ctx.session!.userId;
    return [sql`(t.from_user_id = ${me} or t.to_user_id = ${me})`];
  },
  async detail(ctx, _db, row) {
    const me = ctx.session!.userId;
    if (row.fromUserId !== me && row.toUserId !== me) throw errors.notFound(ctx.language, 'ChatLog', row.id);
    return row;
  },
};

/**
 * The hub side of chat: presence rows for every connection of this instance (who is online, across instances), and
 * the messages that waited for a user pushed to each new connection. Stopped when the server closes.
 */
export function attachChat(server: FastifyInstance, services: Services): void {
  const hub = services.hub;
  if (!hub) return;
  const presence = trackPresence(services.db, hub, server.log);
  const deliveries = new Set<Promise<unknown>>();
  hub.onConnect((ctx) => {
    const delivery = deliverWaiting(services.db, hub, ctx)
      .catch((err: unknown) => server.log.warn({ err, connectionId: ctx.connectionId }, 'chat: delivering waiting messages failed'))
      .finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  });
  server.addHook('onClose', async () => {
    await Promise.all(deliveries);
    await presence.stop();
  });
}

export const chatLogModule = defineModule({ resource: chatlog, hooks: chatLogHooks, methods: registerChatMethods });
