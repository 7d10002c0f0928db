import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { ViewerCan } from '../../graphql/viewer-can.js';
import { SystemConfig } from './config.entity.js';
import { SystemConfigInput } from './config.inputs.js';
import * as configs from './config.service.js';

/** GraphQL adapter of the categories-and-priorities service. */
@Resolver(() => SystemConfig)
export class SystemConfigResolver {
  @Query(() => [SystemConfig], { description: 'Config items, optionally of one type (categories, priorities)' })
  systemConfigs(@Ctx() ctx: ServiceContext, @Arg('configType', () => String, { nullable: true }) configType: string | null): Promise<SystemConfig[]> {
    return configs.listSystemConfigs(ctx, configType);
  }

  @Mutation(() => SystemConfig, { description: 'Anyone signed in' })
  createSystemConfig(@Ctx() ctx: ServiceContext, @Arg('input', () => SystemConfigInput) input: SystemConfigInput): Promise<SystemConfig> {
    return configs.createSystemConfig(ctx, { ...input });
  }

  @Mutation(() => SystemConfig, { description: 'Admins only' })
  updateSystemConfig(
    @Ctx() ctx: ServiceContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => SystemConfigInput) input: SystemConfigInput,
  ): Promise<SystemConfig> {
    return configs.updateSystemConfig(ctx, id, { ...input });
  }

  @Mutation(() => ID, { description: 'Admins only' })
  deleteSystemConfig(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<string> {
    return configs.deleteSystemConfig(ctx, id);
  }

  @FieldResolver(() => ViewerCan)
  viewerCan(@Ctx() ctx: ServiceContext): ViewerCan {
    return configs.systemConfigPermissions(ctx);
  }
}
