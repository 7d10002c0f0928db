import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { User } from './user.entity.js';
import { UserInput } from './user.inputs.js';
import { ThemePreference } from './user.theme.js';
import * as users from './user.service.js';

/** GraphQL adapter of the user service (reads for everyone signed in, writes for admins; deleteUser is in user-deletion). */
@Resolver(() => User)
export class UserResolver {
  @Query(() => [User], { description: 'Every user (no secrets), active and inactive unless includeInactive is false' })
  users(@Ctx() ctx: ServiceContext, @Arg('includeInactive', () => Boolean, { nullable: true, defaultValue: true }) includeInactive: boolean): Promise<User[]> {
    return users.listUsers(ctx, { includeInactive });
  }

  @Query(() => User)
  user(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<User> {
    return users.getUser(ctx, id);
  }

  @Mutation(() => User, { description: 'Admins only' })
  createUser(@Ctx() ctx: ServiceContext, @Arg('input', () => UserInput) input: UserInput): Promise<User> {
    return users.createUser(ctx, { ...input });
  }

  @Mutation(() => User, { description: 'Admins only' })
  updateUser(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string, @Arg('input', () => UserInput) input: UserInput): Promise<User> {
    return users.updateUser(ctx, id, { ...input });
  }

  @Mutation(() => User, { description: "Admins only; deactivation ends the user's sessions and subscriptions" })
  setUserActive(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string, @Arg('isActive', () => Boolean) isActive: boolean): Promise<User> {
    return users.setUserActive(ctx, id, isActive);
  }

  @Mutation(() => User, { description: "Sets the signed-in user's own colour theme" })
  setTheme(@Ctx() ctx: ServiceContext, @Arg('theme', () => ThemePreference) theme: ThemePreference): Promise<User> {
    return users.setOwnTheme(ctx, theme);
  }

  @FieldResolver(() => ThemePreference, {
    nullable: true,
    description: "The user's colour theme: only for the signed-in user themselves (null on anyone else)",
  })
  theme(@Root() user: User, @Ctx() ctx: ServiceContext): ThemePreference | null {
    return ctx.actor?.id === user.id ? user.theme : null;
  }

  @FieldResolver(() => String, { description: '"First Last", or the username when both are blank' })
  name(@Root() user: User): string {
    return users.displayName(user);
  }

  @FieldResolver(() => User, { nullable: true, description: 'The reporting manager' })
  manager(@Root() user: User, @Ctx() ctx: ServiceContext): Promise<User | null> {
    return user.managerId ? ctx.loaders.user.load(user.managerId) : Promise.resolve(null);
  }
}
