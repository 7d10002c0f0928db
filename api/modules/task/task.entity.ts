import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { newId } from '../../common/ids.js';
import { TaskColumn, TaskStatus, RepeatPattern } from './task.enums.js';

/** A unit of work on the board. Placement on the daily board is derived (schema/domain). */
@ObjectType()
@Entity({ tableName: 'tasks' })
@Index({ properties: ['assignedToId'] })
@Index({ properties: ['createdById'] })
@Index({ properties: ['updatedAt'] })
// The board's order (tasks newest first) and the calendars' and listing's date range filter.
@Index({ properties: ['createdAt'] })
@Index({ properties: ['scheduledDate'] })
// The manager dashboard's counts and most recent tasks per assignee and status, read from the index alone;
// the Today and Slippage tabs' scheduled tasks per assignee (docs/DECISIONS.md, "Manager dashboard in SQL").
@Index({ properties: ['assignedToId', 'status', 'updatedAt', 'id', 'dueDate'] })
@Index({ properties: ['assignedToId', 'scheduledDate'] })
// A reopened repeating task finds the next occurrence its completion created.
@Index({ properties: ['repeatedFromTaskId'] })
export class Task {
  @Field(() => ID)
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Field(() => String)
  @Property({ type: 'string', length: 500 })
  title!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  /** The project's name, stored on the task as text (not a project id). */
  @Field(() => String, { nullable: true })
  @Property({ type: 'string', length: 200, nullable: true })
  project: string | null = null;

  @Field(() => String)
  @Property({ type: 'string', length: 100, default: 'dev' })
  category: string = 'dev';

  @Field(() => String)
  @Property({ type: 'string', length: 100, default: 'medium' })
  priority: string = 'medium';

  /** Stored as the canonical display value ('In Progress'); validated by the task service. */
  @Field(() => TaskStatus)
  @Property({ type: 'string', length: 20, default: 'Planned' })
  status: TaskStatus = TaskStatus.PLANNED;

  @Field(() => Int)
  @Property({ type: 'integer', default: 0 })
  progress: number = 0;

  /** The column at the last write; reads derive it afresh in the viewer's time zone (task.resolver). */
  @Property({ type: 'string', length: 20, default: 'unscheduled' })
  column: TaskColumn = TaskColumn.UNSCHEDULED;

  @Field(() => [String])
  @Property({ type: 'json' })
  tags: string[] = [];

  @Field(() => Date, { nullable: true })
  @Property({ type: 'Date', nullable: true })
  dueDate: Date | null = null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'Date', nullable: true })
  scheduledDate: Date | null = null;

  /** 'HH:mm' on a 24-hour clock. */
  @Field(() => String, { nullable: true })
  @Property({ type: 'string', length: 5, nullable: true })
  scheduledTime: string | null = null;

  @Field(() => Float, { nullable: true })
  @Property({ type: 'double', nullable: true })
  estimatedHours: number | null = null;

  @Field(() => ID, { nullable: true })
  @Property({ type: 'string', length: 36, nullable: true })
  assignedToId: string | null = null;

  @Field(() => ID, { nullable: true })
  @Property({ type: 'string', length: 36, nullable: true })
  createdById: string | null = null;

  @Field(() => Boolean)
  @Property({ type: 'boolean', default: false })
  isRepeatable: boolean = false;

  @Field(() => RepeatPattern, { nullable: true })
  @Property({ type: 'string', length: 10, nullable: true })
  repeatPattern: RepeatPattern | null = null;

  @Field(() => Int)
  @Property({ type: 'integer', default: 1 })
  repeatInterval: number = 1;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'Date', nullable: true })
  repeatEndDate: Date | null = null;

  /**
   * For the next occurrence of a repeating task: the task whose completion created it (kept when that
   * task is deleted). Reopening that task withdraws this one while untouched. In REST JSON, not in GraphQL.
   */
  @Property({ type: 'string', length: 36, nullable: true })
  repeatedFromTaskId: string | null = null;

  /** When the task last became Done; cleared when it is reopened. */
  @Field(() => Date, { nullable: true })
  @Property({ type: 'Date', nullable: true })
  completedAt: Date | null = null;

  @Field(() => Date)
  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  @Field(() => Date)
  @Property({ type: 'Date' })
  updatedAt: Date = new Date();

  /** Raised by every change (MikroORM optimistic locking); send it back with an update to refuse overwriting newer changes (docs/API.md, Versions and conflicts). */
  @Field(() => Int, { description: 'Raised by every change. Send it with an update: a stale version that changes a field changed since is refused (CONFLICT)' })
  @Property({ type: 'integer', version: true, default: 1 })
  version: number = 1;
}
