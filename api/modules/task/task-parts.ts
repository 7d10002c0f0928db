import { wrap, type EntityManager, type FilterQuery, type QueryOrderMap } from '@mikro-orm/core';
import { entityFromJson } from '../../common/entity-json.js';
import type { ServiceContext } from '../../common/context.js';
import type { Task } from './task.entity.js';

/**
 * Rows another module keeps per task (subtasks, comments) and how a task's delete, restore and repeat
 * carry them. The task module names none of those modules: the composition root (api/app.ts) hands
 * their parts to the services as AppRuntime.taskParts, so they may import the task module and not the
 * other way round. A module offers its part as its manifest's `taskPart`; the parts run in the order of
 * the module list.
 */
export interface TaskPart {
  /** The key of its rows in a deleted task's snapshot ('subtasks', 'comments'): kept in audit entries, never renamed. */
  readonly key: string;
  /** These tasks' rows as plain JSON, oldest first, each with its task's id; the rows are not left in the unit of work. */
  snapshotOf(em: EntityManager, taskIds: string[]): Promise<{ taskId: string; row: Record<string, unknown> }[]>;
  /** Deletes these tasks' rows (inside the task delete's transaction). */
  deleteOf(em: EntityManager, taskIds: string[]): Promise<void>;
  /** Stages the rows of a snapshot again, with their ids. */
  restore(em: EntityManager, rows: Record<string, unknown>[]): void;
  /** Stages copies of a finished repeating task's rows for its next occurrence (parts that repeat with the task). */
  copyToNextOccurrence?(ctx: ServiceContext, doneTaskId: string, nextTaskId: string): Promise<void>;
}

/**
 * A filter of task queries on another module's rows (the time module's "with or without time
 * entries"): the task module reads the query's value, the module owns the condition.
 */
export interface TaskFilterPart {
  /** The TaskQuery field it answers. */
  readonly key: 'timeSpent';
  /** The condition on tasks for a value; BAD_USER_INPUT for one it does not know. */
  where(ctx: ServiceContext, value: string): FilterQuery<Task>;
}

/**
 * A field another module adds to a task's REST JSON (the time module's `timeSpentMinutes`), as its
 * GraphQL Task field: the values of a list of tasks at once (batched, no query per task).
 */
export interface TaskJsonPart {
  /** The JSON field's name. */
  readonly key: string;
  /** The field's value for each task id, in order. */
  valuesOf(ctx: ServiceContext, taskIds: readonly string[]): Promise<unknown[]>;
}

declare module '../../common/context.js' {
  interface AppRuntime {
    /** Fields other modules add to a task's REST JSON (TaskJsonPart). */
    taskJsonParts: readonly TaskJsonPart[];
    /** What tasks carry of other modules through a delete, restore or repeat (subtasks, comments). */
    taskParts: readonly TaskPart[];
    /** Task query filters other modules answer (TaskFilterPart). */
    taskFilters: readonly TaskFilterPart[];
  }
}

declare module '../../common/module.js' {
  interface ServerModule {
    /** What this module keeps per task, carried through a task's delete, restore and repeat. */
    readonly taskPart?: TaskPart;
    /** Task query filters this module answers. */
    readonly taskFilters?: readonly TaskFilterPart[];
    /** Fields this module adds to a task's REST JSON. */
    readonly taskJsonParts?: readonly TaskJsonPart[];
  }
}

/**
 * The part for an entity whose rows point at their task by `taskId`: snapshots them oldest first
 * (createdAt, then id), deletes them with the task, restores them from a snapshot.
 */
export function rowsOfTaskPart<T extends { id: string; taskId: string }>(key: string, entity: new () => T): TaskPart {
  const ofTasks = (taskIds: string[]) => ({ taskId: { $in: taskIds } }) as unknown as FilterQuery<T>;
  return {
    key,
    async snapshotOf(em, taskIds) {
      const rows = (await em.find(entity, ofTasks(taskIds), { orderBy: { createdAt: 'asc', id: 'asc' } as QueryOrderMap<T> })) as T[];
      const json = rows.map((row) => ({ taskId: row.taskId, row: wrap(row).toObject() as Record<string, unknown> }));
      for (const row of rows) em.getUnitOfWork().unsetIdentity(row);
      return json;
    },
    async deleteOf(em, taskIds) {
      await em.nativeDelete(entity, ofTasks(taskIds));
    },
    restore(em, rows) {
      for (const row of rows) em.persist(entityFromJson(em, entity, row));
    },
  };
}
