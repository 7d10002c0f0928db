import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { badInput, notFound } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import { diffFields, presentFields, snapshot } from '../audit/audit.diff.js';
import { commitWrite, stageTaskEvent, taskReaders } from '../../realtime/task-events.js';
import { User } from '../user/user.entity.js';
import { Subtask } from '../subtask/subtask.entity.js';
import type { Task } from '../task/task.entity.js';
import { createTask } from '../task/index.js';
import { canAssignTo } from '../task/task.policy.js';
import { TaskTemplate, TemplateSubtask } from './template.entity.js';
import { parseTemplateFields, type TemplateSubtaskFields } from './template.inputs.js';
import { checkConfigKeys } from '../config/config-keys.js';
import { assertNoConflict, expectedVersion, nextVersion, retryLostRace } from '../audit/audit.versions.js';
import { assertCanManageTemplates, canManageTemplates } from './template.policy.js';

export const TEMPLATE_AUDIT_FIELDS = [
  'name',
  'title',
  'description',
  'project',
  'category',
  'priority',
  'estimatedHours',
  'tags',
  'defaultAssigneeId',
] as const satisfies readonly (keyof TaskTemplate)[];

const subtaskSummary = (subtasks: { title: string }[]) => subtasks.map((s) => s.title);

export function templatePermissions(ctx: ServiceContext): { update: boolean; delete: boolean } {
  const allowed = canManageTemplates(requireActor(ctx));
  return { update: allowed, delete: allowed };
}

/** Every template, by name (everyone signed in: the planner and the admin tab). */
export async function listTemplates(ctx: ServiceContext): Promise<TaskTemplate[]> {
  requireActor(ctx);
  return ctx.em.find(TaskTemplate, {}, { orderBy: { name: 'asc', id: 'asc' } });
}

export async function getTemplate(ctx: ServiceContext, templateId: string): Promise<TaskTemplate> {
  requireActor(ctx);
  const template = v.lookupId('Template id', templateId) ? await ctx.em.findOne(TaskTemplate, { id: templateId }) : null;
  if (!template) throw notFound('Template');
  return template;
}

/** The predefined subtasks of a template, in order. */
export async function listTemplateSubtasks(ctx: ServiceContext, templateId: string): Promise<TemplateSubtask[]> {
  const template = await getTemplate(ctx, templateId);
  return ctx.em.find(TemplateSubtask, { templateId: template.id }, { orderBy: { position: 'asc', id: 'asc' } });
}

async function assertAssignee(ctx: ServiceContext, userId: string): Promise<void> {
  const user = await ctx.em.findOne(User, { id: userId });
  if (!user || !user.isActive) throw badInput('The default assignee does not exist or is inactive');
}

function persistSubtasks(ctx: ServiceContext, templateId: string, subtasks: TemplateSubtaskFields[]): TemplateSubtask[] {
  return subtasks.map((s, position) => {
    const row = Object.assign(new TemplateSubtask(), { ...s, templateId, position });
    ctx.em.persist(row);
    return row;
  });
}

/** Category and priority must be active config keys (values other than the template's own); BAD_USER_INPUT naming the allowed keys. */
async function assertConfigKeys(ctx: ServiceContext, fields: { category?: string; priority?: string }, current: TaskTemplate | null): Promise<void> {
  const problems = new v.Problems();
  await checkConfigKeys(ctx, fields, current, problems);
  problems.throwIfAny();
}

/** Creates a template with its subtasks (admins). */
export async function createTemplate(ctx: ServiceContext, raw: Record<string, unknown>): Promise<TaskTemplate> {
  const actor = requireActor(ctx);
  assertCanManageTemplates(actor);
  const { subtasks = [], ...fields } = parseTemplateFields(raw, 'create');
  await assertConfigKeys(ctx, fields, null);
  if (fields.defaultAssigneeId) await assertAssignee(ctx, fields.defaultAssigneeId);
  const template = new TaskTemplate();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) (template as unknown as Record<string, unknown>)[key] = value;
  template.createdById = actor.id;
  template.createdAt = ctx.now();
  template.updatedAt = ctx.now();
  ctx.em.persist(template);
  persistSubtasks(ctx, template.id, subtasks);
  recordAudit(ctx, {
    action: 'created',
    description: `Created template "${template.name}"`,
    entityType: 'template',
    entityId: template.id,
    taskId: null,
    newValues: { ...presentFields(template, TEMPLATE_AUDIT_FIELDS), ...(subtasks.length ? { subtasks: subtaskSummary(subtasks) } : {}) },
    entityVersion: template.version,
  });
  await ctx.em.flush();
  return template;
}

/** Updates a template (admins; only the keys sent). Sending `subtasks` replaces all its subtasks. */
export async function updateTemplate(ctx: ServiceContext, templateId: string, raw: Record<string, unknown>): Promise<TaskTemplate> {
  return retryLostRace(ctx, () => updateTemplateOnce(ctx, templateId, raw));
}

