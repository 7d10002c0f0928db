import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { deleteUser } from './user-deletion.service.js';

/** GraphQL adapter of user deletion. */
@Resolver()
export class UserDeletionResolver {
  @Mutation(() => ID, { description: 'Admins only; unassigns their tasks, returns the id' })
  deleteUser(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<string> {
    return deleteUser(ctx, id);
  }
}
