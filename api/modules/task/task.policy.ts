import type { Actor } from '../../common/actor.js';
import { isAdmin, isManagerOrAdmin } from '../../common/actor.js';
import { forbidden, notFound } from '../../common/errors.js';

/** The parts of a task the rules look at. */
export interface TaskOwnership {
  assignedToId: string | null;
  createdById: string | null;
}

/** The assignee's reporting line, when the task has an assignee (for managers' reportee rights). */
export interface AssigneeLine {
  managerId: string | null;
}

/** Members read tasks assigned to or created by them; managers and admins read all. */
export function canReadTask(actor: Actor, task: TaskOwnership): boolean {
  if (isManagerOrAdmin(actor)) return true;
  return task.assignedToId === actor.id || task.createdById === actor.id;
}

/** Update, move and delete: members their own; managers theirs and their reportees'; admins all. */
export function canWriteTask(actor: Actor, task: TaskOwnership, assignee: AssigneeLine | null): boolean {
  if (isAdmin(actor)) return true;
  if (task.assignedToId === actor.id || task.createdById === actor.id) return true;
  return actor.role === 'manager' && assignee?.managerId === actor.id;
}

/**
 * Whether canWriteTask's answer depends on the assignee's line: only for a manager's write of an
 * assigned task that is neither theirs nor created by them. Otherwise the line need not be loaded.
 */
export function writeNeedsAssigneeLine(actor: Actor, task: TaskOwnership): boolean {
  return actor.role === 'manager' && task.assignedToId !== null && task.assignedToId !== actor.id && task.createdById !== actor.id;
}

/** Who a task may be assigned to: members self or nobody; managers also reportees; admins anyone. */
export function canAssignTo(actor: Actor, assigneeId: string | null, assignee: AssigneeLine | null): boolean {
  if (assigneeId === null || assigneeId === actor.id || isAdmin(actor)) return true;
  return actor.role === 'manager' && assignee?.managerId === actor.id;
}

/** Throws NOT_FOUND when the actor may not read the task (no existence leak). */
export function assertCanReadTask(actor: Actor, task: TaskOwnership | null): asserts task is TaskOwnership {
  if (!task || !canReadTask(actor, task)) throw notFound('Task');
}

/** Throws NOT_FOUND when unreadable, FORBIDDEN when readable but not writable. */
export function assertCanWriteTask(actor: Actor, task: TaskOwnership | null, assignee: AssigneeLine | null): asserts task is TaskOwnership {
  assertCanReadTask(actor, task);
  if (!canWriteTask(actor, task, assignee)) throw forbidden('You can only change your own tasks or those of your reportees');
}

export function assertCanAssignTo(actor: Actor, assigneeId: string | null, assignee: AssigneeLine | null): void {
  if (!canAssignTo(actor, assigneeId, assignee)) {
    throw forbidden(actor.role === 'member' ? 'You can only assign tasks to yourself' : 'You can only assign tasks to yourself or your reportees');
  }
}

/** The database filter of the tasks an actor may read. */
export function readableTaskFilter(actor: Actor): Record<string, unknown> {
  if (isManagerOrAdmin(actor)) return {};
  return { $or: [{ assignedToId: actor.id }, { createdById: actor.id }] };
}
