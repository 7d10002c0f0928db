import type { ServerModule } from '../../common/module.js';
import { TaskComment } from './comment.entity.js';
import { CommentResolver, TaskCommentsResolver } from './comment.resolver.js';
import { commentRoutes } from './comment.routes.js';
import { commentLoaders } from './comment.loaders.js';
import { commentTaskPart } from './comment.task-part.js';

/** The comment module's manifest: what it offers the composition root (api/modules/index.ts). */
export const commentModule: ServerModule = {
  name: 'comment',
  entities: [TaskComment],
  resolvers: [CommentResolver, TaskCommentsResolver],
  routes: commentRoutes,
  loaders: commentLoaders,
  taskPart: commentTaskPart,
};
