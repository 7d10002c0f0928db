import type { ServerModule } from '../../common/module.js';
import { TimeEntry } from './time.entity.js';
import { TaskTimeResolver, TimeEntryResolver } from './time.resolver.js';
import { timeRoutes } from './time.routes.js';
import { timeLoaders } from './time.loaders.js';
import { timeSpentFilter, timeSpentJson } from './time.task-filter.js';

/**
 * The time module's manifest (time spent on tasks: timers and entries made by hand): what it offers the
 * composition root (api/modules/index.ts). It offers no task part: a deleted task keeps its time, so a
 * restore (same id) finds it again, and the time a person reported stays in their reports. It answers
 * the task queries' Spent filter and REST task JSON's timeSpentMinutes.
 */
export const timeModule: ServerModule = {
  name: 'time',
  entities: [TimeEntry],
  resolvers: [TimeEntryResolver, TaskTimeResolver],
  routes: timeRoutes,
  loaders: timeLoaders,
  taskFilters: [timeSpentFilter],
  taskJsonParts: [timeSpentJson],
};
