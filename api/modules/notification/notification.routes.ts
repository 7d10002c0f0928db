import { Router } from 'express';
import { badInput } from '../../common/errors.js';
import { body, handle, listPage } from '../../rest/http.js';
import * as notifications from './notification.service.js';

/** REST adapter of the notification service: /api/notifications. */
export function notificationRoutes(): Router {
  const r = Router();
  r.get(
    '/notifications',
    handle(async (req, ctx) => {
      const unread = req.query.unread;
      if (unread !== undefined && unread !== 'true' && unread !== 'false') throw badInput('unread must be true or false');
      const { limit, offset } = listPage(req, { max: 500, defaultLimit: 50 });
      const page = await notifications.listNotifications(ctx, { first: limit, offset, unreadOnly: unread === 'true' });
      return { items: page.items.map(notifications.notificationJson), totalCount: page.totalCount, unreadCount: page.unreadCount };
    }),
  );
  r.post(
    '/notifications/read',
    handle(async (req, ctx) => ({ unreadCount: await notifications.markNotificationsRead(ctx, body(req).ids) })),
  );
  r.get(
    '/notifications/preferences',
    handle(async (_req, ctx) => notifications.getPreferences(ctx)),
  );
  r.put(
    '/notifications/preferences',
    handle(async (req, ctx) => notifications.updatePreferences(ctx, body(req).preferences)),
  );
  return r;
}
