import type { EntityManager } from '@mikro-orm/core';
import type { QBFilterQuery, SqlEntityManager } from '@mikro-orm/knex';
import type { Actor } from '../../common/actor.js';
import { Task } from '../task/task.entity.js';
import { User } from '../user/user.entity.js';
import { REPORTEE_ORDER, reporteeFilter } from './manager.policy.js';
import { isSqlite } from '../../common/dialect.js';

/*
 * The manager dashboard's SQL: figures counted with GROUP BY, the few rows it lists picked with window
 * functions, slippage's audit entries joined through the reportees' tasks. Every statement names the
 * reportees by a subquery of the users table (the policy's filter), never by a list of ids, so its text
 * and its plan are the same for 10 tasks or 100,000 (tests/api/manager-scale.test.ts; the plans and the
 * figures are in docs/DECISIONS.md, "Manager dashboard in SQL").
 */

/** SQL text with `?` placeholders and its values. */
export interface Sql {
  sql: string;
  params: unknown[];
}

/**
 * The ids of the actor's reportees as a subquery (manager.policy's filter, built by MikroORM); with
 * `first`, only the first ones in the dashboard's order of people (REPORTEE_ORDER).
 */
export function reporteeIdsSql(em: EntityManager, actor: Actor, first?: number): Sql {
  const query = (em as SqlEntityManager)
    .createQueryBuilder(User, 'r')
    .select('r.id')
    .where(reporteeFilter(actor) as QBFilterQuery<User>);
  if (first !== undefined) query.orderBy(REPORTEE_ORDER).limit(first);
  const { sql, bindings } = query.getKnexQuery().toSQL();
  return { sql, params: [...bindings] };
}

const run = <R>(em: EntityManager, sql: string, params: unknown[]): Promise<R[]> => (em as SqlEntityManager).execute<R[]>(sql, params, 'all') as Promise<R[]>;

/** A number as either driver answers it (PostgreSQL's counts and sums are bigint text). */
const num = (value: unknown): number => Number(value ?? 0);

/** A timestamp as either driver answers it (SQLite: epoch milliseconds; PostgreSQL: a Date). */
const instant = (value: unknown): Date => (value instanceof Date ? value : new Date(value as number | string));
const optionalInstant = (value: unknown): Date | null => (value === null || value === undefined ? null : instant(value));

/** One stored status of one reportee: how many tasks, and how many of them are due before `dueBefore`. */
export interface StatusCount {
  assigneeId: string;
  /** The status as stored (normalised by the caller). */
  status: string;
  total: number;
  dueBefore: number;
}

/**
 * The reportees' tasks counted per assignee and stored status, with those due before an instant (one
 * pass over the tasks(assigned_to_id, status, ...) index; at most people x statuses rows).
 */
export async function countReporteeTasks(em: EntityManager, reportees: Sql, dueBefore: Date): Promise<StatusCount[]> {
  const rows = await run<{ assignee: string; status: string; total: unknown; due_before: unknown }>(
    em,
    `select t.assigned_to_id as assignee, t.status as status, count(*) as total, sum(case when t.due_date < ? then 1 else 0 end) as due_before
     from tasks t where t.assigned_to_id in (${reportees.sql}) group by t.assigned_to_id, t.status`,
    [dueBefore, ...reportees.params],
  );
  return rows.map((r) => ({ assigneeId: r.assignee, status: r.status, total: num(r.total), dueBefore: num(r.due_before) }));
}

/** The tasks the dashboard lists, each list most recently updated first (ties by id). */
export interface ListedTasks {
  /** Each person's first `perGroup`, by assignee id. */
  byAssignee: Map<string, Task[]>;
  /** Each stored status's first `perGroup` among all reportee tasks, by stored status. */
  byStatus: Map<string, Task[]>;
  /** The first `recent` of all reportee tasks. */
  recent: Task[];
}

const RECENT_FIRST = 'order by t.updated_at desc, t.id';

/**
 * The tasks the dashboard lists: the first `perGroup` of each of `people` (the reportees it shows), of
 * each stored status, and the first `recent` of all, most recently updated first. Each list is the start
 * of an index walk that stops there (tasks(assigned_to_id, updated_at desc, id) per person, with a
 * correlated `in (... limit n)` on SQLite and `lateral` on PostgreSQL; tasks(status, updated_at desc, id)
 * per status; the same per-person walk for the recent ones): people x n + statuses x n + reportees x recent
 * rows, read as entities, whatever the number of tasks.
 */
