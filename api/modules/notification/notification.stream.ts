import type { ServiceContext } from '../../common/context.js';
import { createContext, requireActor } from '../../common/context.js';
import { END, queuedStream, SKIP } from '../../realtime/queued-stream.js';
import { Notification } from './notification.entity.js';

/** Notifications a subscriber may have waiting; beyond this the oldest are dropped (the list query has them all). */
export const NOTIFICATION_BACKLOG = 100;

/**
 * With `includeLatest`, the stream starts with the viewer's newest notification (if they have one):
 * it is read after the subscription listens, so a client that loaded its unread count before
 * subscribing learns that the count may have changed in between (and reloads it), without a gap.
 *
 * The viewer's new notifications, live, on every server process (the hub fans them out through Redis
 * when set): only those stored for the subscriber pass, each re-read from the database in a fresh
 * context with the subscriber re-loaded (an inactive or deleted user's stream ends).
 */
export function notificationStream(ctx: ServiceContext, options: { includeLatest?: boolean } = {}): AsyncIterableIterator<Notification> {
  const userId = requireActor(ctx).id;
  const LATEST = '';
  const delivered = new Set<string>();
  return queuedStream<string, Notification>({
    initial: options.includeLatest ? [LATEST] : [],
    listen: (push) => ctx.realtime.onNotification((message) => message.userId === userId && push(message.notificationId)),
    backlog: NOTIFICATION_BACKLOG,
    overflow: (queue) => queue.slice(-NOTIFICATION_BACKLOG),
    failure: 'A notification could not be delivered live',
    async resolve(id) {
      const scope = await createContext(ctx.app, { userId, timeZone: ctx.timeZone, ip: ctx.ip });
      if (!scope.actor) return END;
      const notification =
        id === LATEST
          ? await scope.em.findOne(Notification, { userId, inApp: true }, { orderBy: { createdAt: 'desc', id: 'desc' } })
          : await scope.em.findOne(Notification, { id, userId, inApp: true });
      if (!notification || delivered.has(notification.id)) return SKIP;
      if (delivered.size > NOTIFICATION_BACKLOG) delivered.clear();
      delivered.add(notification.id);
      return notification;
    },
  });
}
