import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { newId } from '../../common/ids.js';

/**
 * Time a person spent on a task (docs/API.md, Time): a running timer (endedAt null) or a stopped one,
 * or an entry made by hand (a day and minutes). At most one running entry per person: the service stops
 * the running one in the same transaction as it starts another, and a partial unique index on user_id
 * where ended_at is null (the migrations; MikroORM cannot declare one) refuses a second one in a race.
 */
@ObjectType('TimeEntry', { description: 'Time a person spent on a task: a running timer, a stopped one or an entry made by hand' })
@Entity({ tableName: 'time_entries' })
@Index({ properties: ['userId', 'startedAt'] })
@Index({ properties: ['taskId'] })
export class TimeEntry {
  @Field(() => ID)
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Field(() => ID)
  @Property({ type: 'string', length: 36 })
  taskId!: string;

  @Field(() => ID, { description: 'Whose time it is' })
  @Property({ type: 'string', length: 36 })
  userId!: string;

  @Field(() => Date, { description: 'When the timer started; for an entry made by hand, noon UTC of its day' })
  @Property({ type: 'Date' })
  startedAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When the timer stopped; null while it runs' })
  @Property({ type: 'Date', nullable: true })
  endedAt: Date | null = null;

  @Field(() => Int, { nullable: true, description: 'Minutes spent: set when the timer stops or the entry is made by hand; null while it runs' })
  @Property({ type: 'integer', nullable: true })
  minutes: number | null = null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  note: string | null = null;

  @Field(() => Date)
  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  @Field(() => Date)
  @Property({ type: 'Date' })
  updatedAt: Date = new Date();
}
