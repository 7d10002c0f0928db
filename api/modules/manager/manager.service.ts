import type { FilterQuery } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { WHOLE_LIST, type ListPage } from '../../common/paging.js';
import { badInput } from '../../common/errors.js';
import { AuditEntry } from '../audit/audit.entity.js';
import { addDays, taskSlippage, type PlanChange } from './manager.insight.js';
import { dayKey, isFinished, isOverdue, LIMITS, normalizeStatus, TASK_STATUSES, type TaskStatusValue } from '../../../schema/domain/task-rules.js';
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

/** The first `first` reportee tasks (1 to LIMITS.pageMax); BAD_USER_INPUT outside that range. */
export function reporteeTaskPage(first: number): ListPage {
  if (!Number.isInteger(first) || first < 1 || first > LIMITS.pageMax) throw badInput(`first must be between 1 and ${LIMITS.pageMax}`);
  return { limit: first, offset: 0 };
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

/** Default daily capacity (hours) of a user without one set. */
export const DEFAULT_CAPACITY_HOURS = 8;

export interface ReporteeDayData {
  user: User;
  capacityHours: number;
  plannedHours: number;
  overCapacity: boolean;
  /** Today's tasks (scheduled today in the viewer's zone): timed ones by time first, then the rest by title. */
  tasks: Task[];
}

export interface TodayData {
  date: string;
  people: ReporteeDayData[];
}

const DAY_MS = 86_400_000;

/**
 * The Today tab: each reportee's tasks scheduled for today (viewer's zone), planned hours (the sum of
 * their estimatedHours, finished ones included: they were planned for today) against the reportee's
 * daily capacity; over capacity when planned exceeds capacity. FORBIDDEN for members.
 */
export async function managerToday(ctx: ServiceContext): Promise<TodayData> {
  const reportees = await listReportees(ctx);
  const now = ctx.now();
  const today = dayKey(now, ctx.timeZone);
  const tasks = reportees.length
    ? await ctx.em.find(Task, {
        assignedToId: { $in: reportees.map((u) => u.id) },
        // Calendar days are stored at noon UTC; a two-day margin covers every zone, then the day is compared exactly.
        scheduledDate: { $gte: new Date(now.getTime() - 2 * DAY_MS), $lte: new Date(now.getTime() + 2 * DAY_MS) },
      })
    : [];
  const todays = tasks
    .filter((t) => t.scheduledDate && dayKey(t.scheduledDate, ctx.timeZone) === today)
    .sort((a, b) => (a.scheduledTime ?? '99:99').localeCompare(b.scheduledTime ?? '99:99') || a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
  return {
    date: today,
    people: reportees.map((user) => {
      const mine = todays.filter((t) => t.assignedToId === user.id);
      const plannedHours = Math.round(mine.reduce((sum, t) => sum + (t.estimatedHours ?? 0), 0) * 100) / 100;
      const capacityHours = user.dailyCapacityHours ?? DEFAULT_CAPACITY_HOURS;
      return { user, capacityHours, plannedHours, overCapacity: plannedHours > capacityHours, tasks: mine };
    }),
  };
}

export interface ReporteeSlippageData {
  user: User;
  plannedTasks: number;
  slippedTasks: number;
  totalDaysSlipped: number;
  averageDaysSlipped: number;
}

export interface SlippageData {
  days: number;
  from: string;
  to: string;
  people: ReporteeSlippageData[];
}

/**
 * The Slippage tab, from the audit log: per reportee, over the `days` whole days before today (viewer's
 * zone), the tasks now assigned to them that were planned for a day and not finished by its end, and
 * the average days they slipped (see taskSlippage). BAD_USER_INPUT unless 1 <= days <= 365; FORBIDDEN for members.
 */
export async function managerSlippage(ctx: ServiceContext, days = 30): Promise<SlippageData> {
  const reportees = await listReportees(ctx);
  if (!Number.isInteger(days) || days < 1 || days > 365) throw badInput('Days must be a whole number from 1 to 365');
  const now = ctx.now();
  const today = dayKey(now, ctx.timeZone);
  const from = addDays(today, -days);
  const tasks = await tasksOf(ctx, reportees);
  // Entries from two days before the window on are enough: older state is rebuilt from the current one backwards.
  const since = new Date(Date.parse(`${from}T00:00:00Z`) - 2 * DAY_MS);
  // A long id list would exceed the databases' bound-parameter limits: past 500 tasks, read the window's task entries and filter here.
  const ids = new Set(tasks.map((t) => t.id));
  const entries = tasks.length
    ? await ctx.em.find(
        AuditEntry,
        { ...(ids.size <= 500 ? { taskId: { $in: [...ids] } } : { taskId: { $ne: null } }), entityType: 'task', createdAt: { $gte: since } },
        { orderBy: { createdAt: 'asc', id: 'asc' }, fields: ['id', 'taskId', 'action', 'oldValues', 'createdAt'] },
      )
    : [];
  const byTask = new Map<string, PlanChange[]>();
  for (const e of entries) {
    if (!ids.has(e.taskId!)) continue;
    const list = byTask.get(e.taskId!) ?? [];
    list.push({ createdAt: e.createdAt, action: e.action, oldValues: parseJsonObject(e.oldValues) });
    byTask.set(e.taskId!, list);
  }
  return {
    days,
    from,
    to: addDays(today, -1),
    people: reportees.map((user) => {
      let plannedTasks = 0;
      let slippedTasks = 0;
      let totalDaysSlipped = 0;
      for (const task of tasks) {
        if (task.assignedToId !== user.id) continue;
        const { planned, slip } = taskSlippage(task, byTask.get(task.id) ?? [], today, days, ctx.timeZone);
        if (planned) plannedTasks++;
        if (slip) {
          slippedTasks++;
          totalDaysSlipped += slip.daysSlipped;
        }
      }
      const averageDaysSlipped = slippedTasks ? Math.round((totalDaysSlipped / slippedTasks) * 10) / 10 : 0;
      return { user, plannedTasks, slippedTasks, totalDaysSlipped, averageDaysSlipped };
    }),
  };
}

function parseJsonObject(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
