import type { ServerModule } from '../../common/module.js';
import { workspaceTransferRoutes } from './transfer.routes.js';

/** Workspace export and import (docs/WORKSPACE-FORMAT.md): the admin's download; the commands are api/db/export.ts and import.ts. */
export const workspaceTransferModule: ServerModule = {
  name: 'workspace-transfer',
  routes: workspaceTransferRoutes,
};
