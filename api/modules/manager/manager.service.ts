import type { FilterQuery } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { WHOLE_LIST, type ListPage } from '../../common/paging.js';
import { badInput } from '../../common/errors.js';
import { addDays, dayKeysBetween, firstInstantOf, taskSlippage, type PlanChange } from './manager.insight.js';
import { dayKey, isFinished, LIMITS, normalizeStatus, TASK_STATUSES, type TaskStatusValue } from '../../../schema/domain/task-rules.js';
import { User } from '../user/user.entity.js';
import { Task } from '../task/task.entity.js';
import type { TaskStatus } from '../task/task.enums.js';
import { assertCanUseManagerDashboard, REPORTEE_ORDER, reporteeFilter } from './manager.policy.js';
import {
  countReporteeTasks,
  listedReporteeTasks,
  recentFirst,
  reporteeIdsSql,
  reporteePlanEntries,
  reporteeTasksScheduled,
  type PlanRow,
} from './manager.queries.js';

/** The dashboard shows 10 recent tasks; 5 tasks per person or status group; the first 100 people (GraphQL). */
export const DASHBOARD_LIMITS = { recent: 10, perGroup: 5, people: 100 } as const;

/**
 * Which reportees the per-person parts cover: the first `people` in the dashboard's order (GraphQL's
 * bound), or all of them (REST) when absent. The figures always count every reportee.
 */
export interface PeopleShown {
  people?: number;
}

const DAY_MS = 86_400_000;

/** Each request's reportees, read once however many parts of the dashboard it asks for. */
const reporteesOfRequest = new WeakMap<ServiceContext, Promise<User[]>>();

/** The actor's reportees (managers: direct reports; admins: every other active user); FORBIDDEN for others. */
export async function listReportees(ctx: ServiceContext): Promise<User[]> {
  const actor = requireActor(ctx);
  assertCanUseManagerDashboard(actor);
  let reportees = reporteesOfRequest.get(ctx);
  if (!reportees) {
    reportees = ctx.em.find(User, reporteeFilter(actor) as FilterQuery<User>, { orderBy: REPORTEE_ORDER });
    reporteesOfRequest.set(ctx, reportees);
  }
  return [...(await reportees)];
}

async function tasksOf(ctx: ServiceContext, reportees: User[], page: ListPage = WHOLE_LIST): Promise<Task[]> {
  if (reportees.length === 0) return [];
  return ctx.em.find(
    Task,
    { assignedToId: { $in: reportees.map((u) => u.id) } },
    { orderBy: { updatedAt: 'desc', id: 'asc' }, limit: page.limit, offset: page.offset },
  );
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
 * The manager dashboard over the reportees' tasks: counts, completion percentage, overdue (due before
 * today in the viewer's zone and not done), the 10 most recent, and groups by person (every reportee,
 * or the first `shown.people`) and by status (missing status reads as Planned, Completed as Done), 5
 * tasks each plus the rest's count. The figures are counted in SQL per assignee and stored status, and
 * only the listed tasks are read (manager.queries.ts): the same statements whatever the number of tasks.
 */
