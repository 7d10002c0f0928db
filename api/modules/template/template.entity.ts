import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { newId } from '../../common/ids.js';

/** A reusable task with predefined subtasks. */
@ObjectType()
@Entity({ tableName: 'task_templates' })
export class TaskTemplate {
  @Field(() => ID)
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Field(() => String)
  @Property({ type: 'string', length: 200 })
  name!: string;

  @Field(() => String)
  @Property({ type: 'string', length: 500 })
  title!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'string', length: 200, nullable: true })
  project: string | null = null;

  @Field(() => String)
  @Property({ type: 'string', length: 100, default: 'dev' })
  category: string = 'dev';

  @Field(() => String)
  @Property({ type: 'string', length: 100, default: 'medium' })
  priority: string = 'medium';

  @Field(() => Float)
  @Property({ type: 'double', default: 0 })
  estimatedHours: number = 0;

  @Field(() => [String])
  @Property({ type: 'json' })
  tags: string[] = [];

  @Field(() => ID, { nullable: true })
  @Property({ type: 'string', length: 36, nullable: true })
  defaultAssigneeId: string | null = null;

  @Field(() => ID, { nullable: true })
  @Property({ type: 'string', length: 36, nullable: true })
  createdById: string | null = null;

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

/** A subtask created with every task made from its template. */
@ObjectType()
@Entity({ tableName: 'template_subtasks' })
export class TemplateSubtask {
  @Field(() => ID)
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Field(() => ID)
  @Index()
  @Property({ type: 'string', length: 36 })
  templateId!: string;

  @Field(() => String)
  @Property({ type: 'string', length: 500 })
  title!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Field(() => String)
  @Property({ type: 'string', length: 20, default: 'Not Started' })
  status: string = 'Not Started';

  @Field(() => Float)
  @Property({ type: 'double', default: 0 })
  estimatedHours: number = 0;

  @Field(() => Int)
  @Property({ type: 'integer', default: 0 })
  position: number = 0;
}
