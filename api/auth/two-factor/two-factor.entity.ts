import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A person's two-factor sign-in (TOTP): the authenticator secret (sealed at rest), whether set-up was confirmed, the
 * SHA-256 of each unused recovery code, and the last time step a code was accepted for (a code for that
 * step or an earlier one is refused: no replay). The secret is never served after set-up.
 */
@Entity({ tableName: 'two_factor_logins' })
export class TwoFactorLogin {
  @PrimaryKey({ type: 'string', length: 36 })
  userId!: string;

  /** The TOTP secret, sealed (two-factor.seal.ts: `v1:…`), or a clear Base32 one until start-up seals it; hidden from every answer. */
  @Property({ type: 'string', length: 128, hidden: true })
  secret!: string;

  /** False while set-up waits for its first code; sign-in asks for a code only when true. */
  @Property({ type: 'boolean', default: false })
  enabled: boolean = false;

  /** The RFC 6238 time step of the last accepted code, or null. */
  @Property({ type: 'integer', nullable: true })
  lastTimeStep: number | null = null;

  /** JSON array of hex SHA-256 of the unused recovery codes. */
  @Property({ type: 'text', hidden: true })
  recoveryCodes: string = '[]';

  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  @Property({ type: 'Date' })
  updatedAt: Date = new Date();
}
