import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { newId } from '../../common/ids.js';

/**
 * A file attached to a task (docs/API.md, Attachments). The bytes live once per content under the
 * attachments folder, named by their SHA-256 (attachment.storage.ts); each row is one reference to them.
 */
@ObjectType('Attachment', { description: 'A file attached to a task' })
@Entity({ tableName: 'attachments' })
@Index({ properties: ['taskId', 'createdAt'] })
export class Attachment {
  @Field(() => ID)
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Field(() => ID)
  @Property({ type: 'string', length: 36 })
  taskId!: string;

  /** The comment it was attached to (null: the task's own file). Its files go with the comment. */
  @Field(() => ID, { nullable: true, description: 'The comment it was attached to (null: a file of the task itself)' })
  @Index()
  @Property({ type: 'string', length: 36, nullable: true })
  commentId: string | null = null;

  @Field(() => String, { description: 'The file name shown and offered on download' })
  @Property({ type: 'string', length: 255 })
  name!: string;

  @Field(() => Int, { description: 'Bytes' })
  @Property({ type: 'integer' })
  size!: number;

  @Field(() => String, { description: 'Read from the bytes, never from the uploader' })
  @Property({ type: 'string', length: 100 })
  contentType!: string;

  @Index()
  @Property({ type: 'string', length: 64 })
  sha256!: string;

  @Field(() => ID)
  @Index()
  @Property({ type: 'string', length: 36 })
  uploadedById!: string;

  @Field(() => Date)
  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}
