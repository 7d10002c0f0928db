import type { ServerModule } from '../../common/module.js';
import { EmailInAddress } from './email-in.entity.js';
import { EmailInResolver } from './email-in.resolver.js';
import { emailInRoutes } from './email-in.routes.js';

/** The email-in module's manifest (api/modules/index.ts); its SMTP listener is started by api/app.ts (email-in.listener.ts). */
export const emailInModule: ServerModule = {
  name: 'email-in',
  entities: [EmailInAddress],
  resolvers: [EmailInResolver],
  routes: emailInRoutes,
};
