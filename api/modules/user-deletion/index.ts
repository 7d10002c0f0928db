import type { ServerModule } from '../../common/module.js';
import { UserDeletionResolver } from './user-deletion.resolver.js';
import { userDeletionRoutes } from './user-deletion.routes.js';

/** The user-deletion module's manifest: what it offers the composition root (api/modules/index.ts). */
export const userDeletionModule: ServerModule = {
  name: 'user-deletion',
  resolvers: [UserDeletionResolver],
  routes: userDeletionRoutes,
};
