import type { ServerModule } from '../../common/module.js';
import { Subtask } from './subtask.entity.js';
import { SubtaskResolver, TaskSubtasksResolver } from './subtask.resolver.js';
import { subtaskRoutes } from './subtask.routes.js';
import { subtaskLoaders } from './subtask.loaders.js';
import { subtaskTaskPart } from './subtask.task-part.js';

/** The subtask module's manifest: what it offers the composition root (api/modules/index.ts). */
export const subtaskModule: ServerModule = {
  name: 'subtask',
  entities: [Subtask],
  resolvers: [SubtaskResolver, TaskSubtasksResolver],
  routes: subtaskRoutes,
  loaders: subtaskLoaders,
  taskPart: subtaskTaskPart,
};
