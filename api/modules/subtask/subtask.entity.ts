import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { newId } from '../../common/ids.js';

/** A step of a task; readable and writable by whoever may read and update its task. */
@ObjectType()
@Entity({ tableName: 'subtasks' })
export class Subtask {
  @Field(() => ID)
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Field(() => ID)
  @Index()
  @Property({ type: 'string', length: 36 })
  taskId!: string;

  @Field(() => String)
  @Property({ type: 'string', length: 500 })
  title!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Field(() => ID, { nullable: true })
  @Property({ type: 'string', length: 36, nullable: true })
  assignedToId: string | null = null;

  /** Not Started, In Progress, Done or Blocked. */
  @Field(() => String)
  @Property({ type: 'string', length: 20, default: 'Not Started' })
  status: string = 'Not Started';

  @Field(() => Date, { nullable: true })
  @Property({ type: 'Date', nullable: true })
  dueDate: Date | null = null;

  @Field(() => Float)
  @Property({ type: 'double', default: 0 })
  estimatedHours: number = 0;

  /** Free-text notes on the subtask (the subtask's "comments" field over REST and GraphQL). */
  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  comments: string | null = null;

  @Field(() => [String])
  @Property({ type: 'json' })
  tags: string[] = [];

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
