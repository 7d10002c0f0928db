import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { newId } from '../../common/ids.js';

/**
 * A personal API token: a script's way in with its owner's permissions. Only the SHA-256 of the secret
 * is stored (docs/DECISIONS.md, personal API tokens); the secret itself is shown once, at creation.
 */
@ObjectType({ description: 'A personal API token (its secret is shown only once, when it is created)' })
@Entity({ tableName: 'api_tokens' })
export class ApiToken {
  @Field(() => ID)
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Index()
  @Property({ type: 'string', length: 36 })
  userId!: string;

  @Field(() => String)
  @Property({ type: 'string', length: 100 })
  name!: string;

  /** Hex SHA-256 of the whole token (`lwf_...`): what a request's token is looked up by. */
  @Property({ type: 'string', length: 64, unique: true, hidden: true })
  tokenHash!: string;

  @Field(() => Date)
  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  /** Written at most once a minute per token (token.service authenticateToken). */
  @Field(() => Date, { nullable: true, description: 'When the token last authenticated a request (to the minute), or null' })
  @Property({ type: 'Date', nullable: true })
  lastUsedAt: Date | null = null;
}
