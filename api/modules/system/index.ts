import type { ServerModule } from '../../common/module.js';
import { SystemStatusResolver } from './system.resolver.js';

/** The system module's manifest: what it offers the composition root (api/modules/index.ts). */
export const systemModule: ServerModule = {
  name: 'system',
  resolvers: [SystemStatusResolver],
};
