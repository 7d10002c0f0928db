import type { ServerModule } from '../../common/module.js';
import { ActivityConnectionResolver, ActivityResolver } from './activity.resolver.js';
import { activityRoutes } from './activity.routes.js';

/** The activity module's manifest: what it offers the composition root (api/modules/index.ts). */
export const activityModule: ServerModule = {
  name: 'activity',
  resolvers: [ActivityResolver, ActivityConnectionResolver],
  routes: activityRoutes,
};
