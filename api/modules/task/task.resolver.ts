import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { decodeKeysetCursor, keysetConnection, selectedNodeFields, selectsField } from '../../graphql/connection.js';
import { isOverdue } from '../../../schema/domain/task-rules.js';
import { User } from '../user/user.entity.js';
import { Task } from './task.entity.js';
import { TaskColumn } from './task.enums.js';
import { MoveTaskInput, TaskFilter, TaskInput } from './task.inputs.js';
import { SubtaskCount, TaskConnection } from './task.types.js';
import { ViewerCan } from '../../graphql/viewer-can.js';
import { createTask } from './commands/create-task.js';
import { updateTask } from './commands/update-task.js';
import { moveTask } from './commands/move-task.js';
import { deleteTask, deleteTasks } from './commands/delete-tasks.js';
import { restoreDeletedTasks, restoreFromAudit } from './commands/restore-task.js';
import { getReadableTask, taskPermissions } from './task.access.js';
import { taskColumn } from './task.placement.js';
import { loadUser, preloadTaskFields } from './task.preload.js';
import { parseSortOrder, parseTaskPosition, taskPosition, type TaskSortField } from './task.order.js';
import { listTasks, listTaskTags } from './task.query.js';
import { descriptionMentionsOf, Mention, MentionCandidate, mentionableUsers } from './task.mentions.js';

