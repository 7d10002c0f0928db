import type { EntityManager } from '@mikro-orm/core';
import type { QBFilterQuery, SqlEntityManager } from '@mikro-orm/knex';
import type { Actor } from '../../common/actor.js';
import { Task } from '../task/task.entity.js';
import { User } from '../user/user.entity.js';
import { reporteeFilter } from './manager.policy.js';

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

/** The ids of the actor's reportees as a subquery (manager.policy's filter, built by MikroORM). */
export function reporteeIdsSql(em: EntityManager, actor: Actor): Sql {
  const { sql, bindings } = (em as SqlEntityManager)
    .createQueryBuilder(User, 'r')
    .select('r.id')
    .where(reporteeFilter(actor) as QBFilterQuery<User>)
    .getKnexQuery()
    .toSQL();
  return { sql, params: [...bindings] };
}

const run = <R>(em: EntityManager, sql: string, params: unknown[]): Promise<R[]> => (em as SqlEntityManager).execute<R[]>(sql, params, 'all') as Promise<R[]>;

const isSqlite = (em: EntityManager): boolean => em.getPlatform().constructor.name.toLowerCase().includes('sqlite');

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

/** A task the dashboard lists, with its place (1 = first) among its assignee's, its stored status's and all reportee tasks, most recently updated first. */
export interface RankedTask {
  task: Task;
  byAssignee: number;
  byStatus: number;
  overall: number;
}

/**
 * The reportees' tasks that are among the first `perGroup` of their assignee or of their stored status,
 * or among the first `recent` of all, most recently updated first (ties by id), read as entities.
 *
 * Each (reportee, status) pair's first max(perGroup, recent) tasks come from an index walk that stops
 * there (SQLite: a correlated `in (... limit n)`; PostgreSQL: `lateral`); any group's first n are among
 * its pairs' first n, so the window functions that rank the groups run over at most
 * people x statuses x n rows, whatever the number of tasks.
 */
export async function topReporteeTasks(em: EntityManager, reportees: Sql, statuses: readonly string[], limits: { perGroup: number; recent: number }): Promise<RankedTask[]> {
  if (statuses.length === 0) return [];
  const perPair = Math.max(limits.perGroup, limits.recent);
  const pairTop = (columns: string) =>
    `select ${columns} from tasks y where y.assigned_to_id = u.id and y.status = s.status order by y.updated_at desc, y.id limit ${perPair}`;
  const pairs = isSqlite(em)
    ? // by rowid: SQLite's own row key, one lookup per row instead of the id index and then the row
      `users u cross join s join tasks p on p.rowid in (${pairTop('y.rowid')})`
    : `users u cross join s cross join lateral (${pairTop('y.id, y.assigned_to_id, y.status, y.updated_at')}) p`;
  const order = 'order by p.updated_at desc, p.id';
  const rows = await run<Record<string, unknown>>(
    em,
    `with s(status) as (values ${statuses.map(() => '(?)').join(', ')})
     select t.*, r.by_assignee, r.by_status, r.overall from (
       select p.id,
         row_number() over (partition by p.assigned_to_id ${order}) as by_assignee,
         row_number() over (partition by p.status ${order}) as by_status,
         row_number() over (${order}) as overall
       from ${pairs} where u.id in (${reportees.sql})
     ) r join tasks t on t.id = r.id
     where r.by_assignee <= ? or r.by_status <= ? or r.overall <= ?`,
    [...statuses, ...reportees.params, limits.perGroup, limits.perGroup, limits.recent],
  );
  return rows.map(({ by_assignee, by_status, overall, ...columns }) => ({
    task: em.map(Task, columns as never),
    byAssignee: num(by_assignee),
    byStatus: num(by_status),
    overall: num(overall),
  }));
}

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
 * reportees' task ids (tasks(assigned_to_id, ..., id) then audit_entries(task_id, created_at)), not by
 * reading the period's entries of the whole company; the tasks' rows are read for the entries found only.
 */
export async function reporteePlanEntries(em: EntityManager, reportees: Sql, since: Date): Promise<PlanEntryRow[]> {
  const rows = await run<Record<string, unknown>>(
    em,
    `with e as materialized (
       select a.id, a.task_id, a.action, a.old_values, a.created_at from audit_entries a
       where a.task_id in (select x.id from tasks x where x.assigned_to_id in (${reportees.sql})) and a.entity_type = 'task' and a.created_at >= ?
         and (a.action = 'created' or a.old_values like ? or a.old_values like ?))
     select e.action, e.old_values, e.created_at, t.id as t_id, t.assigned_to_id as t_assigned_to_id, t.status as t_status, t.scheduled_date as t_scheduled_date, t.created_at as t_created_at
     from e join tasks t on t.id = e.task_id
     order by e.created_at, e.id`,
    [...reportees.params, since, '%"scheduledDate"%', '%"status"%'],
  );
  return rows.map((r) => ({ task: planRow(r, 't_'), action: r.action as string, oldValues: (r.old_values as string | null) ?? null, createdAt: instant(r.created_at) }));
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
