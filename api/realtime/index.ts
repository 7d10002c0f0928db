import type { ServerModule } from '../common/module.js';
import { TaskEvent } from './task-event.entity.js';
import { BoardResolver } from './board.resolver.js';

/** The realtime module's manifest: what it offers the composition root (api/modules/index.ts). */
export const realtimeModule: ServerModule = {
  name: 'realtime',
  entities: [TaskEvent],
  resolvers: [BoardResolver],
};
