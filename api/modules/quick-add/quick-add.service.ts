import { raw, type FilterQuery } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { badInput } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { LIMITS, dayKey, DEFAULT_CATEGORY, DEFAULT_PRIORITY } from '../../../schema/domain/task-rules.js';
import { parseQuickAdd, projectKey } from '../../../schema/domain/quick-add.js';
import { commitWrite } from '../../realtime/task-events.js';
import type { TaskEvent } from '../../realtime/task-event.entity.js';
import { Project } from '../project/project.entity.js';
import { User } from '../user/user.entity.js';
import type { Task } from '../task/task.entity.js';
import type { TaskFields } from '../task/task.inputs.js';
import { stageNewTask } from '../task/index.js';

// Quick add reads a line against projects and people and then creates a task, so it sits above the
// task and project modules: the task module imports neither it nor projects (tests/unit/module-imports.test.ts).

/** The longest quick-add line accepted (a title plus its tokens). */
const QUICK_ADD_MAX = LIMITS.titleMax + 200;

/**
 * Creates a task from one quick-add line (issue 11; schema/domain/quick-add.ts), read in the viewer's
 * time zone: dates, a time (today when no date), a duration, a priority, `#project` (an existing
 * project, matched without case, hyphens for spaces) and `@username` (the assignee). Everything the
 * line does not set takes the quick-add defaults (Planned, unscheduled, progress 0, default category and priority, not repeatable, assigned to the actor). Goes through stageNewTask like createTask, so
 * it is validated, authorized, audited and published the same way.
 * Throws BAD_USER_INPUT (blank line, no title left, unknown project or user) or FORBIDDEN (an assignee
 * out of the actor's reach; nothing is created). `more` sets fields the line cannot (email-in's description).
 */
export async function quickAddTask(ctx: ServiceContext, text: unknown, more: Pick<TaskFields, 'description' | 'assignedToId'> = {}): Promise<Task> {
  const actor = requireActor(ctx);
  if (typeof text !== 'string' || !text.trim()) throw badInput('Type a task to add, e.g. "Review PR tomorrow 2pm 45m !high"');
  if (text.length > QUICK_ADD_MAX) throw badInput(`The quick-add line is too long (at most ${QUICK_ADD_MAX} characters)`);
  const parsed = parseQuickAdd(text, dayKey(ctx.now(), ctx.timeZone));
  if (!parsed.title) throw badInput('The line needs a title besides its date, time and tags (put words in "quotes" to keep them as text)');

  let project: string | undefined;
  if (parsed.project) {
    const wanted = projectKey(parsed.project);
    const projects = await ctx.em.find(Project, {}, { fields: ['name'], orderBy: { name: 'asc' } });
    const match = projects.find((p) => projectKey(p.name) === wanted);
    if (!match) throw badInput(`No project is called "${parsed.project}"`);
    project = match.name;
  }
  let assignedToId = actor.id;
  if (parsed.assignee) {
    const name = parsed.assignee.toLowerCase();
    const lower = raw((alias: string) => `lower(${alias}.username)`);
    const user = await ctx.em.findOne(User, { [lower]: name } as FilterQuery<User>);
    if (!user || !user.isActive) throw badInput(`No active user is called "@${parsed.assignee}"`);
    assignedToId = user.id;
  }

  const fields: TaskFields = {
    title: v.requiredText('Title', parsed.title, LIMITS.titleMax),
    status: 'Planned',
    progress: 0,
    category: DEFAULT_CATEGORY,
    priority: parsed.priority ?? DEFAULT_PRIORITY,
    isRepeatable: false,
    assignedToId,
  };
  if (project) fields.project = project;
  if (parsed.estimatedHours !== undefined) fields.estimatedHours = v.decimal('Estimated hours', parsed.estimatedHours, 0, LIMITS.estimatedHoursMax);
  if (parsed.scheduledDate) fields.scheduledDate = v.optionalDate('Scheduled date', parsed.scheduledDate);
  else fields.column = 'unscheduled';
  if (parsed.scheduledTime) fields.scheduledTime = parsed.scheduledTime;
  Object.assign(fields, more);

  const events: TaskEvent[] = [];
  const task = await stageNewTask(ctx, fields, events, { extraAuditValues: { quickAdd: text.trim() } });
  await commitWrite(ctx, events);
  return task;
}
