import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Resolver, Root } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { User } from '../user/user.entity.js';
import { ViewerCan } from '../../graphql/viewer-can.js';
import { loadUser } from '../task/index.js';
import { Task } from '../task/task.entity.js';
import { TaskComment } from '../comment/comment.entity.js';
import { Attachment } from './attachment.entity.js';
import { commentAttachmentsOf } from './attachment.comments.js';
import { attachmentUrl } from './attachment.presenter.js';
import * as attachments from './attachment.service.js';

/** GraphQL adapter of the attachment service (uploads are REST: POST /api/tasks/:id/attachments). */
@Resolver(() => Attachment)
export class AttachmentResolver {
  @Mutation(() => Attachment, { description: 'Renames a file attached to a task (its uploader, or anyone who may change the task)' })
  renameAttachment(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string, @Arg('name', () => String) name: string): Promise<Attachment> {
    return attachments.renameAttachment(ctx, id, name);
  }

  @Mutation(() => ID, { description: 'Deletes a file attached to a task (its uploader, or anyone who may change the task); returns its id' })
  deleteAttachment(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<string> {
    return attachments.deleteAttachment(ctx, id);
  }

  @FieldResolver(() => String, { description: 'Where its bytes are read (same origin); add ?download=1 to always download' })
  url(@Root() attachment: Attachment): string {
    return attachmentUrl(attachment);
  }

  @FieldResolver(() => User, { nullable: true, description: 'Who added it (null if the user no longer exists)' })
  uploadedBy(@Root() attachment: Attachment, @Ctx() ctx: ServiceContext): User | null | Promise<User | null> {
    return loadUser(ctx, attachment.uploadedById);
  }

  @FieldResolver(() => ViewerCan, { description: 'update: rename; delete: delete' })
  viewerCan(@Root() attachment: Attachment, @Ctx() ctx: ServiceContext): Promise<ViewerCan> {
    return attachments.attachmentPermissions(ctx, attachment);
  }
}

/** A task's attachments field: the attachment module's, so the task module need not know attachments. */
@Resolver(() => Task)
export class TaskAttachmentsResolver {
  @FieldResolver(() => [Attachment], { description: "Its own attached files, oldest first (batched); its comments' files are under each comment" })
  attachments(@Root() task: Task, @Ctx() ctx: ServiceContext): Attachment[] | Promise<Attachment[]> {
    return attachments.attachmentsOf(ctx, task);
  }

  @FieldResolver(() => Int, { description: "How many files it holds, its comments' included (read with the rows of a task page; batched otherwise)" })
  attachmentCount(@Root() task: Task, @Ctx() ctx: ServiceContext): number | Promise<number> {
    return ctx.loaders.attachmentCount.get(task.id);
  }
}

/** A comment's attachments field: the attachment module's, so the comment module need not know attachments. */
@Resolver(() => TaskComment)
export class CommentAttachmentsResolver {
  @FieldResolver(() => [Attachment], { description: 'The files attached to it, oldest first (batched)' })
  attachments(@Root() comment: TaskComment, @Ctx() ctx: ServiceContext): Attachment[] | Promise<Attachment[]> {
    return commentAttachmentsOf(ctx, comment);
  }
}
