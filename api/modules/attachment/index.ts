import type { ServerModule } from '../../common/module.js';
import { Attachment } from './attachment.entity.js';
import { AttachmentResolver, CommentAttachmentsResolver, TaskAttachmentsResolver } from './attachment.resolver.js';
import { commentAttachmentPart } from './attachment.comments.js';
import { attachmentRoutes, attachmentUploadRoutes } from './attachment.routes.js';
import { attachmentLoaders } from './attachment.loaders.js';

/**
 * The attachment module's manifest (files on tasks): what it offers the composition root
 * (api/modules/index.ts). It offers no task part: a deleted task keeps its files, so a restore (same id)
 * finds them again. It offers a comment part: a comment's files go with the comment.
 */
export const attachmentModule: ServerModule = {
  name: 'attachment',
  entities: [Attachment],
  resolvers: [AttachmentResolver, TaskAttachmentsResolver, CommentAttachmentsResolver],
  routes: attachmentRoutes,
  uploadRoutes: attachmentUploadRoutes,
  loaders: attachmentLoaders,
  commentPart: commentAttachmentPart,
};
