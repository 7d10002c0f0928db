import { raw } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { badInput } from '../../common/errors.js';
import { User } from '../user/user.entity.js';
import { TaskView } from './view.entity.js';
import { idList, parseTaskViewFields, type TaskViewFields } from './view.inputs.js';
import * as v from '../../common/validate.js';
import { assertCanDeleteView, assertCanSeeView, assertCanUpdateView, canDeleteView, canReadView, canUpdateView } from './view.policy.js';

export function viewPermissions(ctx: ServiceContext, view: TaskView): { update: boolean; delete: boolean } {
  const actor = requireActor(ctx);
  return { update: canUpdateView(actor, view), delete: canDeleteView(actor, view) };
}

/** The viewer's own views, public views and views shared with them, by name. */
export async function listTaskViews(ctx: ServiceContext): Promise<TaskView[]> {
  const actor = requireActor(ctx);
  const sharedText = raw((alias: string) => `cast(${alias}.shared_with as text)`);
  const rows = await ctx.em.find(TaskView, { $or: [{ createdById: actor.id }, { isPublic: true }, { [sharedText]: { $like: `%${actor.id}%` } }] } as never, {
    orderBy: { name: 'asc', id: 'asc' },
  });
  return rows.filter((view) => canReadView(actor, view));
}

async function findView(ctx: ServiceContext, viewId: string, forDelete = false): Promise<TaskView> {
  const actor = requireActor(ctx);
  const view = v.lookupId('View id', viewId) ? await ctx.em.findOne(TaskView, { id: viewId }) : null;
  assertCanSeeView(actor, view, forDelete);
  return view as TaskView;
}

export const getTaskView = (ctx: ServiceContext, viewId: string): Promise<TaskView> => findView(ctx, viewId);

/** Shared-with ids must name existing users; the owner is left out. */
async function checkSharedWith(ctx: ServiceContext, ownerId: string, ids: string[]): Promise<string[]> {
  const others = ids.filter((id) => id !== ownerId);
  if (others.length === 0) return [];
  const found = await ctx.em.find(User, { id: { $in: others } }, { fields: ['id'] });
  if (found.length !== others.length) throw badInput('A view can only be shared with existing users');
  return others;
}

async function apply(ctx: ServiceContext, view: TaskView, fields: TaskViewFields): Promise<void> {
  if (fields.sharedWith !== undefined) fields.sharedWith = await checkSharedWith(ctx, view.createdById, fields.sharedWith);
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) (view as unknown as Record<string, unknown>)[key] = value;
  view.updatedAt = ctx.now();
}

/** Saves a view for the viewer (name required, trimmed). */
export async function createTaskView(ctx: ServiceContext, rawInput: Record<string, unknown>): Promise<TaskView> {
  const actor = requireActor(ctx);
  const fields = parseTaskViewFields(rawInput, 'create');
  const view = new TaskView();
  view.createdById = actor.id;
  view.createdAt = ctx.now();
  await apply(ctx, view, fields);
  ctx.em.persist(view);
  await ctx.em.flush();
  return view;
}

/** Changes a view (owner only; others who can read it get FORBIDDEN, the rest NOT_FOUND). */
export async function updateTaskView(ctx: ServiceContext, viewId: string, rawInput: Record<string, unknown>): Promise<TaskView> {
  const actor = requireActor(ctx);
  const view = await findView(ctx, viewId);
  assertCanUpdateView(actor, view);
  await apply(ctx, view, parseTaskViewFields(rawInput, 'update'));
  await ctx.em.flush();
  return view;
}

/** Shares a view (owner only): public or not, and with whom (the list replaces the previous one). */
export async function shareTaskView(ctx: ServiceContext, viewId: string, rawInput: Record<string, unknown>): Promise<TaskView> {
  const actor = requireActor(ctx);
  const view = await findView(ctx, viewId);
  assertCanUpdateView(actor, view);
  if (rawInput === null || typeof rawInput !== 'object' || Array.isArray(rawInput)) throw badInput('Expected a JSON object with isPublic and sharedWith');
  const fields: TaskViewFields = {};
  if (v.has(rawInput, 'isPublic') && rawInput.isPublic !== null) fields.isPublic = v.bool('Public', rawInput.isPublic);
  if (v.has(rawInput, 'sharedWith')) fields.sharedWith = idList('Shared with', rawInput.sharedWith, 500);
  if (fields.isPublic === undefined && fields.sharedWith === undefined) throw badInput('Choose whether the view is public or whom to share it with');
  await apply(ctx, view, fields);
  await ctx.em.flush();
  return view;
}

/** Deletes a view (owner; admins may delete any). */
export async function deleteTaskView(ctx: ServiceContext, viewId: string): Promise<string> {
  const actor = requireActor(ctx);
  const view = await findView(ctx, viewId, true);
  assertCanDeleteView(actor, view);
  ctx.em.remove(view);
  await ctx.em.flush();
  return view.id;
}

/** A view with every filter list present (stored filters may leave lists out). */
export function viewJson(view: TaskView) {
  const f = view.filters ?? {};
  return {
    id: view.id,
    name: view.name,
    description: view.description,
    filters: {
      projects: f.projects ?? [],
      statuses: f.statuses ?? [],
      tags: f.tags ?? [],
      assignees: f.assignees ?? [],
      categories: f.categories ?? [],
      priorities: f.priorities ?? [],
      dateRange: f.dateRange ?? null,
      search: f.search ?? null,
      timeSpent: f.timeSpent ?? null,
    },
    columns: view.columns,
    sortBy: view.sortBy,
    sortOrder: view.sortOrder,
    isPublic: view.isPublic,
    sharedWith: view.sharedWith,
    createdById: view.createdById,
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
  };
}
