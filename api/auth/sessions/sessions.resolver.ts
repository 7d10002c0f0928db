import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { connection, decodeCursor } from '../../graphql/connection.js';
import { SecurityEventConnection, SignedInSession } from './sessions.types.js';
import * as sessions from './sessions.service.js';
import { listSecurityEvents } from './security-events.js';

/** GraphQL adapter of the sessions service (Settings › Security) and the security events (Admin › Security events). */
@Resolver()
export class SessionsResolver {
  @Query(() => [SignedInSession], { description: 'The viewer’s signed-in sessions: this one first, then the most recently seen' })
  mySessions(@Ctx() ctx: ServiceContext): Promise<SignedInSession[]> {
    return sessions.listMySessions(ctx);
  }

  @Mutation(() => Boolean, { description: 'Signs out one of the viewer’s other sessions (its cookie stops working, its live updates close)' })
  async revokeSession(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<boolean> {
    await sessions.revokeSession(ctx, id);
    return true;
  }

  @Mutation(() => Int, { description: 'Signs out every other session of the viewer (this one stays); answers how many' })
  revokeOtherSessions(@Ctx() ctx: ServiceContext): Promise<number> {
    return sessions.revokeOtherSessions(ctx);
  }

  @Mutation(() => Int, { description: 'Admins: signs a person out of every session (API tokens keep working); answers how many sessions ended' })
  signOutUserEverywhere(@Ctx() ctx: ServiceContext, @Arg('userId', () => ID) userId: string): Promise<number> {
    return sessions.signOutUserEverywhere(ctx, userId);
  }

  @Query(() => SecurityEventConnection, { description: 'Admins: sign-ins, refused sign-ins, sign-outs and sign-in changes, newest first' })
  async securityEvents(
    @Ctx() ctx: ServiceContext,
    @Arg('first', () => Int, { nullable: true, defaultValue: 50, description: '1 to 200' }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('userId', () => ID, { nullable: true, description: 'Only this person’s events' }) userId: string | null,
  ): Promise<SecurityEventConnection> {
    const page = await listSecurityEvents(ctx, { first, offset: decodeCursor(after), userId });
    return connection(page.items, page.offset, page.totalCount);
  }
}
