import { raw, type EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import DataLoader from 'dataloader';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { isManagerOrAdmin } from '../../common/actor.js';
import { badInput, conflict, notFound } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { isProjectOverdue } from '../../../schema/domain/project-rules.js';
import { recordAudit } from '../audit/audit.service.js';
import { diffFields, presentFields, snapshot } from '../audit/audit.diff.js';
import { commitWrite } from '../../realtime/task-events.js';
import { OrgFunction } from '../org/org.entity.js';
import { TaskTemplate } from '../template/template.entity.js';
import { assertActiveUserWithRole } from '../user/user.service.js';
import { Project } from './project.entity.js';
import { publishProjectEvent } from './project-events.js';
import { parseProjectFields, type ProjectFields } from './project.inputs.js';
import { assertCanManageProjects, canManageProjects } from './project.policy.js';
import { rewriteTaskReferences } from '../task/task-references.js';
import { Task } from '../task/task.entity.js';
import { readableTaskFilter } from '../task/task.policy.js';

import { assertNoConflict, expectedVersion, nextVersion, retryLostRace } from '../audit/audit.versions.js';

export const PROJECT_AUDIT_FIELDS = [
  'name',
  'description',
  'charter',
  'color',
  'projectType',
  'visibility',
  'status',
  'priority',
  'progress',
  'projectManagerId',
  'functionId',
  'startDate',
  'endDate',
  'isActive',
] as const satisfies readonly (keyof Project)[];

/** Derived: end date past and status not completed, in the viewer's time zone. */
export const projectOverdue = (ctx: ServiceContext, project: Project): boolean => isProjectOverdue(project, ctx.now(), ctx.timeZone);

/** What the viewer may do to a project (the same policy the writes use). */
export function projectPermissions(ctx: ServiceContext): { update: boolean; delete: boolean } {
  const allowed = canManageProjects(requireActor(ctx));
  return { update: allowed, delete: allowed };
}

/** Every project, active and inactive, by name (everyone signed in). */
export async function listProjects(ctx: ServiceContext): Promise<Project[]> {
  requireActor(ctx);
  return ctx.em.find(Project, {}, { orderBy: { name: 'asc', id: 'asc' } });
}

export async function getProject(ctx: ServiceContext, projectId: string): Promise<Project> {
  requireActor(ctx);
  const project = v.lookupId('Project id', projectId) ? await ctx.em.findOne(Project, { id: projectId }) : null;
  if (!project) throw notFound('Project');
  return project;
}

async function assertNameFree(em: EntityManager, name: string, exceptId: string | null): Promise<void> {
  const lower = raw((alias: string) => `lower(${alias}.name)`);
  const taken = await em.findOne(Project, { [lower]: name.toLowerCase(), ...(exceptId ? { id: { $ne: exceptId } } : {}) } as never);
  if (taken) throw conflict(`A project named "${taken.name}" already exists`);
}

/**
 * Checks the cross-field rules on the values the project will have (dates in order, the project
 * manager an active user, the primary function active and only for cross-department projects, else
 * dropped), then copies the fields. Checks come first: a query may flush pending changes.
 */
async function applyFields(ctx: ServiceContext, project: Project, fields: ProjectFields, isNew: boolean): Promise<void> {
  const next = {
    ...snapshot(project, PROJECT_AUDIT_FIELDS),
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
  } as ProjectFields & Project;
  if (next.startDate && next.endDate && next.endDate < next.startDate) throw badInput('End date must be on or after the start date');
  if (next.projectManagerId && (isNew || next.projectManagerId !== project.projectManagerId)) {
    await assertActiveUserWithRole(ctx.em, next.projectManagerId, null, 'The project manager must be an active user');
  }
  if (next.projectType !== 'cross-department') next.functionId = null;
  else if (next.functionId && (isNew || next.functionId !== project.functionId)) {
    const fn = await ctx.em.findOne(OrgFunction, { id: next.functionId });
    if (!fn || !fn.isActive) throw badInput('The primary function must be an active function');
  }
  for (const key of PROJECT_AUDIT_FIELDS) (project as unknown as Record<string, unknown>)[key] = next[key];
}

/** Creates a project (anyone signed in) and publishes CREATED after the flush. Defaults: type team, visibility members, status planning, priority medium, progress 0, active, colour #3b82f6; names are unique regardless of case. */
export async function createProject(ctx: ServiceContext, rawInput: Record<string, unknown>): Promise<Project> {
  const actor = requireActor(ctx);
  const fields = parseProjectFields(rawInput, 'create');
  await assertNameFree(ctx.em, fields.name!, null);
  const project = new Project();
  await applyFields(ctx, project, fields, true);
  project.createdById = actor.id;
  project.createdAt = ctx.now();
  project.updatedAt = ctx.now();
  ctx.em.persist(project);
  recordAudit(ctx, {
    action: 'created',
    description: `Created project "${project.name}"`,
    entityType: 'project',
    entityId: project.id,
    taskId: null,
    newValues: presentFields(project, PROJECT_AUDIT_FIELDS),
    entityVersion: project.version,
  });
  await ctx.em.flush();
  publishProjectEvent(ctx, 'CREATED', project.id);
  return project;
}

/**
 * Updates a project (admins). A rename carries over to the tasks and templates that name the
 * project (tasks store the project's name), with an audit entry and a live event per task.
 * Publishes UPDATED after the flush (projectEvents).
 */
export async function updateProject(ctx: ServiceContext, projectId: string, rawInput: Record<string, unknown>): Promise<Project> {
  return retryLostRace(ctx, () => updateProjectOnce(ctx, projectId, rawInput));
}

async function updateProjectOnce(ctx: ServiceContext, projectId: string, rawInput: Record<string, unknown>): Promise<Project> {
  const actor = requireActor(ctx);
  const project = await getProject(ctx, projectId);
  assertCanManageProjects(actor, 'change');
  const expected = expectedVersion(rawInput);
  const fields = parseProjectFields(rawInput, 'update');
  const oldName = project.name;
  if (fields.name !== undefined && fields.name.toLowerCase() !== oldName.toLowerCase()) await assertNameFree(ctx.em, fields.name, project.id);

  const before = snapshot(project, PROJECT_AUDIT_FIELDS);
  await applyFields(ctx, project, fields, false);
  const changes = diffFields(before, snapshot(project, PROJECT_AUDIT_FIELDS), PROJECT_AUDIT_FIELDS);
  if (changes.changed.length === 0) return project;
  try {
    await assertNoConflict(ctx, 'project', project, expected, changes.changed, 'project');
  } catch (err) {
    Object.assign(project, before);
    throw err;
  }
  project.updatedAt = ctx.now();
  recordAudit(ctx, {
    action: 'updated',
    description: oldName !== project.name ? `Renamed project "${oldName}" to "${project.name}"` : `Updated project "${project.name}"`,
    entityType: 'project',
    entityId: project.id,
    taskId: null,
    oldValues: changes.oldValues,
    newValues: changes.newValues,
    entityVersion: nextVersion(project),
  });
  let events: Awaited<ReturnType<typeof rewriteTaskReferences>> = [];
  if (oldName !== project.name) {
    events = await rewriteTaskReferences(
      ctx,
      { project: oldName },
      { project: project.name },
      (t) => `Project of task "${t.title}" renamed to "${project.name}"`,
    );
    await ctx.em.nativeUpdate(TaskTemplate, { project: oldName }, { project: project.name });
  }
  await commitWrite(ctx, events);
  publishProjectEvent(ctx, 'UPDATED', project.id);
  return project;
}

/**
 * Deletes a project (admins). Its tasks stay and lose the project name (audited and pushed live);
 * templates that named it lose it too. Publishes DELETED after the flush (projectEvents).
 */
export async function deleteProject(ctx: ServiceContext, projectId: string): Promise<string> {
  const actor = requireActor(ctx);
  const project = await getProject(ctx, projectId);
  assertCanManageProjects(actor, 'delete');
  const events = await rewriteTaskReferences(
    ctx,
    { project: project.name },
    { project: null },
    (t) => `Project "${project.name}" of task "${t.title}" was deleted`,
  );
  await ctx.em.nativeUpdate(TaskTemplate, { project: project.name }, { project: null });
  recordAudit(ctx, {
    action: 'deleted',
    description: `Deleted project "${project.name}"${events.length ? ` (${events.length} task${events.length === 1 ? '' : 's'} kept without a project)` : ''}`,
    entityType: 'project',
    entityId: project.id,
    taskId: null,
    oldValues: presentFields(project, PROJECT_AUDIT_FIELDS),
  });
  const deletedId = project.id;
  ctx.em.remove(project);
  await commitWrite(ctx, events);
  publishProjectEvent(ctx, 'DELETED', deletedId);
  return deletedId;
}

/** Open and done tasks of a project, among the tasks the viewer may read. */
export interface ProjectTaskCounts {
  open: number;
  done: number;
}

interface CountRow {
  name: string;
  total: number | string;
  done: number | string | null;
}

/**
 * Counts the tasks of each project (tasks name their project; compared regardless of case) that the
 * viewer may read, in one query for all the names: a manager's or an admin's (every task) from the
 * counts the tasks' triggers keep per project (project_task_counts), a member's by grouping their own
 * tasks (assigned to or created by them).
 */
export async function countProjectTasks(ctx: ServiceContext, names: readonly string[]): Promise<ProjectTaskCounts[]> {
  const actor = requireActor(ctx);
  const keys = [...new Set(names.map((n) => n.toLowerCase()))];
  const rows: CountRow[] = !keys.length
    ? []
    : isManagerOrAdmin(actor)
      ? await ctx.em
          .getConnection()
          .execute<CountRow[]>(`select project as name, total, done from project_task_counts where project in (${keys.map(() => '?').join(', ')})`, keys, 'all')
      : await (ctx.em as SqlEntityManager)
          .createQueryBuilder(Task, 't')
          .select([raw('lower(t.project) as name'), raw('count(*) as total'), raw("sum(case when t.status = 'Done' then 1 else 0 end) as done")])
          .where({ $and: [{ [raw('lower(t.project)')]: { $in: keys } }, readableTaskFilter(actor)] } as never)
          .groupBy(raw('lower(t.project)'))
          .execute<CountRow[]>('all', false);
  const counts = new Map(rows.map((r) => [r.name, { open: Number(r.total) - Number(r.done ?? 0), done: Number(r.done ?? 0) }]));
  return names.map((n) => counts.get(n.toLowerCase()) ?? { open: 0, done: 0 });
}

const taskCountLoaders = new WeakMap<ServiceContext, DataLoader<string, ProjectTaskCounts>>();

/** The task counts of one project, batched per request (a list of projects costs one query). */
export function projectTaskCounts(ctx: ServiceContext, project: Project): Promise<ProjectTaskCounts> {
  let loader = taskCountLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader((names: readonly string[]) => countProjectTasks(ctx, names));
    taskCountLoaders.set(ctx, loader);
  }
  return loader.load(project.name);
}
