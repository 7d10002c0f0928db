import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { User } from '../user/user.entity.js';
import { ViewerCan } from '../../graphql/viewer-can.js';
import { Task } from '../task/task.entity.js';
import { TaskComment } from './comment.entity.js';
import { CommentInput } from './comment.inputs.js';
import { loadUser, Mention, mentionsOf } from '../task/index.js';
import * as comments from './comment.service.js';

/** GraphQL adapter of the comment service. */
@Resolver(() => TaskComment)
export class CommentResolver {
  @Query(() => [TaskComment], { description: 'The comments of a task the viewer may read, oldest first' })
  comments(@Ctx() ctx: ServiceContext, @Arg('taskId', () => ID) taskId: string): Promise<TaskComment[]> {
    return comments.listComments(ctx, taskId);
  }

  @Mutation(() => TaskComment, { description: 'Adds a comment written by the signed-in user' })
  addComment(@Ctx() ctx: ServiceContext, @Arg('taskId', () => ID) taskId: string, @Arg('input', () => CommentInput) input: CommentInput): Promise<TaskComment> {
    return comments.addComment(ctx, taskId, { ...input });
  }

  @Mutation(() => TaskComment, { description: "Changes a comment's text (its author only); people newly mentioned are notified" })
  updateComment(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string, @Arg('content', () => String) content: string): Promise<TaskComment> {
    return comments.updateComment(ctx, id, { content });
  }

  @FieldResolver(() => [Mention], { description: 'The people the text mentions (tokens @[Name](user:id)), with their current names' })
  mentions(@Root() comment: TaskComment, @Ctx() ctx: ServiceContext): Promise<Mention[]> {
    return mentionsOf(ctx, comment.content);
  }

  @Mutation(() => ID, { description: 'Deletes a comment (its author, or an admin); returns its id' })
  deleteComment(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<string> {
    return comments.deleteComment(ctx, id);
  }

  @FieldResolver(() => User, { nullable: true, description: 'The author (null if the user no longer exists)' })
  author(@Root() comment: TaskComment, @Ctx() ctx: ServiceContext): User | null | Promise<User | null> {
    return loadUser(ctx, comment.userId);
  }

  @FieldResolver(() => ViewerCan)
  viewerCan(@Root() comment: TaskComment, @Ctx() ctx: ServiceContext): Promise<ViewerCan> {
    return comments.commentPermissions(ctx, comment);
  }
}

/** A task's comments field: the comment module's, so the task module need not know comments. */
@Resolver(() => Task)
export class TaskCommentsResolver {
  @FieldResolver(() => [TaskComment], { description: 'Its comments, oldest first (batched)' })
  comments(@Root() task: Task, @Ctx() ctx: ServiceContext): TaskComment[] | Promise<TaskComment[]> {
    return comments.commentsOf(ctx, task);
  }
}
