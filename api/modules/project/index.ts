import type { ServerModule } from '../../common/module.js';
import { Project } from './project.entity.js';
import { ProjectResolver } from './project.resolver.js';
import { projectRoutes } from './project.routes.js';

/** The project module's manifest: what it offers the composition root (api/modules/index.ts). */
export const projectModule: ServerModule = {
  name: 'project',
  entities: [Project],
  resolvers: [ProjectResolver],
  routes: projectRoutes,
};
