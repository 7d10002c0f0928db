import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { newId } from '../../common/ids.js';

/** A person's account at a single sign-on provider: its subject (`sub`) at that issuer, linked to one user. */
@Entity({ tableName: 'user_identities' })
@Unique({ properties: ['issuer', 'subject'] })
export class UserIdentity {
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Index()
  @Property({ type: 'string', length: 36 })
  userId!: string;

  @Property({ type: 'string', length: 255 })
  issuer!: string;

  @Property({ type: 'string', length: 255 })
  subject!: string;

  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}
