import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/** A server-side session (the embedded default; Redis holds them when REDIS_URL is set). */
@Entity({ tableName: 'sessions' })
export class Session {
  @PrimaryKey({ type: 'string', length: 128 })
  sid!: string;

  @Index()
  @Property({ type: 'string', length: 36, nullable: true })
  userId: string | null = null;

  @Property({ type: 'text' })
  data!: string;

  @Index()
  @Property({ type: 'Date' })
  expiresAt!: Date;
}
