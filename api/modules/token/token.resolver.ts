import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { ApiToken } from './token.entity.js';
import { NewApiToken } from './token.types.js';
import * as tokens from './token.service.js';

/** GraphQL adapter of the personal API token service. */
@Resolver(() => ApiToken)
export class ApiTokenResolver {
  @Query(() => [ApiToken], { description: 'The viewer’s personal API tokens, newest first' })
  apiTokens(@Ctx() ctx: ServiceContext): Promise<ApiToken[]> {
    return tokens.listApiTokens(ctx);
  }

  @Mutation(() => NewApiToken, { description: 'Creates a personal API token (not with a token: sign in to the app)' })
  async createApiToken(@Ctx() ctx: ServiceContext, @Arg('name', () => String) name: string): Promise<NewApiToken> {
    return tokens.newTokenJson(await tokens.createApiToken(ctx, name));
  }

  @Mutation(() => ID, { description: 'Revokes one of the viewer’s tokens at once (its open sockets are closed)' })
  revokeApiToken(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<string> {
    return tokens.revokeApiToken(ctx, id);
  }
}
