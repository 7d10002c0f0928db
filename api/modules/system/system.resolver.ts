import { Ctx, Query, Resolver } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { SystemStatus } from './system.types.js';
import * as system from './system.service.js';

/** GraphQL adapter of the system status (the admin dashboard's health card). */
@Resolver(() => SystemStatus)
export class SystemStatusResolver {
  @Query(() => SystemStatus, { description: 'Admins only: database and Redis pings, database kind and live-update mode' })
  systemStatus(@Ctx() ctx: ServiceContext): Promise<SystemStatus> {
    return system.systemStatus(ctx);
  }
}
