import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { User } from '../../modules/user/user.entity.js';
import { Passkey } from './passkey.entity.js';
import * as passkeys from './passkeys.service.js';
import { signInOptions, signInWithPasskey } from './passkey-sign-in.js';

/** GraphQL adapter of the passkey service (Settings › Security › Passkeys, and the login page). WebAuthn options and answers travel as JSON text. */
@Resolver()
export class PasskeysResolver {
  @Query(() => [Passkey], { description: 'The viewer’s passkeys, oldest first' })
  passkeys(@Ctx() ctx: ServiceContext): Promise<Passkey[]> {
    return passkeys.listPasskeys(ctx);
  }

  @Mutation(() => String, {
    description:
      'Starts adding a passkey: the PublicKeyCredentialCreationOptionsJSON for the browser, as JSON text (its challenge is good for 5 minutes, once)',
  })
  async passkeyRegistrationOptions(@Ctx() ctx: ServiceContext): Promise<string> {
    return JSON.stringify(await passkeys.registrationOptions(ctx));
  }

  @Mutation(() => Passkey, { description: 'Finishes adding a passkey with the browser’s RegistrationResponseJSON (JSON text); `name` defaults to "Passkey"' })
  addPasskey(
    @Ctx() ctx: ServiceContext,
    @Arg('response', () => String) response: string,
    @Arg('name', () => String, { nullable: true }) name?: string | null,
  ): Promise<Passkey> {
    return passkeys.addPasskey(ctx, { name, response });
  }

  @Mutation(() => Passkey, { description: 'Renames one of the viewer’s passkeys (1 to 100 characters)' })
  renamePasskey(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string, @Arg('name', () => String) name: string): Promise<Passkey> {
    return passkeys.renamePasskey(ctx, id, name);
  }

  @Mutation(() => Boolean, { description: 'Removes one of the viewer’s passkeys: it no longer signs them in' })
  async removePasskey(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<boolean> {
    await passkeys.removePasskey(ctx, id);
    return true;
  }

  @Mutation(() => String, {
    description: 'Starts a passkey sign-in (no username): the PublicKeyCredentialRequestOptionsJSON for the browser, as JSON text (good for 5 minutes, once)',
  })
  async passkeySignInOptions(@Ctx() ctx: ServiceContext): Promise<string> {
    return JSON.stringify(await signInOptions(ctx));
  }

  @Mutation(() => User, {
    description: 'Signs in with the browser’s AuthenticationResponseJSON (JSON text) and sets the session cookie, as login does; no two-factor code is asked',
  })
  loginWithPasskey(@Ctx() ctx: ServiceContext, @Arg('response', () => String) response: string): Promise<User> {
    return signInWithPasskey(ctx, response);
  }
}
