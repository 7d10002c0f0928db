import type { ServerModule } from '../../common/module.js';
import { Attachment } from './attachment.entity.js';
import { AttachmentResolver, TaskAttachmentsResolver } from './attachment.resolver.js';
import { attachmentRoutes, attachmentUploadRoutes } from './attachment.routes.js';
import { attachmentLoaders } from './attachment.loaders.js';

/**
 * The attachment module's manifest (files on tasks): what it offers the composition root
 * (api/modules/index.ts). It offers no task part: a deleted task keeps its files, so a restore (same id)
 * finds them again.
 */
export const attachmentModule: ServerModule = {
  name: 'attachment',
  entities: [Attachment],
  resolvers: [AttachmentResolver, TaskAttachmentsResolver],
  routes: attachmentRoutes,
  uploadRoutes: attachmentUploadRoutes,
  loaders: attachmentLoaders,
};