export async function listedReporteeTasks(
  em: EntityManager,
  reportees: Sql,
  people: Sql,
  statuses: readonly string[],
  limits: { perGroup: number; recent: number },
): Promise<ListedTasks> {
  const perGroup = Math.trunc(limits.perGroup);
  const recent = Math.trunc(limits.recent);
  // The first n tasks of each person of `who`, most recently updated first.
  const perPerson = (who: Sql, n: number) => {
    const personTop = (columns: string) => `select ${columns} from tasks y where y.assigned_to_id = u.id order by y.updated_at desc, y.id limit ${n}`;
    return isSqlite(em)
      ? // by rowid: SQLite's own row key, one lookup per row instead of the id index and then the row
        `select t.* from users u join tasks t on t.rowid in (${personTop('y.rowid')}) where u.id in (${who.sql}) ${RECENT_FIRST}`
      : `select t.* from users u cross join lateral (${personTop('y.*')}) t where u.id in (${who.sql}) ${RECENT_FIRST}`;
  };
  const statusTop = `select * from (select t.* from tasks t where t.status = ? and t.assigned_to_id in (${reportees.sql}) ${RECENT_FIRST} limit ${perGroup}) s`;
  const [personRows, statusRows, recentRows] = await Promise.all([
    run<Record<string, unknown>>(em, perPerson(people, perGroup), people.params),
    statuses.length
      ? run<Record<string, unknown>>(
          em,
          statuses.map(() => statusTop).join(' union all '),
          statuses.flatMap((status) => [status, ...reportees.params]),
        )
      : [],
    // The newest of every reportee's newest: an index walk per person (one over all the reportees'
    // tasks sorted them all, 96,000 for an admin).
    run<Record<string, unknown>>(em, `${perPerson(reportees, recent)} limit ${recent}`, reportees.params),
  ]);
  const asTasks = (rows: Record<string, unknown>[]) => rows.map((columns) => em.map(Task, columns as never)).sort(recentFirst);
  const groupBy = (tasks: Task[], key: (t: Task) => string | null) => {
    const groups = new Map<string, Task[]>();
    for (const task of tasks) {
      const k = key(task);
      if (k === null) continue;
      const list = groups.get(k);
      if (list) list.push(task);
      else groups.set(k, [task]);
    }
    return groups;
  };
  return {
    byAssignee: groupBy(asTasks(personRows), (t) => t.assignedToId),
    byStatus: groupBy(asTasks(statusRows), (t) => t.status),
    recent: asTasks(recentRows),
  };
}

/** Most recently updated first, ties by id: the order the dashboard lists tasks in. */
export const recentFirst = (a: Task, b: Task): number => b.updatedAt.getTime() - a.updatedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A reportee task as slippage needs it: who it is assigned to now, and its current plan. */
export interface PlanRow {
  id: string;
  assignedToId: string;
  status: string;
  scheduledDate: Date | null;
  createdAt: Date;
}

/** A task audit entry that may change a plan, with its task. */
export interface PlanEntryRow {
  task: PlanRow;
  action: string;
  oldValues: string | null;
  createdAt: Date;
}

const planRow = (r: Record<string, unknown>, prefix = ''): PlanRow => ({
  id: r[`${prefix}id`] as string,
  assignedToId: r[`${prefix}assigned_to_id`] as string,
  status: r[`${prefix}status`] as string,
  scheduledDate: optionalInstant(r[`${prefix}scheduled_date`]),
  createdAt: instant(r[`${prefix}created_at`]),
});

/**
 * The reportees' task audit entries since an instant that may change a plan (creation, or old values
 * of scheduledDate or status: the others leave the state taskSlippage rebuilds as it was, so leaving
 * them out changes no answer), oldest first, each with its task's current plan. Found through the
 * reportees' tasks updated since then (every audited write stamps updatedAt: task.write.ts `settle`),
 * along tasks(assigned_to_id, updated_at desc, id), then audit_entries(task_id, created_at): not by
 * reading the period's entries of the whole company, nor by probing every task of every reportee; the
 * tasks' rows are read for the entries found only.
 */
export async function reporteePlanEntries(em: EntityManager, reportees: Sql, since: Date): Promise<PlanEntryRow[]> {
  const rows = await run<Record<string, unknown>>(
    em,
    `with e as materialized (
       select a.id, a.task_id, a.action, a.old_values, a.created_at from audit_entries a
       where a.task_id in (select x.id from tasks x where x.assigned_to_id in (${reportees.sql}) and x.updated_at >= ?) and a.entity_type = 'task' and a.created_at >= ?
         and (a.action = 'created' or a.old_values like ? or a.old_values like ?))
     select e.action, e.old_values, e.created_at, t.id as t_id, t.assigned_to_id as t_assigned_to_id, t.status as t_status, t.scheduled_date as t_scheduled_date, t.created_at as t_created_at
     from e join tasks t on t.id = e.task_id
     order by e.created_at, e.id`,
    [...reportees.params, since, since, '%"scheduledDate"%', '%"status"%'],
  );
  return rows.map((r) => ({
    task: planRow(r, 't_'),
    action: r.action as string,
    oldValues: (r.old_values as string | null) ?? null,
    createdAt: instant(r.created_at),
  }));
}

/** The reportees' tasks scheduled in [from, to) (tasks(assigned_to_id, scheduled_date)). */
export async function reporteeTasksScheduled(em: EntityManager, reportees: Sql, from: Date, to: Date): Promise<PlanRow[]> {
  const rows = await run<Record<string, unknown>>(
    em,
    `select t.id, t.assigned_to_id, t.status, t.scheduled_date, t.created_at from tasks t
     where t.assigned_to_id in (${reportees.sql}) and t.scheduled_date >= ? and t.scheduled_date < ?`,
    [...reportees.params, from, to],
  );
  return rows.map((r) => planRow(r));
}

/** Hours one reportee planned on one project: the estimates of their tasks scheduled in a period. */
export interface PlannedGroup {
  assigneeId: string;
  project: string | null;
  hours: number;
}

/**
 * The sum of estimatedHours of the reportees' tasks scheduled in [from, to), per assignee and project
 * (GROUP BY over tasks(assigned_to_id, scheduled_date)); finished tasks count, as on the Today tab.
 */
export async function plannedHoursByProject(em: EntityManager, reportees: Sql, from: Date, to: Date): Promise<PlannedGroup[]> {
  const rows = await run<{ assignee: string; project: string | null; hours: unknown }>(
    em,
    `select t.assigned_to_id as assignee, t.project as project, sum(t.estimated_hours) as hours from tasks t
     where t.assigned_to_id in (${reportees.sql}) and t.scheduled_date >= ? and t.scheduled_date < ? and t.estimated_hours is not null
     group by t.assigned_to_id, t.project`,
    [...reportees.params, from, to],
  );
  return rows.map((r) => ({ assigneeId: r.assignee, project: r.project, hours: num(r.hours) }));
}
