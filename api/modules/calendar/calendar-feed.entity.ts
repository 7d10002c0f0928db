import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids.js';

/**
 * A user's secret calendar feed. The URL is `<id>.<HMAC of the id with the server's secret>`, so no
 * secret is stored at all (docs/DECISIONS.md, calendar feed); rotating replaces the row (new id), which
 * makes the old URL answer 404.
 */
@Entity({ tableName: 'calendar_feeds' })
export class CalendarFeed {
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Property({ type: 'string', length: 36, unique: true })
  userId!: string;

  /** The IANA zone timed events are written in: the one of the client that last read or rotated the URL. */
  @Property({ type: 'string', length: 64, default: 'UTC' })
  timeZone: string = 'UTC';

  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}
