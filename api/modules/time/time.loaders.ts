import type { EntityManager } from '@mikro-orm/core';
import { PeekableLoader } from '../../common/loaders.js';
import { TimeEntry } from './time.entity.js';

/** A task's time so far: the minutes of its stopped entries, and when its running timers started. */
export interface TaskTime {
  stopped: number;
  running: Date[];
}

declare module '../../common/loaders.js' {
  interface Loaders {
    /** Each task id's time spent (everyone's), for Task.timeSpentMinutes. */
    timeSpent: PeekableLoader<string, TaskTime>;
  }
}

interface SumRow {
  task_id: string;
  /** PostgreSQL answers sums of integers as strings (bigint). */
  total: number | string | null;
}

/**
 * Two statements per batch whatever the number of tasks: the grouped sum of the stopped entries' minutes
 * (over the task_id index; plain SQL, as countsByTask) and the running entries (few: one per person at most).
 */
export async function loadTimes(em: EntityManager, taskIds: readonly string[]): Promise<TaskTime[]> {
  const table = em.getMetadata().get(TimeEntry.name).tableName;
  const placeholders = taskIds.map(() => '?').join(', ');
  const [sums, running] = await Promise.all([
    em
      .getConnection()
      .execute<SumRow[]>(
        `select task_id, sum(minutes) as total from ${table} where task_id in (${placeholders}) and ended_at is not null group by task_id`,
        [...taskIds],
        'all',
      ),
    // A fork of its own: partial rows must not stand in for whole ones in the request's identity map.
    em.fork().find(TimeEntry, { taskId: { $in: [...taskIds] }, endedAt: null }, { fields: ['taskId', 'startedAt'] }),
  ]);
  const times = new Map<string, TaskTime>(taskIds.map((id) => [id, { stopped: 0, running: [] }]));
  for (const row of sums) {
    const time = times.get(row.task_id);
    if (time) time.stopped = Number(row.total ?? 0);
  }
  for (const entry of running) times.get(entry.taskId)?.running.push(entry.startedAt);
  return taskIds.map((id) => times.get(id) ?? { stopped: 0, running: [] });
}

/** The time module's per-request loaders. */
export const timeLoaders = (em: EntityManager) => ({
  timeSpent: new PeekableLoader<string, TaskTime>((taskIds) => loadTimes(em, taskIds)),
});
