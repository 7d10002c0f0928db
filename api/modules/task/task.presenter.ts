import { Utils, wrap } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import type { PlainRow } from '../../common/plain-rows.js';
import type { Task } from './task.entity.js';
import { descriptionMentionsOf } from './task.mentions.js';
import { taskColumn } from './task.placement.js';

/** A task's stored fields as JSON (webhook payloads, the data export) with the board column derived for the viewer. */
export const taskJson = (ctx: ServiceContext, task: Task) => ({ ...wrap(task).toObject(), column: taskColumn(ctx, task) });

/** A task row of a list (plain columns, no entity) as JSON, with the board column derived for the viewer. */
export const taskRowJson = (ctx: ServiceContext, row: PlainRow<Task>) => ({ ...row, column: taskColumn(ctx, row) });

/**
 * Tasks as REST JSON (GET /api/tasks and every REST answer that returns tasks): the stored fields and
 * column, `descriptionMentions` (the people the description mentions, current names) and the fields of
 * other modules (AppRuntime.taskJsonParts: `timeSpentMinutes`), each read once for the whole list.
 */
export async function presentTasks(ctx: ServiceContext, tasks: readonly (Task | PlainRow<Task>)[]): Promise<Record<string, unknown>[]> {
  if (tasks.length === 0) return [];
  const ids = tasks.map((t) => t.id);
  const [mentions, ...parts] = await Promise.all([
    Promise.all(tasks.map((t) => descriptionMentionsOf(ctx, t))),
    ...ctx.app.taskJsonParts.map((part) => part.valuesOf(ctx, ids)),
  ]);
  return tasks.map((task, i) => {
    const json: Record<string, unknown> = isEntity(task) ? taskJson(ctx, task) : taskRowJson(ctx, task);
    json.descriptionMentions = mentions[i];
    ctx.app.taskJsonParts.forEach((part, p) => (json[part.key] = parts[p]![i]));
    return json;
  });
}

/** One task as REST JSON (presentTasks). */
export const presentTask = async (ctx: ServiceContext, task: Task): Promise<Record<string, unknown>> => (await presentTasks(ctx, [task]))[0]!;

const isEntity = (task: Task | PlainRow<Task>): task is Task => Utils.isEntity(task);

/** Several lists of tasks as REST JSON, each task presented once however many lists hold it (presentTasks). */
export async function presentTaskLists(ctx: ServiceContext, lists: readonly (readonly Task[])[]): Promise<Record<string, unknown>[][]> {
  const unique = [...new Map(lists.flat().map((t) => [t.id, t])).values()];
  const presented = await presentTasks(ctx, unique);
  const byId = new Map(unique.map((t, i) => [t.id, presented[i]!]));
  return lists.map((list) => list.map((t) => byId.get(t.id)!));
}
