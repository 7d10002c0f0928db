import type { ServerModule } from '../../common/module.js';
import { ApiToken } from './token.entity.js';
import { ApiTokenResolver } from './token.resolver.js';
import { tokenRoutes } from './token.routes.js';

/** The token module's manifest: what it offers the composition root (api/modules/index.ts). */
export const tokenModule: ServerModule = {
  name: 'token',
  entities: [ApiToken],
  resolvers: [ApiTokenResolver],
  routes: tokenRoutes,
};
