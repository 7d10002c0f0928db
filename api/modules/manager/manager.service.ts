import type { FilterQuery } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { WHOLE_LIST, type ListPage } from '../../common/paging.js';
import { isFinished, isOverdue, normalizeStatus, TASK_STATUSES, type TaskStatusValue } from '../../../schema/domain/task-rules.js';
import { User } from '../user/user.entity.js';
import { Task } from '../task/task.entity.js';
import type { TaskStatus } from '../task/task.enums.js';
import { assertCanUseManagerDashboard, reporteeFilter } from './manager.policy.js';

/** SPEC 9: 10 recent tasks; 5 tasks per person or status group. */
export const DASHBOARD_LIMITS = { recent: 10, perGroup: 5 } as const;

/** The actor's reportees (managers: direct reports; admins: every other active user); FORBIDDEN for others. */
export async function listReportees(ctx: ServiceContext): Promise<User[]> {
  const actor = requireActor(ctx);
  assertCanUseManagerDashboard(actor);
  return ctx.em.find(User, reporteeFilter(actor) as FilterQuery<User>, { orderBy: { firstName: 'asc', lastName: 'asc', username: 'asc', id: 'asc' } });
}

async function tasksOf(ctx: ServiceContext, reportees: User[], page: ListPage = WHOLE_LIST): Promise<Task[]> {
  if (reportees.length === 0) return [];
  return ctx.em.find(Task, { assignedToId: { $in: reportees.map((u) => u.id) } }, { orderBy: { updatedAt: 'desc', id: 'asc' }, limit: page.limit, offset: page.offset });
}

/** Tasks assigned to the actor's reportees, most recently updated first; all of them unless a page is given. */
export async function listReporteeTasks(ctx: ServiceContext, page: ListPage = WHOLE_LIST): Promise<Task[]> {
  return tasksOf(ctx, await listReportees(ctx), page);
}

export interface TaskGroup<K> {
  key: K;
  tasks: Task[];
  totalCount: number;
  remainingCount: number;
}

function group<K>(key: K, all: Task[]): TaskGroup<K> {
  return { key, tasks: all.slice(0, DASHBOARD_LIMITS.perGroup), totalCount: all.length, remainingCount: Math.max(0, all.length - DASHBOARD_LIMITS.perGroup) };
}

export interface DashboardData {
  teamMembers: number;
  totalTasks: number;
  completedTasks: number;
  completionPercentage: number;
  overdueTasks: number;
  recentTasks: Task[];
  byPerson: TaskGroup<User>[];
  byStatus: TaskGroup<TaskStatusValue>[];
}

/**
 * SPEC 2.7's dashboard over the reportees' tasks: counts, completion percentage, overdue (due before
 * today in the viewer's zone and not done), the 10 most recent, and groups by person (every reportee)
 * and by status (missing status reads as Planned, Completed as Done), 5 tasks each plus the rest's count.
 */
export async function managerDashboard(ctx: ServiceContext): Promise<DashboardData> {
  const reportees = await listReportees(ctx);
  const tasks = await tasksOf(ctx, reportees);
  const now = ctx.now();
  const completed = tasks.filter((t) => isFinished(t.status)).length;

  const byAssignee = new Map<string, Task[]>();
  const byStatus = new Map<TaskStatusValue, Task[]>();
  for (const task of tasks) {
    if (task.assignedToId) byAssignee.set(task.assignedToId, [...(byAssignee.get(task.assignedToId) ?? []), task]);
    const status = normalizeStatus(task.status) ?? 'Planned';
    byStatus.set(status, [...(byStatus.get(status) ?? []), task]);
  }
  return {
    teamMembers: reportees.length,
    totalTasks: tasks.length,
    completedTasks: completed,
    completionPercentage: tasks.length ? Math.round((completed / tasks.length) * 100) : 0,
    overdueTasks: tasks.filter((t) => isOverdue(t, now, ctx.timeZone)).length,
    recentTasks: tasks.slice(0, DASHBOARD_LIMITS.recent),
    byPerson: reportees.map((u) => group(u, byAssignee.get(u.id) ?? [])),
    byStatus: TASK_STATUSES.filter((s) => byStatus.has(s)).map((s) => group(s, byStatus.get(s)!)),
  };
}

export const statusEnum = (status: TaskStatusValue): TaskStatus => status as TaskStatus;
