import { Field, ID, Int, ObjectType } from 'type-graphql';
import { PageInfo } from '../../graphql/connection.js';

@ObjectType({ description: 'One of the viewer’s signed-in sessions (Settings › Security)' })
export class SignedInSession {
  @Field(() => ID, { description: 'An opaque id (not the session cookie): revokeSession takes it' }) id!: string;
  @Field(() => Boolean, { description: 'The session this request was made with' }) current!: boolean;
  @Field(() => String, { description: 'The browser, from the User-Agent header ("Firefox 133", "Unknown browser")' }) browser!: string;
  @Field(() => String, { description: 'The system, from the User-Agent header ("Windows", "iOS", "Unknown system")' }) os!: string;
  @Field(() => String) userAgent!: string;
  @Field(() => String, { nullable: true, description: 'The address it was last used from' }) ip!: string | null;
  @Field(() => Date, { nullable: true }) signedInAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'The last request (to the minute)' }) lastSeenAt!: Date | null;
}

@ObjectType({ description: 'A sign-in, a refused sign-in, a sign-out, or a change to a person’s sign-in (Admin › Security events)' })
export class SecurityEventEntry {
  @Field(() => ID) id!: string;
  @Field(() => String, {
    description:
      'sign-in, sign-in-failed, sign-out, passkey-sign-in, passkey-sign-in-failed, passkey-added, passkey-renamed, passkey-removed, two-factor-enabled, two-factor-disabled, two-factor-reset, recovery-codes-renewed, password-changed, session-revoked, other-sessions-revoked, signed-out-everywhere',
  })
  kind!: string;
  @Field(() => String, { description: 'What happened, as a sentence' }) description!: string;
  @Field(() => ID, { nullable: true }) userId!: string | null;
  @Field(() => String, { nullable: true, description: 'The person (or the username typed, for an unknown one)' }) userName!: string | null;
  @Field(() => String, { nullable: true, description: 'Who did it, when someone else than the person (an admin)' }) actorName!: string | null;
  @Field(() => String) ip!: string;
  @Field(() => String) userAgent!: string;
  @Field(() => String, { description: '"Firefox 133 on Windows"; empty when no User-Agent was sent' }) device!: string;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType()
export class SecurityEventEdge {
  @Field(() => String) cursor!: string;
  @Field(() => SecurityEventEntry) node!: SecurityEventEntry;
}

@ObjectType({ description: 'Security events, newest first' })
export class SecurityEventConnection {
  @Field(() => [SecurityEventEdge]) edges!: SecurityEventEdge[];
  @Field(() => [SecurityEventEntry]) nodes!: SecurityEventEntry[];
  @Field(() => PageInfo) pageInfo!: PageInfo;
  @Field(() => Int) totalCount!: number;
}
