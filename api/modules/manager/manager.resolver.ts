import { Ctx, Query, Resolver } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { Task } from '../task/task.entity.js';
import { User } from '../user/user.entity.js';
import { ManagerDashboard } from './manager.types.js';
import * as manager from './manager.service.js';

/** GraphQL adapter of the manager service (managers and admins; FORBIDDEN for others). */
@Resolver()
export class ManagerResolver {
  @Query(() => [User], { description: 'Direct reports (admins: every other active user)' })
  reportees(@Ctx() ctx: ServiceContext): Promise<User[]> {
    return manager.listReportees(ctx);
  }

  @Query(() => [Task], { description: "Tasks assigned to the viewer's reportees, most recently updated first" })
  reporteeTasks(@Ctx() ctx: ServiceContext): Promise<Task[]> {
    return manager.listReporteeTasks(ctx);
  }

  @Query(() => ManagerDashboard, { description: 'The manager dashboard (SPEC 2.7) in one query' })
  async managerDashboard(@Ctx() ctx: ServiceContext): Promise<ManagerDashboard> {
    const d = await manager.managerDashboard(ctx);
    return {
      ...d,
      byPerson: d.byPerson.map((g) => ({ user: g.key, tasks: g.tasks, totalCount: g.totalCount, remainingCount: g.remainingCount })),
      byStatus: d.byStatus.map((g) => ({ status: manager.statusEnum(g.key), tasks: g.tasks, totalCount: g.totalCount, remainingCount: g.remainingCount })),
    };
  }
}
