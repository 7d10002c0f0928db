import { rowsOfTaskPart, type TaskPart } from '../task/task-parts.js';
import { Subtask } from './subtask.entity.js';

/** How a task's delete, restore and repeat carry its subtasks (task-parts.ts). */
export const subtaskTaskPart: TaskPart = {
  ...rowsOfTaskPart('subtasks', Subtask),
  /**
   * The next occurrence starts with the same subtasks, not started, in the same order: subtasks are
   * listed oldest first, so the copies are created a millisecond apart (at one instant their order
   * would fall to their random ids).
   */
  async copyToNextOccurrence(ctx, doneTaskId, nextTaskId) {
    const subtasks = await ctx.em.find(Subtask, { taskId: doneTaskId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const now = ctx.now().getTime();
    subtasks.forEach((s, i) => {
      const at = new Date(now + i);
      const copy = Object.assign(new Subtask(), {
        taskId: nextTaskId,
        title: s.title,
        description: s.description,
        assignedToId: s.assignedToId,
        status: 'Not Started',
        estimatedHours: s.estimatedHours,
        tags: [...s.tags],
        createdAt: at,
        updatedAt: at,
      });
      ctx.em.persist(copy);
    });
  },
};
