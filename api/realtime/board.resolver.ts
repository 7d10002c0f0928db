import { Arg, Ctx, FieldResolver, ID, Int, Query, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import type { ServiceContext } from '../common/context.js';
import { SubtaskCount } from '../modules/task/task.types.js';
import { BoardEvent, TaskChanges } from './board-event.types.js';
import * as board from './board.service.js';

/** GraphQL adapter of live board events (subscription) and catch-up (taskChanges). */
@Resolver(() => BoardEvent)
export class BoardResolver {
  @Subscription(() => BoardEvent, {
    description:
      'Every change a board shows (tasks, subtasks, comments) that the viewer may see, re-read and re-authorized for the viewer. ' +
      'After a reconnect, call taskChanges(since: last seq seen) to fetch what was missed.',
    subscribe: ({ args, context }: SubscribeResolverData<unknown, { taskId?: string | null }, ServiceContext>) =>
      board.boardEventStream(context, { taskId: args.taskId }),
  })
  boardEvents(@Root() event: BoardEvent, @Arg('taskId', () => ID, { nullable: true, description: 'Only the events of this task' }) _taskId: string | null): BoardEvent {
    return event;
  }

  @Query(() => TaskChanges, { description: 'The board events after `since` that the viewer may see (catch-up after a dropped connection)' })
  taskChanges(
    @Ctx() ctx: ServiceContext,
    @Arg('since', () => Int, { description: 'The last seq the client has seen (0 for none)' }) since: number,
    @Arg('first', () => Int, { nullable: true, defaultValue: 200, description: '0 to 500; 0 answers only latestSeq' }) first: number,
  ): Promise<TaskChanges> {
    return board.taskChanges(ctx, since, first);
  }

  @FieldResolver(() => SubtaskCount, { nullable: true, description: "The task's subtask counts (null when the task is not readable)" })
  subtaskCount(@Root() event: BoardEvent, @Ctx() ctx: ServiceContext): Promise<SubtaskCount> | null {
    return event.task ? ctx.loaders.subtaskCounts.load(event.taskId) : null;
  }

  @FieldResolver(() => Int, { nullable: true, description: "The task's comment count (null when the task is not readable)" })
  commentCount(@Root() event: BoardEvent, @Ctx() ctx: ServiceContext): Promise<number> | null {
    return event.task ? ctx.loaders.commentCount.load(event.taskId) : null;
  }
}
