import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { newId } from '../../common/ids.js';

/** A department of the organisation, headed by a function head or an admin. */
@ObjectType('OrgFunction')
@Entity({ tableName: 'functions' })
export class OrgFunction {
  @Field(() => ID)
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Field(() => String)
  @Property({ type: 'string', length: 200 })
  name!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Field(() => String)
  @Property({ type: 'string', length: 20, default: '#3b82f6' })
  color: string = '#3b82f6';

  @Field(() => ID, { nullable: true })
  @Property({ type: 'string', length: 36, nullable: true })
  headId: string | null = null;

  @Field(() => Boolean)
  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;

  @Field(() => Date)
  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  @Field(() => Date)
  @Property({ type: 'Date' })
  updatedAt: Date = new Date();
}

/** A team inside a function, led by a manager. */
@ObjectType()
@Entity({ tableName: 'teams' })
export class Team {
  @Field(() => ID)
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Field(() => String)
  @Property({ type: 'string', length: 200 })
  name!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Field(() => ID)
  @Index()
  @Property({ type: 'string', length: 36 })
  functionId!: string;

  @Field(() => ID, { nullable: true })
  @Property({ type: 'string', length: 36, nullable: true })
  managerId: string | null = null;

  @Field(() => String)
  @Property({ type: 'string', length: 20, default: '#6b7280' })
  color: string = '#6b7280';

  @Field(() => [String])
  @Property({ type: 'json' })
  skillCategories: string[] = [];

  @Field(() => Boolean)
  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;

  @Field(() => Date)
  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  @Field(() => Date)
  @Property({ type: 'Date' })
  updatedAt: Date = new Date();
}

/** A user's membership of a team. */
@ObjectType()
@Entity({ tableName: 'team_members' })
@Unique({ properties: ['teamId', 'userId'] })
export class TeamMember {
  @Field(() => ID)
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Field(() => ID)
  @Property({ type: 'string', length: 36 })
  teamId!: string;

  @Field(() => ID)
  @Index()
  @Property({ type: 'string', length: 36 })
  userId!: string;

  @Field(() => Boolean)
  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;

  @Field(() => Date)
  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}
