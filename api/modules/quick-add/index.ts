import type { ServerModule } from '../../common/module.js';
import { QuickAddResolver } from './quick-add.resolver.js';
import { quickAddRoutes } from './quick-add.routes.js';

/** The quick-add module's manifest: what it offers the composition root (api/modules/index.ts). */
export const quickAddModule: ServerModule = {
  name: 'quick-add',
  resolvers: [QuickAddResolver],
  routes: quickAddRoutes,
};
