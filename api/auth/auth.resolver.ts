import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { ServiceContext } from '../common/context.js';
import { User } from '../modules/user/user.entity.js';
import { ChangePasswordInput, PasswordChange } from './auth.types.js';
import * as auth from './auth.service.js';

/** GraphQL sign-in: me, login, logout, changePassword (the session cookie is the credential). */
@Resolver()
export class AuthResolver {
  @Query(() => User, { nullable: true, description: 'The signed-in user, or null' })
  me(@Ctx() ctx: ServiceContext): Promise<User | null> {
    return auth.currentUser(ctx);
  }

  @Mutation(() => User, {
    description: 'Signs in and sets the session cookie; with two-factor on, `code` is needed (else UNAUTHENTICATED with extensions.code TWO_FACTOR_REQUIRED)',
  })
  login(
    @Ctx() ctx: ServiceContext,
    @Arg('username', () => String) username: string,
    @Arg('password', () => String) password: string,
    @Arg('code', () => String, { nullable: true, description: 'An authenticator code or a recovery code (spaces are ignored)' }) code?: string | null,
  ): Promise<User> {
    return auth.login(ctx, { username, password, code });
  }

  @Mutation(() => Boolean, { description: 'Ends the session on the server' })
  async logout(@Ctx() ctx: ServiceContext): Promise<boolean> {
    await auth.logout(ctx);
    return true;
  }

  @Mutation(() => PasswordChange, {
    description:
      'Changes the signed-in person’s password (the current one is checked and rate-limited like a sign-in); ends their other sessions and lists their API tokens, which keep working',
  })
  async changePassword(@Ctx() ctx: ServiceContext, @Arg('input', () => ChangePasswordInput) input: ChangePasswordInput): Promise<PasswordChange> {
    return { apiTokens: await auth.changeOwnPassword(ctx, { ...input }) };
  }
}
