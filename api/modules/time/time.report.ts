import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { TimeEntry } from './time.entity.js';
import { minutesBetween } from './time.service.js';

/**
 * Time spent by a group of people over a period, per person and project, for reports such as the
 * manager dashboard's Time tab (docs/API.md, Time). The people are named by a subquery of user ids
 * (the caller's: the time module knows no reportees), so the statement is the same for any number.
 */

/** A subquery of user ids (`select id from users where ...`) with `?` placeholders, and its values. */
export interface PeopleSql {
  sql: string;
  params: unknown[];
}

/** Minutes one person spent on one project's tasks (project null: no project, or the task is gone). */
export interface SpentGroup {
  userId: string;
  project: string | null;
  minutes: number;
}

const run = <R>(em: EntityManager, sql: string, params: unknown[]): Promise<R[]> => (em as SqlEntityManager).execute<R[]>(sql, params, 'all') as Promise<R[]>;

/** A timestamp as either driver answers it (SQLite: epoch milliseconds; PostgreSQL: a Date). */
const instant = (value: unknown): Date => (value instanceof Date ? value : new Date(value as number | string));

/**
 * The minutes the people spent on entries started in [from, to), per person and project of the entry's
 * task: stopped entries summed in SQL (GROUP BY over time_entries(user_id, started_at)), running timers
 * (one per person at most) counted up to `now`. A deleted task keeps its time, under no project.
 */
export async function spentByPersonAndProject(em: EntityManager, people: PeopleSql, from: Date, to: Date, now: Date): Promise<SpentGroup[]> {
  const table = em.getMetadata().get(TimeEntry.name).tableName;
  const base = `from ${table} e left join tasks t on t.id = e.task_id
     where e.user_id in (${people.sql}) and e.started_at >= ? and e.started_at < ?`;
  const params = [...people.params, from, to];
  const [stopped, running] = await Promise.all([
    run<{ user_id: string; project: string | null; total: unknown }>(
      em,
      `select e.user_id as user_id, t.project as project, sum(e.minutes) as total ${base} and e.ended_at is not null group by e.user_id, t.project`,
      params,
    ),
    run<{ user_id: string; project: string | null; started_at: unknown }>(
      em,
      `select e.user_id as user_id, t.project as project, e.started_at as started_at ${base} and e.ended_at is null`,
      params,
    ),
  ]);
  const groups = new Map<string, SpentGroup>();
  const add = (userId: string, project: string | null, minutes: number) => {
    const name = project?.trim() ? project : null;
    const key = `${userId}\u0000${name ?? ''}`;
    const group = groups.get(key);
    if (group) group.minutes += minutes;
    else groups.set(key, { userId, project: name, minutes });
  };
  for (const r of stopped) add(r.user_id, r.project, Number(r.total ?? 0));
  for (const r of running) add(r.user_id, r.project, minutesBetween(instant(r.started_at), now));
  return [...groups.values()];
}
