import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Task } from '../modules/task/task.entity.js';
import { Subtask } from '../modules/subtask/subtask.entity.js';
import { TaskComment } from '../modules/comment/comment.entity.js';
import { DELIVERED_EVENT_KINDS, type DeliveredEventKind } from './topics.js';

/** The GraphQL enum of board event kinds (same names as the published kinds, plus TASK_REMOVED). */
export const BoardEventKind = Object.fromEntries(DELIVERED_EVENT_KINDS.map((k) => [k, k])) as { [K in DeliveredEventKind]: K };

registerEnumType(BoardEventKind, {
  name: 'BoardEventKind',
  description: 'What changed. TASK_REMOVED: the task still exists but the viewer may no longer read it (e.g. reassigned away).',
});

@ObjectType({ description: 'One change on the board, as the viewer may see it (live over the socket, or from taskChanges)' })
export class BoardEvent {
  @Field(() => Int, { description: 'Position in the durable event log; pass the last one seen to taskChanges(since)' })
  seq!: number;

  @Field(() => BoardEventKind)
  kind!: DeliveredEventKind;

  @Field(() => ID)
  taskId!: string;

  @Field(() => ID, { nullable: true, description: 'The subtask or comment the event is about, for SUBTASK_* and COMMENT_*' })
  entityId!: string | null;

  @Field(() => ID, { nullable: true, description: 'Who made the change' })
  actorId!: string | null;

  @Field(() => Date)
  at!: Date;

  @Field(() => Task, { nullable: true, description: 'The task as it is now, re-read for the viewer; null after a deletion or removal' })
  task!: Task | null;

  @Field(() => Subtask, { nullable: true, description: 'The subtask as it is now (SUBTASK_CREATED, SUBTASK_UPDATED)' })
  subtask!: Subtask | null;

  @Field(() => TaskComment, { nullable: true, description: 'The comment (COMMENT_CREATED, COMMENT_UPDATED)' })
  comment!: TaskComment | null;
}

@ObjectType({ description: 'The board changes after a sequence number, for catching up after a dropped connection' })
export class TaskChanges {
  @Field(() => [BoardEvent], { description: 'The changes the viewer may see, oldest first' })
  events!: BoardEvent[];

  @Field(() => Int, { description: 'The newest sequence number of the whole log right now' })
  latestSeq!: number;

  @Field(() => Int, { description: 'Pass this as `since` to read the next page (the last sequence number examined)' })
  nextSince!: number;

  @Field(() => Boolean, { description: 'More changes follow: call again with since: nextSince' })
  hasMore!: boolean;

  @Field(() => Boolean, {
    description: 'The log no longer reaches back to `since` (events are kept 7 days) or `since` is unknown: refetch everything',
  })
  resetRequired!: boolean;
}
