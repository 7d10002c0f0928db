import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { newId } from '../../common/ids.js';

@ObjectType()
@Entity({ tableName: 'projects' })
export class Project {
  @Field(() => ID)
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Field(() => String)
  @Property({ type: 'string', length: 200 })
  name!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  charter: string | null = null;

  @Field(() => String)
  @Property({ type: 'string', length: 20, default: '#3b82f6' })
  color: string = '#3b82f6';

  /** team, cross-team or cross-department. */
  @Field(() => String)
  @Property({ type: 'string', length: 30, default: 'team' })
  projectType: string = 'team';

  /** members, explicit or department-heads. */
  @Field(() => String)
  @Property({ type: 'string', length: 30, default: 'members' })
  visibility: string = 'members';

  /** planning, active, on-hold, completed or cancelled. */
  @Field(() => String)
  @Property({ type: 'string', length: 20, default: 'planning' })
  status: string = 'planning';

  @Field(() => String)
  @Property({ type: 'string', length: 20, default: 'medium' })
  priority: string = 'medium';

  @Field(() => Int)
  @Property({ type: 'integer', default: 0 })
  progress: number = 0;

  @Field(() => ID, { nullable: true })
  @Property({ type: 'string', length: 36, nullable: true })
  projectManagerId: string | null = null;

  /** The primary function; only for cross-department projects. */
  @Field(() => ID, { nullable: true })
  @Property({ type: 'string', length: 36, nullable: true })
  functionId: string | null = null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'Date', nullable: true })
  startDate: Date | null = null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'Date', nullable: true })
  endDate: Date | null = null;

  @Field(() => Boolean)
  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;

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
