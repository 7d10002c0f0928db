import { setImmediate as nextTurn } from 'node:timers/promises';
import { FlushMode } from '@mikro-orm/core';
import { createContext, type AppRuntime, type ServiceContext } from '../../common/context.js';
import { AppError } from '../../common/errors.js';
import { logger } from '../../common/logger.js';
import { recordAudit } from '../audit/audit.service.js';
import { commitWrite, stageTaskEvent, taskReaders } from '../../realtime/task-events.js';
import type { TaskEvent } from '../../realtime/task-event.entity.js';
import { Subtask } from '../subtask/subtask.entity.js';
import { TaskComment } from '../comment/comment.entity.js';
import type { Task } from '../task/task.entity.js';
import { keepReadableMentions, mayAssignTo, parseCheckedFields, stageNewTask } from '../task/index.js';
import { ImportJob, ImportRef } from './import.entity.js';
import { readImportFile } from './import.inputs.js';
import { loadPeople, type People } from './import.people.js';
import { mayWriteAs } from './import.policy.js';
import { clip, reportOf, type ImportedTask, type ImportOptions, type ImportSource, type SkippedRef } from './import.types.js';

const SOURCE_NAMES: Record<ImportSource, string> = { trello: 'Trello', todoist: 'Todoist', csv: 'CSV' };

/** How often the progress is written while an import stages its tasks. */
const PROGRESS_EVERY = 100;

// One import at a time per process: each holds its whole file in one unit of work until it commits.
let queue: Promise<void> = Promise.resolve();

/** Runs the import in the background, after any other running in this process. */
export function enqueueImport(app: AppRuntime, jobId: string): void {
  queue = queue.then(() => runImport(app, jobId)).catch((err) => logger.error(`Import ${jobId}`, err));
}

interface Run {
  ctx: ServiceContext;
  source: ImportSource;
  people: People;
  defaultAssignee: string;
  events: TaskEvent[];
  skipped: SkippedRef[];
  created: { tasks: number; subtasks: number; comments: number };
}

/**
 * Stages every task of the file with its subtasks and comments in one unit of work and commits them
 * with the finished job in one flush (one transaction): a file that fails half-way leaves no tasks
 * (docs/DECISIONS.md, "Importers"). Progress is written beside it as it goes, from another EntityManager.
 */
export async function runImport(app: AppRuntime, jobId: string): Promise<void> {
  const progress = app.orm.em.fork();
  const job = await progress.findOne(ImportJob, { id: jobId }, { populate: ['content', 'options'] });
  if (!job || job.status !== 'queued') return;
  await progress.nativeUpdate(ImportJob, { id: jobId }, { status: 'running', updatedAt: new Date() });
  try {
    const ctx = await createContext(app, { userId: job.createdById, timeZone: job.timeZone });
    if (!ctx.actor) throw new AppError('FORBIDDEN', 'The person who started this import can no longer sign in');
    // Its reads (people, config items, known refs) never need the staged rows flushed first: without
    // this each read would compare every staged entity (docs/DECISIONS.md, "Importers").
    ctx.em.setFlushMode(FlushMode.COMMIT);
    const source = job.source as ImportSource;
    const options = JSON.parse(job.options) as ImportOptions;
    const parsed = readImportFile(source, job.content, options);
    const run: Run = {
      ctx,
      source,
      people: await loadPeople(ctx.em),
      defaultAssignee: options.assignTo ?? ctx.actor.id,
      events: [],
      skipped: [...parsed.skipped],
      created: { tasks: 0, subtasks: 0, comments: 0 },
    };
    const known = await knownRefs(
      ctx,
      source,
      parsed.tasks.map((t) => t.ref),
    );
    let processed = 0;
    for (const item of parsed.tasks) {
      if (known.has(item.ref)) run.skipped.push({ ref: item.label, reason: 'Already imported' });
      else await stageItem(run, item);
      processed += 1;
      if (processed % PROGRESS_EVERY === 0) {
        await progress.nativeUpdate(ImportJob, { id: jobId }, { processed, updatedAt: new Date() });
        // Staging resolves from caches without I/O: let requests in between.
        await nextTurn();
      }
    }
    const done = await ctx.em.findOneOrFail(ImportJob, { id: jobId });
    Object.assign(done, {
      status: 'done',
      processed,
      createdTasks: run.created.tasks,
      createdSubtasks: run.created.subtasks,
      createdComments: run.created.comments,
      skipped: reportOf(run.skipped),
      content: '',
      updatedAt: ctx.now(),
    });
    await commitWrite(ctx, run.events);
  } catch (err) {
    const message = err instanceof AppError ? err.message : 'The import failed and nothing was imported. Try again, or check the file.';
    if (!(err instanceof AppError)) logger.error(`Import ${jobId} failed`, err);
    await progress.fork().nativeUpdate(ImportJob, { id: jobId }, { status: 'failed', error: message, content: '', updatedAt: new Date() });
  }
}

