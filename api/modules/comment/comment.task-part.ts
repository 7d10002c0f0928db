import { rowsOfTaskPart, type TaskPart } from '../task/task-parts.js';
import { TaskComment } from './comment.entity.js';

/** How a task's delete and restore carry its comments (task-parts.ts); a next occurrence starts without them. */
export const commentTaskPart: TaskPart = rowsOfTaskPart('comments', TaskComment);
