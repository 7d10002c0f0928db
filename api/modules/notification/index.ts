import type { ServerModule } from '../../common/module.js';
import { Notification, NotificationSettings } from './notification.entity.js';
import { NotificationResolver } from './notification.resolver.js';
import { notificationRoutes } from './notification.routes.js';

/** The notification module's manifest: what it offers the composition root (api/modules/index.ts). */
export const notificationModule: ServerModule = {
  name: 'notification',
  entities: [Notification, NotificationSettings],
  resolvers: [NotificationResolver],
  routes: notificationRoutes,
};
