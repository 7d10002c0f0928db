import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, Info, Int, Query, Resolver } from 'type-graphql';
import { selectsField } from '../../graphql/connection.js';
import type { ServiceContext } from '../../common/context.js';
import { Task } from '../task/task.entity.js';
import { User } from '../user/user.entity.js';
import { ManagerDashboard, ManagerSlippage, ManagerTime, ManagerToday, TimeRange } from './manager.types.js';
import * as manager from './manager.service.js';
import { managerTime } from './manager.time.js';

/** GraphQL lists the first 100 people of a dashboard (list-bounds.ts); REST lists every reportee. */
const SHOWN = { people: manager.DASHBOARD_LIMITS.people };

/** The dashboard's own fields (computed together); Today and Slippage are field resolvers of their own. */
const CORE_FIELDS = ['teamMembers', 'totalTasks', 'completedTasks', 'completionPercentage', 'overdueTasks', 'recentTasks', 'byPerson', 'byStatus'] as const;

/** GraphQL adapter of the manager service (managers and admins; FORBIDDEN for others). */
@Resolver()
export class ManagerResolver {
  @Query(() => [User], { description: 'Direct reports (admins: every other active user)' })
  reportees(@Ctx() ctx: ServiceContext): Promise<User[]> {
    return manager.listReportees(ctx);
  }

  // The list is as long as `first` at most (1 to LIMITS.pageMax): the bound the cost limit counts (list-bounds.ts).
  @Query(() => [Task], { description: "Tasks assigned to the viewer's reportees, most recently updated first: the first `first` of them" })
  reporteeTasks(@Ctx() ctx: ServiceContext, @Arg('first', () => Int, { defaultValue: 100, description: '1 to 500' }) first: number): Promise<Task[]> {
    return manager.listReporteeTasks(ctx, manager.reporteeTaskPage(first));
  }

  @Query(() => ManagerTime, { description: 'The Time tab: planned against spent minutes per reportee and per project, for the week or month holding `start`' })
  async managerTime(
    @Ctx() ctx: ServiceContext,
    @Arg('range', () => TimeRange, { defaultValue: TimeRange.WEEK }) range: TimeRange,
    @Arg('start', () => String, { nullable: true, description: "A day of the period (yyyy-MM-dd); default today in the viewer's zone" }) start?: string | null,
  ): Promise<ManagerTime> {
    return (await managerTime(ctx, range, start, SHOWN)) as ManagerTime;
  }

  @Query(() => ManagerDashboard, { description: 'The manager dashboard in one query' })
  async managerDashboard(@Ctx() ctx: ServiceContext, @Info() info: GraphQLResolveInfo): Promise<ManagerDashboard> {
    // A document that asks only for Today or Slippage (their field resolvers below) skips the figures and lists.
    if (!CORE_FIELDS.some((name) => selectsField(info, name))) {
      await manager.listReportees(ctx);
      return {} as ManagerDashboard;
    }
    const d = await manager.managerDashboard(ctx, SHOWN);
    return {
      ...d,
      byPerson: d.byPerson.map((g) => ({ user: g.key, tasks: g.tasks, totalCount: g.totalCount, remainingCount: g.remainingCount })),
      byStatus: d.byStatus.map((g) => ({ status: manager.statusEnum(g.key), tasks: g.tasks, totalCount: g.totalCount, remainingCount: g.remainingCount })),
    };
  }
}

/** The dashboard's Today and Slippage parts: computed only when a client selects them. */
@Resolver(() => ManagerDashboard)
export class ManagerInsightResolver {
  @FieldResolver(() => ManagerToday, { description: "Each reportee's tasks for today against their daily capacity" })
  today(@Ctx() ctx: ServiceContext): Promise<ManagerToday> {
    return manager.managerToday(ctx, SHOWN);
  }

  @FieldResolver(() => ManagerSlippage, { description: 'Per reportee: tasks that slipped over the last `days` whole days (1 to 365), from the audit log' })
  slippage(@Ctx() ctx: ServiceContext, @Arg('days', () => Int, { defaultValue: 30 }) days: number): Promise<ManagerSlippage> {
    return manager.managerSlippage(ctx, days, SHOWN);
  }
}
