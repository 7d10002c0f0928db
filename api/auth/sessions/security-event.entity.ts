import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids.js';

/**
 * One sign-in related event (Admin › Security events): a sign-in, a refused one, a sign-out, a change
 * to a person's second factor, password or sessions; with the address and the User-Agent header of the
 * request. A table of its own beside the activity log (docs/DECISIONS.md, "Security events").
 */
@Entity({ tableName: 'security_events' })
@Index({ properties: ['createdAt', 'id'] })
export class SecurityEvent {
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  /** sign-in, sign-in-failed, sign-out, two-factor-enabled, ... (SECURITY_EVENT_KINDS). */
  @Property({ type: 'string', length: 40 })
  kind!: string;

  /** The person the event is about; null for a refused sign-in with an unknown username. */
  @Index()
  @Property({ type: 'string', length: 36, nullable: true })
  userId: string | null = null;

  /** Who did it when someone else did (an admin's reset or sign-out); null when the person themselves. */
  @Property({ type: 'string', length: 36, nullable: true })
  actorId: string | null = null;

  /** The username typed at a sign-in (kept for refused ones, whose person may not exist). */
  @Property({ type: 'string', length: 100, nullable: true })
  username: string | null = null;

  /** How (password, password and two-factor code, single sign-on) or why refused. */
  @Property({ type: 'string', length: 200, default: '' })
  detail: string = '';

  @Property({ type: 'string', length: 64, default: '' })
  ip: string = '';

  @Property({ type: 'string', length: 512, default: '' })
  userAgent: string = '';

  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}