async function updateTemplateOnce(ctx: ServiceContext, templateId: string, raw: Record<string, unknown>): Promise<TaskTemplate> {
  const actor = requireActor(ctx);
  assertCanManageTemplates(actor);
  const template = await getTemplate(ctx, templateId);
  const expected = expectedVersion(raw);
  const { subtasks, ...fields } = parseTemplateFields(raw, 'update');
  await assertConfigKeys(ctx, fields, template);
  if (fields.defaultAssigneeId && fields.defaultAssigneeId !== template.defaultAssigneeId) await assertAssignee(ctx, fields.defaultAssigneeId);

  const before = snapshot(template, TEMPLATE_AUDIT_FIELDS);
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) (template as unknown as Record<string, unknown>)[key] = value;
  const changes = diffFields(before, snapshot(template, TEMPLATE_AUDIT_FIELDS), TEMPLATE_AUDIT_FIELDS);
  if (subtasks) {
    const old = await ctx.em.find(TemplateSubtask, { templateId: template.id }, { orderBy: { position: 'asc' } });
    const oldSummary = old.map((s) => ({ title: s.title, description: s.description, status: s.status, estimatedHours: s.estimatedHours }));
    if (JSON.stringify(oldSummary) !== JSON.stringify(subtasks)) {
      for (const s of old) ctx.em.remove(s);
      persistSubtasks(ctx, template.id, subtasks);
      changes.oldValues.subtasks = subtaskSummary(old);
      changes.newValues.subtasks = subtaskSummary(subtasks);
      changes.changed.push('subtasks');
    }
  }
  if (changes.changed.length === 0) return template;
  try {
    await assertNoConflict(ctx, 'template', template, expected, changes.changed, 'template');
  } catch (err) {
    Object.assign(template, before);
    throw err;
  }
  template.updatedAt = ctx.now();
  recordAudit(ctx, {
    action: 'updated',
    description: `Updated template "${template.name}"`,
    entityType: 'template',
    entityId: template.id,
    taskId: null,
    oldValues: changes.oldValues,
    newValues: changes.newValues,
    entityVersion: nextVersion(template),
  });
  await ctx.em.flush();
  return template;
}

/** Deletes a template and its subtasks (admins); tasks made from it stay. */
export async function deleteTemplate(ctx: ServiceContext, templateId: string): Promise<string> {
  const actor = requireActor(ctx);
  assertCanManageTemplates(actor);
  const template = await getTemplate(ctx, templateId);
  const subtasks = await ctx.em.find(TemplateSubtask, { templateId: template.id });
  for (const s of subtasks) ctx.em.remove(s);
  recordAudit(ctx, {
    action: 'deleted',
    description: `Deleted template "${template.name}"`,
    entityType: 'template',
    entityId: template.id,
    taskId: null,
    oldValues: presentFields(template, TEMPLATE_AUDIT_FIELDS),
  });
  ctx.em.remove(template);
  await ctx.em.flush();
  return template.id;
}

/**
 * Creates a task from a template (anyone signed in) through the task service, so every task rule,
 * the audit entry and the live event apply; then adds the template's subtasks. The task goes to the
 * template's default assignee when the caller may assign to them (task policy), else to the caller.
 */
export async function createTaskFromTemplate(ctx: ServiceContext, templateId: string): Promise<Task> {
  const actor = requireActor(ctx);
  const template = await getTemplate(ctx, templateId);
  const subtasks = await ctx.em.find(TemplateSubtask, { templateId: template.id }, { orderBy: { position: 'asc', id: 'asc' } });

  let assigneeId = actor.id;
  if (template.defaultAssigneeId) {
    const assignee = await ctx.em.findOne(User, { id: template.defaultAssigneeId });
    if (assignee?.isActive && canAssignTo(actor, assignee.id, { managerId: assignee.managerId })) assigneeId = assignee.id;
  }
  const task = await createTask(ctx, {
    title: template.title,
    description: template.description,
    project: template.project,
    category: template.category,
    priority: template.priority,
    tags: [...template.tags],
    ...(template.estimatedHours > 0 ? { estimatedHours: template.estimatedHours } : {}),
    assignedToId: assigneeId,
  });
  if (subtasks.length === 0) return task;

  const readers = taskReaders(task);
  const start = ctx.now().getTime();
  const events = subtasks.map((s, i) => {
    // A millisecond apart, so the subtasks list (oldest first) keeps the template's order.
    const at = new Date(start + i);
    const row = Object.assign(new Subtask(), {
      taskId: task.id,
      title: s.title,
      description: s.description,
      status: s.status,
      estimatedHours: s.estimatedHours,
      tags: [],
      createdAt: at,
      updatedAt: at,
    });
    ctx.em.persist(row);
    return stageTaskEvent(ctx, 'SUBTASK_CREATED', task.id, readers, row.id);
  });
  recordAudit(ctx, {
    action: 'updated',
    description: `Added ${subtasks.length} subtask${subtasks.length === 1 ? '' : 's'} from template "${template.name}"`,
    taskId: task.id,
    readers,
    newValues: { subtasks: subtaskSummary(subtasks), templateId: template.id },
  });
  await commitWrite(ctx, events);
  return task;
}