/** The refs of this source the importer has imported before. */
async function knownRefs(ctx: ServiceContext, source: ImportSource, refs: string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let i = 0; i < refs.length; i += 500) {
    const rows = await ctx.em.find(ImportRef, { userId: ctx.actor!.id, source, ref: { $in: refs.slice(i, i + 500) } }, { fields: ['ref'] });
    for (const row of rows) known.add(row.ref);
  }
  return known;
}

/** The assignee of an imported task: the first person matched that the importer may assign to. */
async function assigneeOf(run: Run, item: ImportedTask): Promise<string | null> {
  if (item.assignees.length === 0) return run.defaultAssignee;
  for (const person of item.assignees) {
    const user = run.people.match(person);
    if (!user) continue;
    if (await mayAssignTo(run.ctx, run.ctx.actor!, user.id)) return user.id;
    run.skipped.push({ ref: item.label, reason: `Assigned to you, not ${person.name}: you can only import into your own tasks` });
    return run.defaultAssignee;
  }
  run.skipped.push({ ref: item.label, reason: `Left unassigned: nobody here matches ${item.assignees.map((p) => p.name).join(', ')}` });
  return null;
}

async function stageItem(run: Run, item: ImportedTask): Promise<void> {
  const { ctx, source } = run;
  let task: Task;
  try {
    const fields = await parseCheckedFields(ctx, { ...item.fields, assignedToId: await assigneeOf(run, item) }, null);
    task = await stageNewTask(ctx, fields, run.events, {
      description: `Imported task "${fields.title}" from ${SOURCE_NAMES[source]}`,
      extraAuditValues: { importedFrom: source },
    });
  } catch (err) {
    if (err instanceof AppError && (err.code === 'BAD_USER_INPUT' || err.code === 'FORBIDDEN')) {
      run.skipped.push({ ref: item.label, reason: err.message });
      return;
    }
    throw err;
  }
  if (item.createdAt) task.createdAt = item.createdAt;
  run.created.tasks += 1;
  ctx.em.persist(Object.assign(new ImportRef(), { userId: ctx.actor!.id, source, ref: item.ref, taskId: task.id, createdAt: ctx.now() }));
  const readers = taskReaders(task);
  const start = ctx.now().getTime();
  item.subtasks.forEach((s, i) => {
    // A millisecond apart, so the subtasks list (oldest first) keeps the checklist's order.
    const at = new Date(start + i);
    const subtask = Object.assign(new Subtask(), {
      taskId: task.id,
      title: s.title,
      status: s.done ? 'Done' : 'Not Started',
      tags: [],
      createdAt: at,
      updatedAt: at,
    });
    ctx.em.persist(subtask);
    recordAudit(ctx, {
      action: 'created',
      description: `Imported subtask "${subtask.title}" into "${task.title}"`,
      entityType: 'subtask',
      entityId: subtask.id,
      taskId: task.id,
      readers,
      newValues: { title: subtask.title, status: subtask.status, importedFrom: source },
      entityVersion: subtask.version,
    });
    run.events.push(stageTaskEvent(ctx, 'SUBTASK_CREATED', task.id, readers, subtask.id));
    run.created.subtasks += 1;
  });
  for (const c of item.comments) {
    const author = c.author ? run.people.match(c.author) : null;
    const asAuthor = !!author && mayWriteAs(ctx.actor!, author.id);
    const quoted = c.author && !asAuthor ? `${c.author.name} wrote${c.at ? ` on ${c.at.toISOString().slice(0, 10)}` : ''}:\n\n${c.text}` : c.text;
    const comment = Object.assign(new TaskComment(), {
      taskId: task.id,
      userId: asAuthor ? author!.id : ctx.actor!.id,
      // As any comment: a mention token of someone who cannot read the task becomes plain text.
      content: await keepReadableMentions(ctx, task, clip(quoted.trim(), 10_000)),
      createdAt: c.at ?? ctx.now(),
    });
    if (!comment.content) continue;
    ctx.em.persist(comment);
    recordAudit(ctx, {
      action: 'created',
      description: `Imported a comment on "${task.title}"`,
      entityType: 'comment',
      entityId: comment.id,
      taskId: task.id,
      readers,
      newValues: { content: comment.content, commentType: comment.commentType, isInternal: comment.isInternal, importedFrom: source },
    });
    run.events.push(stageTaskEvent(ctx, 'COMMENT_CREATED', task.id, readers, comment.id));
    run.created.comments += 1;
  }
}