/** GraphQL adapter of the task service (a task's subtasks and comments fields are their modules'). */
@Resolver(() => Task)
export class TaskResolver {
  @Query(() => Task, { description: 'One task the viewer may read (NOT_FOUND otherwise)' })
  task(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<Task> {
    return getReadableTask(ctx, id);
  }

  @Query(() => [MentionCandidate], {
    description:
      "Up to 10 people who can read the task whose name or username contains search (offered for @); without taskId, those who will read the viewer's new task assigned to assignedToId (default the viewer)",
  })
  mentionableUsers(
    @Ctx() ctx: ServiceContext,
    @Arg('taskId', () => ID, { nullable: true }) taskId?: string | null,
    @Arg('search', () => String, { nullable: true }) search?: string | null,
    @Arg('assignedToId', () => ID, { nullable: true }) assignedToId?: string | null,
  ): Promise<MentionCandidate[]> {
    return mentionableUsers(ctx, taskId, search, assignedToId);
  }

  @FieldResolver(() => [Mention], { description: 'The people the description mentions (tokens @[Name](user:id)), with their current names' })
  descriptionMentions(@Root() task: Task, @Ctx() ctx: ServiceContext): Promise<Mention[]> {
    return descriptionMentionsOf(ctx, task);
  }

  @Query(() => [String], { description: "The distinct tags of the tasks the viewer may read (the listing's Tag filter options)" })
  taskTags(@Ctx() ctx: ServiceContext): Promise<string[]> {
    return listTaskTags(ctx);
  }

  @Query(() => TaskConnection, { description: 'Tasks the viewer may read, newest change first by default' })
  async tasks(
    @Ctx() ctx: ServiceContext,
    @Arg('filter', () => TaskFilter, { nullable: true }) filter: TaskFilter | null,
    @Arg('first', () => Int, { nullable: true, defaultValue: 100, description: '1 to 500' }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('sortBy', () => String, { nullable: true, description: 'title, status, priority, dueDate, updatedAt, createdAt, scheduledDate' })
    sortBy: string | null,
    @Arg('sortOrder', () => String, { nullable: true, description: 'asc or desc' }) sortOrder: string | null,
    @Info() info: GraphQLResolveInfo,
  ): Promise<TaskConnection> {
    const fields = selectedNodeFields(info);
    // Keyset pages: the cursor is the last task's position in the order, and carries the total counted
    // on the first page, so a later page neither re-reads the rows before it nor counts again.
    const cursor = decodeKeysetCursor(after);
    const position = cursor ? parseTaskPosition(cursor.position) : null;
    const sort = (sortBy ?? 'updatedAt') as TaskSortField;
    const order = parseSortOrder(sortOrder) ?? 'desc';
    const page = await listTasks(ctx, filter ?? {}, {
      first,
      after: position,
      totalCount: cursor?.total,
      // The total shows in totalCount and rides in the cursors: not counted when the answer has neither.
      countTotal: ['totalCount', 'pageInfo', 'edges'].some((name) => selectsField(info, name)),
      sortBy: sort,
      sortOrder: order,
      // The newest event the page includes: every change after it reaches a subscriber that starts from it.
      withLatestSeq: selectsField(info, 'latestSeq'),
      // Counts the cards show, read with the rows.
      counts: { subtaskCounts: fields.has('subtaskCount'), commentCounts: fields.has('commentCount'), attachmentCounts: fields.has('attachmentCount') },
    });
    // Load the rest of what the page shows per task up front: its fields then resolve without a promise each.
    await preloadTaskFields(ctx, page.items, {
      assignees: fields.has('assignedTo') || fields.has('viewerCan'),
      creators: fields.has('createdBy'),
      subtasks: fields.has('subtasks'),
      comments: fields.has('comments'),
    });
    return keysetConnection(
      page.items,
      { totalCount: page.totalCount, hasNextPage: page.hasNextPage, after: position !== null },
      (task) => taskPosition(task, sort, order),
      { latestSeq: page.latestSeq ?? 0 },
    );
  }

  @Mutation(() => Task)
  createTask(@Ctx() ctx: ServiceContext, @Arg('input', () => TaskInput) input: TaskInput): Promise<Task> {
    return createTask(ctx, { ...input });
  }

  @Mutation(() => Task)
  updateTask(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string, @Arg('input', () => TaskInput) input: TaskInput): Promise<Task> {
    return updateTask(ctx, id, { ...input });
  }

  @Mutation(() => Task, { description: 'Moves a task to a board column, a time slot (scheduledTime) or a new date (reschedule)' })
  moveTask(@Ctx() ctx: ServiceContext, @Arg('input', () => MoveTaskInput) input: MoveTaskInput): Promise<Task> {
    return moveTask(ctx, { ...input });
  }

  @Mutation(() => ID, { description: 'Deletes a task with its subtasks and comments; returns its id' })
  deleteTask(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<string> {
    return deleteTask(ctx, id);
  }

  @Mutation(() => [ID], { description: 'Deletes several tasks; if any may not be deleted, none is' })
  deleteTasks(@Ctx() ctx: ServiceContext, @Arg('ids', () => [ID]) ids: string[]): Promise<string[]> {
    return deleteTasks(ctx, ids);
  }

  @Mutation(() => Task, {
    description: "Restores from an activity entry: an update's fields back to their old values, or a deleted task (same id, subtasks, comments)",
  })
  restoreFromAudit(@Ctx() ctx: ServiceContext, @Arg('auditId', () => ID) auditId: string): Promise<Task> {
    return restoreFromAudit(ctx, auditId);
  }

  @Mutation(() => [Task], {
    description: 'Undo of a delete: brings these deleted tasks back (same ids, subtasks, comments) from their latest deletion entries',
  })
  restoreDeletedTasks(@Ctx() ctx: ServiceContext, @Arg('ids', () => [ID]) ids: string[]): Promise<Task[]> {
    return restoreDeletedTasks(ctx, ids);
  }

  @FieldResolver(() => TaskColumn, { description: "The daily board column, derived in the viewer's time zone" })
  column(@Root() task: Task, @Ctx() ctx: ServiceContext): TaskColumn {
    return taskColumn(ctx, task) as TaskColumn;
  }

  @FieldResolver(() => Boolean)
  isOverdue(@Root() task: Task, @Ctx() ctx: ServiceContext): boolean {
    return isOverdue(task, ctx.now(), ctx.timeZone);
  }

  @FieldResolver(() => User, { nullable: true })
  assignedTo(@Root() task: Task, @Ctx() ctx: ServiceContext): User | null | Promise<User | null> {
    return loadUser(ctx, task.assignedToId);
  }

  @FieldResolver(() => User, { nullable: true })
  createdBy(@Root() task: Task, @Ctx() ctx: ServiceContext): User | null | Promise<User | null> {
    return loadUser(ctx, task.createdById);
  }

  @FieldResolver(() => SubtaskCount)
  subtaskCount(@Root() task: Task, @Ctx() ctx: ServiceContext): SubtaskCount | Promise<SubtaskCount> {
    return ctx.loaders.subtaskCounts.get(task.id);
  }

  @FieldResolver(() => Int)
  commentCount(@Root() task: Task, @Ctx() ctx: ServiceContext): number | Promise<number> {
    return ctx.loaders.commentCount.get(task.id);
  }

  @FieldResolver(() => ViewerCan)
  viewerCan(@Root() task: Task, @Ctx() ctx: ServiceContext): ViewerCan | Promise<ViewerCan> {
    return taskPermissions(ctx, task);
  }
}
