import { BigIntType, Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { newId } from '../../common/ids.js';

/**
 * A passkey (a WebAuthn credential) a person signs in with: the authenticator's credential id and
 * public key, its signature counter, how the browser can reach it (transports), and the name the person
 * gave it. The private key never leaves the authenticator.
 */
@ObjectType({ description: 'A passkey the viewer signs in with (Settings › Security › Passkeys)' })
@Entity({ tableName: 'passkeys' })
export class Passkey {
  @Field(() => ID)
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Index()
  @Property({ type: 'string', length: 36 })
  userId!: string;

  /** The credential id as the authenticator sent it (base64url): what a sign-in's response names. */
  @Property({ type: 'string', length: 512, unique: true, hidden: true })
  credentialId!: string;

  /** The COSE public key (base64url). */
  @Property({ type: 'text', hidden: true })
  publicKey!: string;

  /** The authenticator's signature counter at the last sign-in (0 for authenticators that keep none). */
  @Property({ type: new BigIntType('number'), default: 0, hidden: true })
  counter: number = 0;

  /** JSON array of the transports the browser reported ("internal", "hybrid", "usb", ...). */
  @Property({ type: 'string', length: 200, default: '[]', hidden: true })
  transports: string = '[]';

  @Field(() => String, { description: 'The name the person gave it ("MacBook Touch ID")' })
  @Property({ type: 'string', length: 100 })
  name!: string;

  @Field(() => Date)
  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  @Field(() => Date, { nullable: true, description: 'When it last signed the person in, or null' })
  @Property({ type: 'Date', nullable: true })
  lastUsedAt: Date | null = null;
}

/**
 * A challenge handed to a browser for one passkey registration or sign-in, kept until it is answered
 * (and deleted then, with one conditional delete: a challenge is used once) or until it expires.
 */
@Entity({ tableName: 'passkey_challenges' })
export class PasskeyChallenge {
  /** The challenge (base64url) the browser's clientDataJSON carries back. */
  @PrimaryKey({ type: 'string', length: 128 })
  challenge!: string;

  /** 'registration' or 'sign-in'. */
  @Property({ type: 'string', length: 20 })
  purpose!: string;

  /** The person registering (null for a sign-in: nobody is known until the passkey answers). */
  @Property({ type: 'string', length: 36, nullable: true })
  userId: string | null = null;

  @Index()
  @Property({ type: 'Date' })
  expiresAt!: Date;
}
