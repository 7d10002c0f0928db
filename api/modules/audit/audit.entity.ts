import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { newId } from '../../common/ids.js';

/** One line of the activity log: who did what to which object, with the changed fields. */
@ObjectType()
@Entity({ tableName: 'audit_entries' })
@Index({ properties: ['taskId', 'createdAt', 'id'] })
@Index({ properties: ['createdAt', 'id'] })
export class AuditEntry {
  @Field(() => ID)
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  /** created, updated, deleted, moved, completed, ... */
  @Field(() => String)
  @Property({ type: 'string', length: 40 })
  action!: string;

  /** task, subtask, comment, user, project, ... */
  @Field(() => String)
  @Property({ type: 'string', length: 40, default: 'task' })
  entityType: string = 'task';

  @Field(() => ID, { nullable: true })
  @Property({ type: 'string', length: 36, nullable: true })
  entityId: string | null = null;

  @Field(() => String)
  @Property({ type: 'text', default: '' })
  description: string = '';

  @Field(() => ID, { nullable: true })
  @Index()
  @Property({ type: 'string', length: 36, nullable: true })
  userId: string | null = null;

  @Field(() => ID, { nullable: true })
  @Property({ type: 'string', length: 36, nullable: true })
  taskId: string | null = null;

  /** Who could read the task when this was written (assignee, creator), so a deleted task's history stays scoped. */
  @Property({ type: 'json', nullable: true })
  readers: string[] | null = null;

  /** JSON text of the changed fields' old values. */
  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  oldValues: string | null = null;

  /** JSON text of the changed fields' new values. */
  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  newValues: string | null = null;

  /**
   * For a `deleted` task entry: JSON text of the whole task with its subtasks and comments, so the
   * task can be restored from the activity log (never served; restore reads it).
   */
  @Property({ type: 'text', nullable: true, lazy: true })
  snapshot: string | null = null;

  /** The version of the changed object this entry produced (tasks, subtasks, templates, projects), so a stale update can tell which fields changed since. */
  @Property({ type: 'integer', nullable: true })
  entityVersion: number | null = null;

  @Field(() => Date)
  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}
