import type { ServerModule } from '../../common/module.js';
import { TaskView } from './view.entity.js';
import { TaskViewResolver } from './view.resolver.js';
import { viewRoutes } from './view.routes.js';

/** The view module's manifest: what it offers the composition root (api/modules/index.ts). */
export const viewModule: ServerModule = {
  name: 'view',
  entities: [TaskView],
  resolvers: [TaskViewResolver],
  routes: viewRoutes,
};
