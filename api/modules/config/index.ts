import type { ServerModule } from '../../common/module.js';
import { SystemConfig } from './config.entity.js';
import { SystemConfigResolver } from './config.resolver.js';
import { systemConfigRoutes } from './config.routes.js';

/** The config module's manifest: what it offers the composition root (api/modules/index.ts). */
export const configModule: ServerModule = {
  name: 'config',
  entities: [SystemConfig],
  resolvers: [SystemConfigResolver],
  routes: systemConfigRoutes,
};
