import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids.js';

/**
 * A person's private email-in address (`tasks+<token>@INBOUND_EMAIL_DOMAIN`). The token is the HMAC of
 * the row's id with the server's secret, so it is never stored: only its SHA-256 is, to look a recipient
 * up by (docs/DECISIONS.md, "Email-in"). Rotating replaces the row (a new id, a new token), so the old
 * address is refused from then on.
 */
@Entity({ tableName: 'email_in_addresses' })
export class EmailInAddress {
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Property({ type: 'string', length: 36, unique: true })
  userId!: string;

  /** Hex SHA-256 of the token: what an incoming recipient is looked up by. */
  @Property({ type: 'string', length: 64, unique: true })
  tokenHash!: string;

  /** The IANA zone quick-add words in a subject are read in: the one of the client that last showed the address. */
  @Property({ type: 'string', length: 64, default: 'UTC' })
  timeZone: string = 'UTC';

  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}
