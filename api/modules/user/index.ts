import type { ServerModule } from '../../common/module.js';
import { User } from './user.entity.js';
import { UserResolver } from './user.resolver.js';
import { userRoutes } from './user.routes.js';
import { userLoaders } from './user.loaders.js';

/** The user module's manifest: what it offers the composition root (api/modules/index.ts). */
export const userModule: ServerModule = {
  name: 'user',
  entities: [User],
  resolvers: [UserResolver],
  routes: userRoutes,
  loaders: userLoaders,
};
