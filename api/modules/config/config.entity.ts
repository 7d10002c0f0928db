import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { newId } from '../../common/ids.js';

/** A configurable list item: a task category or priority (configType 'categories' / 'priorities'). */
@ObjectType()
@Entity({ tableName: 'system_configs' })
@Unique({ properties: ['configType', 'configKey'] })
export class SystemConfig {
  @Field(() => ID)
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Field(() => String)
  @Property({ type: 'string', length: 50 })
  configType!: string;

  @Field(() => String)
  @Property({ type: 'string', length: 100 })
  configKey!: string;

  @Field(() => String)
  @Property({ type: 'string', length: 200 })
  displayLabel!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'string', length: 20, nullable: true })
  color: string | null = null;

  @Field(() => Boolean)
  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  value: string | null = null;

  @Field(() => Int)
  @Property({ type: 'integer', default: 0 })
  sortOrder: number = 0;

  @Field(() => Date)
  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}
