import type { ServerModule } from '../../common/module.js';
import { PresenceResolver } from './presence.resolver.js';

/** The presence module's manifest (who is here now): what it offers the composition root (api/modules/index.ts). */
export const presenceModule: ServerModule = {
  name: 'presence',
  resolvers: [PresenceResolver],
};

export { closePresence, presenceStore } from './presence.store.js';