export async function managerDashboard(ctx: ServiceContext, shown: PeopleShown = {}): Promise<DashboardData> {
  const reportees = await listReportees(ctx);
  const people = shown.people === undefined ? reportees : reportees.slice(0, shown.people);
  const actor = requireActor(ctx);
  const scope = reporteeIdsSql(ctx.em, actor);
  const counts = reportees.length ? await countReporteeTasks(ctx.em, scope, firstInstantOf(dayKey(ctx.now(), ctx.timeZone), ctx.timeZone)) : [];
  const stored = [...new Set(counts.map((c) => c.status))];
  const listed = reportees.length ? await listedReporteeTasks(ctx.em, scope, reporteeIdsSql(ctx.em, actor, shown.people), stored, DASHBOARD_LIMITS) : null;
  let totalTasks = 0;
  let completed = 0;
  let overdue = 0;
  const perAssignee = new Map<string, number>();
  const perStatus = new Map<TaskStatusValue, { total: number; stored: Set<string> }>();
  for (const c of counts) {
    const status = normalizeStatus(c.status) ?? 'Planned';
    totalTasks += c.total;
    if (isFinished(c.status)) completed += c.total;
    else overdue += c.dueBefore;
    perAssignee.set(c.assigneeId, (perAssignee.get(c.assigneeId) ?? 0) + c.total);
    const group = perStatus.get(status) ?? { total: 0, stored: new Set<string>() };
    group.total += c.total;
    group.stored.add(c.status);
    perStatus.set(status, group);
  }
  const group = <K>(key: K, tasks: Task[], total: number): TaskGroup<K> => ({
    key,
    tasks,
    totalCount: total,
    remainingCount: Math.max(0, total - DASHBOARD_LIMITS.perGroup),
  });
  // Several stored spellings may read as one status (rows written before validation): each spelling's first ones, merged.
  const statusTasks = (spellings: Set<string>): Task[] =>
    [...spellings]
      .flatMap((s) => listed?.byStatus.get(s) ?? [])
      .sort(recentFirst)
      .slice(0, DASHBOARD_LIMITS.perGroup);
  return {
    teamMembers: reportees.length,
    totalTasks,
    completedTasks: completed,
    completionPercentage: totalTasks ? Math.round((completed / totalTasks) * 100) : 0,
    overdueTasks: overdue,
    recentTasks: listed?.recent ?? [],
    byPerson: people.map((u) => group(u, listed?.byAssignee.get(u.id) ?? [], perAssignee.get(u.id) ?? 0)),
    byStatus: TASK_STATUSES.filter((s) => perStatus.has(s)).map((s) => group(s, statusTasks(perStatus.get(s)!.stored), perStatus.get(s)!.total)),
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

/**
 * The Today tab: each reportee's tasks scheduled for today (viewer's zone), planned hours (the sum of
 * their estimatedHours, finished ones included: they were planned for today) against the reportee's
 * daily capacity; over capacity when planned exceeds capacity. FORBIDDEN for members.
 */
export async function managerToday(ctx: ServiceContext, shown: PeopleShown = {}): Promise<TodayData> {
  const reportees = (await listReportees(ctx)).slice(0, shown.people);
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
export async function managerSlippage(ctx: ServiceContext, days = 30, shown: PeopleShown = {}): Promise<SlippageData> {
  const reportees = (await listReportees(ctx)).slice(0, shown.people);
  if (!Number.isInteger(days) || days < 1 || days > 365) throw badInput('Days must be a whole number from 1 to 365');
  const now = ctx.now();
  const today = dayKey(now, ctx.timeZone);
  const from = addDays(today, -days);
  // Entries from two days before the window on are enough: older state is rebuilt from the current one backwards.
  const since = new Date(Date.parse(`${from}T00:00:00Z`) - 2 * DAY_MS);
  const scope = reporteeIdsSql(ctx.em, requireActor(ctx), shown.people);
  // The tasks that can count: those with entries since then, and those scheduled in the window now (a task
  // without entries keeps its current plan through the window; a two-day margin covers every zone).
  const entries = reportees.length ? await reporteePlanEntries(ctx.em, scope, since) : [];
  const scheduled = reportees.length ? await reporteeTasksScheduled(ctx.em, scope, since, new Date(Date.parse(`${today}T00:00:00Z`) + 2 * DAY_MS)) : [];
  const tasks = new Map<string, PlanRow>(scheduled.map((t) => [t.id, t]));
  const byTask = new Map<string, PlanChange[]>();
  for (const e of entries) {
    tasks.set(e.task.id, e.task);
    const list = byTask.get(e.task.id) ?? [];
    list.push({ createdAt: e.createdAt, action: e.action, oldValues: parseJsonObject(e.oldValues) });
    byTask.set(e.task.id, list);
  }
  const dayOf = dayKeysBetween(addDays(from, -3), addDays(today, 3), ctx.timeZone);
  const perAssignee = new Map<string, { plannedTasks: number; slippedTasks: number; totalDaysSlipped: number }>();
  for (const task of tasks.values()) {
    const { planned, slip } = taskSlippage(task, byTask.get(task.id) ?? [], today, days, ctx.timeZone, dayOf);
    if (!planned) continue;
    const sums = perAssignee.get(task.assignedToId) ?? { plannedTasks: 0, slippedTasks: 0, totalDaysSlipped: 0 };
    sums.plannedTasks++;
    if (slip) {
      sums.slippedTasks++;
      sums.totalDaysSlipped += slip.daysSlipped;
    }
    perAssignee.set(task.assignedToId, sums);
  }
  return {
    days,
    from,
    to: addDays(today, -1),
    people: reportees.map((user) => {
      const { plannedTasks, slippedTasks, totalDaysSlipped } = perAssignee.get(user.id) ?? { plannedTasks: 0, slippedTasks: 0, totalDaysSlipped: 0 };
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
