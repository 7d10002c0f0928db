import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { newId } from '../../common/ids.js';

/**
 * One notification for one user. Reminders carry a `dedupeKey` (user:task:kind:day) that is unique,
 * so a reminder round that runs twice (two processes, a restart) inserts it once.
 */
@ObjectType({ description: 'Something that happened to your work: an assignment, a comment, a due date, a completion' })
@Entity({ tableName: 'notifications' })
@Index({ properties: ['userId', 'createdAt'] })
export class Notification {
  @Field(() => ID)
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  /** The recipient. */
  @Property({ type: 'string', length: 36 })
  userId!: string;

  /** assigned, commented, mentioned, due, overdue, completed (validated by the service). */
  @Field(() => String, { description: 'assigned, commented, mentioned, due, overdue or completed' })
  @Property({ type: 'string', length: 20 })
  kind!: string;

  @Field(() => ID, { nullable: true })
  @Property({ type: 'string', length: 36, nullable: true })
  taskId: string | null = null;

  /** The comment it is about (a mention, a comment): the task opens at it. */
  @Field(() => ID, { nullable: true, description: 'The comment it is about (mentioned, commented): open the task at it' })
  @Property({ type: 'string', length: 36, nullable: true })
  commentId: string | null = null;

  /** The task's title when the notification was made (the task may be renamed or deleted since). */
  @Field(() => String, { description: "The task's title when the notification was made" })
  @Property({ type: 'string', length: 500, default: '' })
  taskTitle: string = '';

  @Field(() => String)
  @Property({ type: 'string', length: 1000 })
  message!: string;

  /** Who caused it (null for reminders). */
  @Property({ type: 'string', length: 36, nullable: true })
  actorId: string | null = null;

  /** Reminders only: user:task:kind:day, unique. */
  @Property({ type: 'string', length: 150, nullable: true, unique: true })
  dedupeKey: string | null = null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'Date', nullable: true })
  readAt: Date | null = null;

  /**
   * False for a reminder whose recipient turned in-app notifications of its kind off: the row only
   * records that the reminder was emailed (its unique key keeps it once) and is never listed.
   */
  @Property({ type: 'boolean', default: true })
  inApp: boolean = true;

  @Field(() => Date)
  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}

/**
 * A user's notification settings: per kind, in-app and email on or off (JSON), and the time zone
 * their reminders follow (the zone of their browser, recorded when they use the app).
 */
@Entity({ tableName: 'notification_settings' })
export class NotificationSettings {
  @PrimaryKey({ type: 'string', length: 36 })
  userId!: string;

  /** { [kind]: { inApp, email } }; kinds missing are on. */
  @Property({ type: 'json', nullable: true })
  channels: Record<string, { inApp?: boolean; email?: boolean }> | null = null;

  @Property({ type: 'string', length: 64, default: 'UTC' })
  timeZone: string = 'UTC';

  @Property({ type: 'Date' })
  updatedAt: Date = new Date();
}
