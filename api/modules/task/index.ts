import type { ServerModule } from '../../common/module.js';
import { Task } from './task.entity.js';
import { TaskResolver } from './task.resolver.js';
import { taskRoutes } from './task.routes.js';
import { taskLoaders } from './task.loaders.js';
import { taskConfigKeys } from './task-references.js';

/** The task module's manifest: what it offers the composition root (api/modules/index.ts). */
export const taskModule: ServerModule = {
  name: 'task',
  entities: [Task],
  resolvers: [TaskResolver],
  routes: taskRoutes,
  loaders: taskLoaders,
  configKeyHolder: taskConfigKeys,
};
