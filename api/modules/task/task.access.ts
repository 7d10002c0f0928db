import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import type { Actor } from '../../common/actor.js';
import { badInput } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { findById } from '../../common/by-id.js';
import type { User } from '../user/user.entity.js';
import { Task } from './task.entity.js';
import {
  assertCanAssignTo,
  assertCanReadTask,
  assertCanWriteTask,
  canAssignTo,
  canWriteTask,
  writeNeedsAssigneeLine,
  type AssigneeLine,
} from './task.policy.js';
import { loadUser } from './task.preload.js';

// Who may read, change and assign a task, loaded for the policy (task.policy.ts) to answer.

/** What the viewer may do to a task (GraphQL viewerCan, REST clients' hints). */
export interface TaskPermissions {
  update: boolean;
  delete: boolean;
}

/** The assignee's reporting line where canWriteTask's answer depends on it (loaded then), else null. */
export async function writeLine(ctx: ServiceContext, actor: Actor, task: Task): Promise<AssigneeLine | null> {
  if (!writeNeedsAssigneeLine(actor, task)) return null;
  const user = await ctx.loaders.user.load(task.assignedToId!);
  return user ? { managerId: user.managerId } : null;
}

/** Loads a task the actor may read; NOT_FOUND otherwise (also for malformed ids). */
export async function getReadableTask(ctx: ServiceContext, taskId: string): Promise<Task> {
  const actor = requireActor(ctx);
  const task = v.lookupId('Task id', taskId) ? await findById(ctx.em, Task, taskId) : null;
  assertCanReadTask(actor, task);
  return task;
}

/** Loads a task the actor may change; NOT_FOUND when unreadable, FORBIDDEN when read-only. */
export async function getWritableTask(ctx: ServiceContext, taskId: string): Promise<Task> {
  const actor = requireActor(ctx);
  const task = await getReadableTask(ctx, taskId);
  assertCanWriteTask(actor, task, await writeLine(ctx, actor, task));
  return task;
}

/**
 * viewerCan for one task, from the same policy the writes use (assignees batched by the loader; at once,
 * without a promise, when the assignee was preloaded). Throws UNAUTHENTICATED without an actor.
 */
export function taskPermissions(ctx: ServiceContext, task: Task): TaskPermissions | Promise<TaskPermissions> {
  const actor = requireActor(ctx);
  const permissions = (assignee: User | null): TaskPermissions => {
    const allowed = canWriteTask(actor, task, assignee ? { managerId: assignee.managerId } : null);
    return { update: allowed, delete: allowed };
  };
  if (!writeNeedsAssigneeLine(actor, task)) return permissions(null);
  const assignee = loadUser(ctx, task.assignedToId);
  return assignee instanceof Promise ? assignee.then(permissions) : permissions(assignee);
}

/**
 * Checks that a task (or subtask) may be assigned to the user: an active user the actor may assign
 * work to (`canAssignTo`), or one of `alsoAllowed` (e.g. the people already on the parent task).
 * Throws BAD_USER_INPUT for an unknown or inactive user, FORBIDDEN for someone out of reach.
 */
export async function assertAssignee(ctx: ServiceContext, actor: Actor, assigneeId: string | null, alsoAllowed: (string | null)[] = []): Promise<void> {
  if (!assigneeId) return;
  const user = await ctx.loaders.user.load(assigneeId);
  if (!user || !user.isActive) throw badInput('The assignee does not exist or is inactive');
  if (alsoAllowed.includes(assigneeId)) return;
  assertCanAssignTo(actor, assigneeId, { managerId: user.managerId });
}

/** True when the actor may assign work to the user (an active user within their reach). */
export async function mayAssignTo(ctx: ServiceContext, actor: Actor, assigneeId: string | null): Promise<boolean> {
  if (!assigneeId) return true;
  const user = await ctx.loaders.user.load(assigneeId);
  return !!user && user.isActive && canAssignTo(actor, assigneeId, { managerId: user.managerId });
}
