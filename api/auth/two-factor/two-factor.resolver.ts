import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { TwoFactorSetupInfo, TwoFactorState } from './two-factor.types.js';
import * as twoFactor from './two-factor.service.js';
import { getRequirement, setRequirement } from './two-factor.requirement.js';

/** GraphQL adapter of the two-factor service (Settings › Security, and the admins' reset). */
@Resolver()
export class TwoFactorResolver {
  @Query(() => TwoFactorState, { description: 'The viewer’s two-factor sign-in state' })
  twoFactor(@Ctx() ctx: ServiceContext): Promise<TwoFactorState> {
    return twoFactor.twoFactorStatus(ctx);
  }

  @Mutation(() => TwoFactorSetupInfo, { description: 'Starts two-factor set-up: a new secret and its QR code (not in force until confirmed)' })
  startTwoFactorSetup(@Ctx() ctx: ServiceContext): Promise<TwoFactorSetupInfo> {
    return twoFactor.startSetup(ctx);
  }

  @Mutation(() => [String], { description: 'Confirms set-up with a code from the app: two-factor is on; answers ten recovery codes, shown only now' })
  confirmTwoFactorSetup(@Ctx() ctx: ServiceContext, @Arg('code', () => String) code: string): Promise<string[]> {
    return twoFactor.confirmSetup(ctx, code);
  }

  @Mutation(() => Boolean, { description: 'Turns the viewer’s two-factor off (needs a current code or a recovery code)' })
  async turnOffTwoFactor(@Ctx() ctx: ServiceContext, @Arg('code', () => String) code: string): Promise<boolean> {
    await twoFactor.turnOff(ctx, code);
    return true;
  }

  @Mutation(() => [String], { description: 'Replaces the viewer’s recovery codes (needs a current code); answers the new ones, shown only now' })
  newRecoveryCodes(@Ctx() ctx: ServiceContext, @Arg('code', () => String) code: string): Promise<string[]> {
    return twoFactor.renewRecoveryCodes(ctx, code);
  }

  @Mutation(() => Boolean, { description: 'Admins: turns a person’s two-factor off (a lost phone); audited. True when it was on' })
  resetTwoFactor(@Ctx() ctx: ServiceContext, @Arg('userId', () => ID) userId: string): Promise<boolean> {
    return twoFactor.resetTwoFactor(ctx, userId);
  }

  @Query(() => String, { description: 'Admins: who must use two-factor sign-in: off, admins or everyone' })
  twoFactorRequirement(@Ctx() ctx: ServiceContext): Promise<string> {
    return getRequirement(ctx);
  }

  @Mutation(() => String, { description: 'Admins: sets who must use two-factor sign-in (off, admins or everyone); audited' })
  setTwoFactorRequirement(@Ctx() ctx: ServiceContext, @Arg('required', () => String) required: string): Promise<string> {
    return setRequirement(ctx, required);
  }
}
