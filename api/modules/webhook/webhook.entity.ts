import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { newId } from '../../common/ids.js';

/** An admin's subscription: POST these events to this URL, signed with this secret. */
@ObjectType({ description: 'A webhook (admins only). The secret is never served.' })
@Entity({ tableName: 'webhooks' })
export class Webhook {
  @Field(() => ID)
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Field(() => String)
  @Property({ type: 'string', length: 2000 })
  url!: string;

  /** The HMAC-SHA256 key of the signatures; write-only (never in REST or GraphQL answers). */
  @Property({ type: 'string', length: 200, hidden: true })
  secret!: string;

  @Field(() => [String], { description: 'task.created, task.updated, task.deleted, comment.created, subtask.created, subtask.updated, subtask.deleted' })
  @Property({ type: 'json' })
  events: string[] = [];

  @Field(() => Boolean)
  @Property({ type: 'boolean', default: true })
  enabled: boolean = true;

  @Field(() => ID, { nullable: true })
  @Property({ type: 'string', length: 36, nullable: true })
  createdById: string | null = null;

  @Field(() => Date)
  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  @Field(() => Date)
  @Property({ type: 'Date' })
  updatedAt: Date = new Date();
}

/**
 * The outbox: one row per webhook event, written by the same flush as the change it describes (so it
 * exists exactly when the change committed). The worker turns each into a delivery per subscribed
 * webhook and deletes it, in one transaction.
 */
@Entity({ tableName: 'webhook_events' })
@Index({ properties: ['createdAt'] })
export class WebhookEvent {
  /** Also the payload's `id`: receivers can drop a repeated event by it. */
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Property({ type: 'string', length: 40 })
  event!: string;

  /** The JSON payload, exactly the bytes every delivery sends (and signs). */
  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}

/** pending (queued or waiting for a retry), succeeded (a 2xx answer), failed (attempts used up). */
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One event sent to one webhook: its attempts, their last outcome, and when it is tried next. */
@ObjectType({ description: 'One event sent to one webhook, with the outcome of its last attempt' })
@Entity({ tableName: 'webhook_deliveries' })
@Index({ properties: ['status', 'nextAttemptAt'] })
@Index({ properties: ['webhookId', 'createdAt'] })
export class WebhookDelivery {
  @Field(() => ID, { description: 'Sent as X-LWF-Delivery' })
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Field(() => ID)
  @Property({ type: 'string', length: 36 })
  webhookId!: string;

  @Field(() => ID, { description: 'The payload id (the same for every webhook the event went to)' })
  @Property({ type: 'string', length: 36 })
  eventId!: string;

  @Field(() => String)
  @Property({ type: 'string', length: 40 })
  event!: string;

  @Property({ type: 'text', hidden: true, lazy: true })
  body!: string;

  @Field(() => String, { description: 'pending, succeeded or failed' })
  @Property({ type: 'string', length: 20, default: 'pending' })
  status: DeliveryStatus = 'pending';

  @Field(() => Int, { description: 'Attempts made so far (1 to 6)' })
  @Property({ type: 'integer', default: 0 })
  attempt: number = 0;

  @Field(() => Int, { nullable: true, description: "The receiver's HTTP status of the last attempt (null: no answer)" })
  @Property({ type: 'integer', nullable: true })
  statusCode: number | null = null;

  @Field(() => Int, { nullable: true, description: 'Milliseconds the last attempt took' })
  @Property({ type: 'integer', nullable: true })
  durationMs: number | null = null;

  @Field(() => String, { nullable: true, description: 'Why the last attempt failed' })
  @Property({ type: 'string', length: 500, nullable: true })
  error: string | null = null;

  /** When it is due (epoch ms; plain numbers so one claiming statement reads the same on both databases). */
  @Property({ type: 'double' })
  nextAttemptAt!: number;

  /** A sender's lease (epoch ms): nobody else sends it before then. */
  @Property({ type: 'double', nullable: true, hidden: true })
  claimedUntil: number | null = null;

  @Property({ type: 'string', length: 36, nullable: true, hidden: true })
  claimToken: string | null = null;

  @Field(() => Date)
  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  @Field(() => Date, { nullable: true })
  @Property({ type: 'Date', nullable: true })
  lastAttemptAt: Date | null = null;
}
