import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The durable log of board changes: every published event gets a sequence number here, so a client
 * that reconnects can fetch exactly what it missed (taskChanges(since)).
 */
@Entity({ tableName: 'task_events' })
@Index({ properties: ['createdAt'] })
export class TaskEvent {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  seq!: number;

  /** TASK_CREATED, TASK_UPDATED, TASK_MOVED, TASK_DELETED, SUBTASK_*, COMMENT_* */
  @Property({ type: 'string', length: 40 })
  kind!: string;

  @Index()
  @Property({ type: 'string', length: 36 })
  taskId!: string;

  /** The subtask or comment the event is about, when it is about one. */
  @Property({ type: 'string', length: 36, nullable: true })
  entityId: string | null = null;

  @Property({ type: 'string', length: 36, nullable: true })
  actorId: string | null = null;

  /** Users who could read the task before and after the change (assignees and creator). */
  @Property({ type: 'json' })
  readers: string[] = [];

  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}
