import type { ServerModule } from '../../common/module.js';
import { ImportJob, ImportRef } from './import.entity.js';
import { ImportResolver } from './import.resolver.js';
import { importRoutes, importUploadRoutes } from './import.routes.js';

/** The import module's manifest (Trello, Todoist and CSV importers): what it offers the composition root (api/modules/index.ts). */
export const importModule: ServerModule = {
  name: 'import',
  entities: [ImportJob, ImportRef],
  resolvers: [ImportResolver],
  routes: importRoutes,
  uploadRoutes: importUploadRoutes,
};
