import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, Float, ID, ObjectType } from 'type-graphql';
import { newId } from '../../common/ids.js';
import type { RoleValue } from '../../../schema/domain/catalog.js';
import { ThemePreference } from './user.theme.js';

/** A person who signs in. The password hash never leaves the server (it has no GraphQL field). */
@ObjectType()
@Entity({ tableName: 'users' })
export class User {
  @Field(() => ID)
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Field(() => String)
  @Property({ type: 'string', length: 100, unique: true })
  username!: string;

  @Property({ type: 'string', length: 255, nullable: true, hidden: true, lazy: true })
  passwordHash: string | null = null;

  @Field(() => String)
  @Property({ type: 'string', length: 255 })
  email!: string;

  @Field(() => String)
  @Property({ type: 'string', length: 100, default: '' })
  firstName: string = '';

  @Field(() => String)
  @Property({ type: 'string', length: 100, default: '' })
  lastName: string = '';

  /** member, manager, admin or function_head (validated by the user service). */
  @Field(() => String)
  @Property({ type: 'string', length: 20, default: 'member' })
  role: RoleValue = 'member';

  @Field(() => ID, { nullable: true })
  @Index()
  @Property({ type: 'string', length: 36, nullable: true })
  managerId: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'string', length: 2000, nullable: true })
  profileImageUrl: string | null = null;

  /** Hours of work planned per day before the manager dashboard's Today tab flags over capacity. */
  @Field(() => Float, { description: 'Daily capacity in hours (default 8), used by the manager dashboard' })
  @Property({ type: 'double', default: 8 })
  dailyCapacityHours: number = 8;

  @Field(() => Boolean)
  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;

  /** The person's own colour theme (read through the viewer's `me`; see UserResolver.theme). */
  @Property({ type: 'string', length: 10, default: ThemePreference.SYSTEM })
  theme: ThemePreference = ThemePreference.SYSTEM;

  @Field(() => Date)
  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  @Field(() => Date)
  @Property({ type: 'Date', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
