import type { FilterQuery } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { badInput } from '../../common/errors.js';
import { TIME_SPENT_FILTERS, type TimeSpentFilter } from '../../../schema/domain/task-rules.js';
import type { TaskFilterPart } from '../task/task-parts.js';
import type { Task } from '../task/task.entity.js';
import { TimeEntry } from './time.entity.js';

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
