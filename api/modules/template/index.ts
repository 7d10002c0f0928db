import type { ServerModule } from '../../common/module.js';
import { TaskTemplate, TemplateSubtask } from './template.entity.js';
import { TaskTemplateResolver } from './template.resolver.js';
import { templateRoutes } from './template.routes.js';
import { templateConfigKeys } from './template.config-keys.js';

/** The template module's manifest: what it offers the composition root (api/modules/index.ts). */
export const templateModule: ServerModule = {
  name: 'template',
  entities: [TaskTemplate, TemplateSubtask],
  resolvers: [TaskTemplateResolver],
  routes: templateRoutes,
  configKeyHolder: templateConfigKeys,
};
