import type { EntityManager } from '@mikro-orm/core';
import { byId, PeekableLoader, type Loaders } from '../../common/loaders.js';
import { findByIds } from '../../common/by-id.js';
import type { ExtraColumn } from '../../common/plain-rows.js';
import { Task } from './task.entity.js';

declare module '../../common/loaders.js' {
  interface Loaders {
    /** Tasks by id, unfiltered: callers check read permission themselves (task.policy). */
    task: PeekableLoader<string, Task | null>;
  }
}

/** The task module's per-request loaders. */
export const taskLoaders = (em: EntityManager) => ({
  task: new PeekableLoader<string, Task | null>(async (ids) => byId(ids, await findByIds(em, Task, ids))),
});

/** The per-task counts a page of tasks may read with its rows (see countColumns). */
export interface RowCounts {
  subtaskCounts?: boolean;
  commentCounts?: boolean;
  attachmentCounts?: boolean;
}

const SUBTASK_TOTAL = 'subtask_total';
const SUBTASK_DONE = 'subtask_done';
const COMMENT_TOTAL = 'comment_total';
const ATTACHMENT_TOTAL = 'attachment_total';

/**
 * Columns that count each task row's subtasks (all, done), comments and files in the row's own statement:
 * correlated subqueries over the task_id indexes, cheaper for a page of 500 than a grouped query with
 * 500 placeholders per kind. primeCounts hands the counts to the loaders. The subtask, comment and
 * attachment modules sit above this one, so their tables are found by entity name, not by import.
 */
export function countColumns(em: EntityManager, what: RowCounts): ExtraColumn[] {
  const columns: ExtraColumn[] = [];
  if (what.subtaskCounts) {
    const subtasks = em.getMetadata().get('Subtask').tableName;
    columns.push({ name: SUBTASK_TOTAL, sql: (t) => `(select count(*) from ${subtasks} s where s.task_id = ${t}.id)` });
    columns.push({ name: SUBTASK_DONE, sql: (t) => `(select count(*) from ${subtasks} s where s.task_id = ${t}.id and s.status = 'Done')` });
  }
  if (what.commentCounts) {
    const comments = em.getMetadata().get('TaskComment').tableName;
    columns.push({ name: COMMENT_TOTAL, sql: (t) => `(select count(*) from ${comments} c where c.task_id = ${t}.id)` });
  }
  if (what.attachmentCounts) {
    const attachments = em.getMetadata().get('Attachment').tableName;
    columns.push({ name: ATTACHMENT_TOTAL, sql: (t) => `(select count(*) from ${attachments} f where f.task_id = ${t}.id)` });
  }
  return columns;
}

/**
 * Primes the loaders with the counts read beside the rows (countColumns with the same `what`; extras[i]
 * belongs to rows[i], already numbers), so the rows' subtaskCount and commentCount fields answer without a query.
 */
export function primeCounts(loaders: Loaders, rows: readonly { id: string }[], extras: readonly Record<string, number | null>[], what: RowCounts): void {
  rows.forEach((row, i) => {
    const counts = extras[i];
    if (what.subtaskCounts) loaders.subtaskCounts.prime(row.id, { total: counts[SUBTASK_TOTAL] ?? 0, done: counts[SUBTASK_DONE] ?? 0 });
    if (what.commentCounts) loaders.commentCount.prime(row.id, counts[COMMENT_TOTAL] ?? 0);
    if (what.attachmentCounts) loaders.attachmentCount.prime(row.id, counts[ATTACHMENT_TOTAL] ?? 0);
  });
}
