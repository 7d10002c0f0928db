import type { FilterQuery } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { badInput } from '../../common/errors.js';
import { TIME_SPENT_FILTERS, type TimeSpentFilter } from '../../../schema/domain/task-rules.js';
import type { TaskFilterPart, TaskJsonPart } from '../task/task-parts.js';
import type { Task } from '../task/task.entity.js';
import { TimeEntry } from './time.entity.js';
import { loadTimes } from './time.loaders.js';
import { minutesOfTime } from './time.service.js';

/**
 * The listing's Spent filter (TaskQuery.timeSpent): `with`, tasks with time entries (a running timer
 * counts); `without`, tasks without any. Answered from the entries' task_id index.
 */
export const timeSpentFilter: TaskFilterPart = {
  key: 'timeSpent',
  where(ctx, value) {
    if (!TIME_SPENT_FILTERS.includes(value as TimeSpentFilter)) throw badInput(`Time spent must be one of: ${TIME_SPENT_FILTERS.join(', ')}`);
    const table = ctx.em.getMetadata().get(TimeEntry.name).tableName;
    const withTime = (ctx.em as SqlEntityManager).getKnex().raw(`select task_id from ${table}`);
    return { id: { [value === 'with' ? '$in' : '$nin']: withTime } } as unknown as FilterQuery<Task>;
  },
};

/**
 * REST task JSON's `timeSpentMinutes`, as GraphQL Task.timeSpentMinutes: everyone's, two statements per
 * list (time.loaders' batch, not cached: a streamed list holds no more than its batch).
 */
export const timeSpentJson: TaskJsonPart = {
  key: 'timeSpentMinutes',
  async valuesOf(ctx, taskIds) {
    const times = await loadTimes(ctx.em, taskIds);
    return times.map((t) => minutesOfTime(t, ctx.now()));
  },
};
