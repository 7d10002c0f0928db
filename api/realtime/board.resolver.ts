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
      'Every change a board shows (tasks, subtasks, comments) that the viewer may see, re-read and re-authorized for the viewer, in seq order. ' +
      'Pass `since` (the latestSeq your screen was loaded at, or the last seq you applied after a reconnect) to receive first what happened after it: nothing is lost in between. ' +
      'RESET: you fell behind and the stream ends: subscribe again with since = the last seq you applied (or call taskChanges). ' +
      'REFETCH: the log no longer reaches back to since: reload your data; the stream goes on after this seq.',
    subscribe: ({ args, context }: SubscribeResolverData<unknown, { taskId?: string | null; since?: number | null }, ServiceContext>) =>
      board.boardEventStream(context, { taskId: args.taskId, since: args.since }),
  })
  boardEvents(
    @Root() event: BoardEvent,
    @Arg('taskId', () => ID, { nullable: true, description: 'Only the events of this task' }) _taskId: string | null,
    @Arg('since', () => Int, { nullable: true, description: 'Replay the events after this seq first (0 or more)' }) _since: number | null,
  ): BoardEvent {
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
