import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { newId } from '../../common/ids.js';

/** A comment on a task; its author is always the signed-in user who wrote it. */
@ObjectType()
@Entity({ tableName: 'task_comments' })
export class TaskComment {
  @Field(() => ID)
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Field(() => ID)
  @Index()
  @Property({ type: 'string', length: 36 })
  taskId!: string;

  @Field(() => ID)
  @Property({ type: 'string', length: 36 })
  userId!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  content!: string;

  /** comment, reassignment or deadline_change. */
  @Field(() => String)
  @Property({ type: 'string', length: 20, default: 'comment' })
  commentType: string = 'comment';

  @Field(() => Boolean)
  @Property({ type: 'boolean', default: false })
  isInternal: boolean = false;

  @Field(() => Date)
  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}
