import type { ServerModule } from '../../common/module.js';
import { ManagerInsightResolver, ManagerResolver } from './manager.resolver.js';
import { managerRoutes } from './manager.routes.js';

/** The manager module's manifest: what it offers the composition root (api/modules/index.ts). */
export const managerModule: ServerModule = {
  name: 'manager',
  resolvers: [ManagerResolver, ManagerInsightResolver],
  routes: managerRoutes,
};
