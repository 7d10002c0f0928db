import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import type { Actor } from '../../common/actor.js';
import { AppError, conflict, notFound } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { dayKey } from '../../../schema/domain/task-rules.js';
import { recordAudit } from '../audit/audit.service.js';
import { commitWrite, publishStagedEvents, stageTaskEvent, taskReaders } from '../../realtime/task-events.js';
import type { TaskEvent } from '../../realtime/task-event.entity.js';
import { getReadableTask } from '../task/index.js';
import { Task } from '../task/task.entity.js';
import { User } from '../user/user.entity.js';
import { Project } from '../project/project.entity.js';
import { TimeEntry } from './time.entity.js';
import type { TaskTime } from './time.loaders.js';
import { parseEntryChanges, parseEntryFilter, parseNewEntry, type EntryFilter } from './time.inputs.js';
import { assertCanChangeEntry, assertCanReadEntriesOf, canChangeEntry, canReadEntriesOf, readableEntryFilter } from './time.policy.js';

/** The most entries one list answers (newest first); narrow the dates for more. */
export const TIME_ENTRIES_MAX = 5_000;

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** Whole minutes between two instants (never negative). */
export const minutesBetween = (from: Date, to: Date): number => Math.max(0, Math.round((to.getTime() - from.getTime()) / MINUTE));

/** "1h 20m", "45m", "3h". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}

/** The minutes an entry counts now: its stored minutes, or the running time so far. */
export const spentMinutes = (entry: TimeEntry, now: Date): number => entry.minutes ?? minutesBetween(entry.startedAt, now);

const auditValues = (e: TimeEntry) => ({
  userId: e.userId,
  startedAt: e.startedAt.toISOString(),
  endedAt: e.endedAt?.toISOString() ?? null,
  minutes: e.minutes,
  note: e.note,
});

function audit(
  ctx: ServiceContext,
  task: Task,
  entry: TimeEntry,
  action: string,
  description: string,
  values: { oldValues?: object; newValues?: object },
): TaskEvent {
  recordAudit(ctx, {
    action,
    description,
    entityType: 'time_entry',
    entityId: entry.id,
    taskId: task.id,
    readers: taskReaders(task),
    oldValues: values.oldValues as Record<string, unknown> | undefined,
    newValues: values.newValues as Record<string, unknown> | undefined,
  });
  return stageTaskEvent(ctx, 'TASK_UPDATED', task.id, taskReaders(task), entry.id);
}

/** The person's running entry, or null. */
const runningOf = (ctx: ServiceContext, userId: string): Promise<TimeEntry | null> => ctx.em.findOne(TimeEntry, { userId, endedAt: null });

/** The actor's running timer, or null. */
export async function runningTimer(ctx: ServiceContext): Promise<TimeEntry | null> {
  return runningOf(ctx, requireActor(ctx).id);
}

/** Stops the entry now (staged, audited on its task); its task may have gone (then no audit). */
async function stageStop(ctx: ServiceContext, entry: TimeEntry): Promise<TaskEvent[]> {
  const now = ctx.now();
  entry.endedAt = now;
  entry.minutes = minutesBetween(entry.startedAt, now);
  entry.updatedAt = now;
  const task = await ctx.em.findOne(Task, { id: entry.taskId });
  if (!task) return [];
  return [
    audit(ctx, task, entry, 'updated', `Stopped the timer on "${task.title}" (${formatMinutes(entry.minutes)})`, { newValues: { minutes: entry.minutes } }),
  ];
}

/** Flushes in one transaction (stop before start, so the one-running index never sees two), then publishes. */
async function commitInOrder(ctx: ServiceContext, steps: (() => void | Promise<void>)[], events: TaskEvent[], taskIds: string[]): Promise<void> {
  await ctx.em.begin();
  try {
    for (const step of steps) {
      await step();
      await ctx.em.flush();
    }
    await ctx.em.commit();
  } catch (err) {
    await ctx.em.rollback();
    if (err instanceof UniqueConstraintViolationException) throw conflict('A timer was started for you at the same moment: reload to see it');
    throw err;
  }
  for (const id of taskIds) ctx.loaders.timeSpent.clear(id);
  publishStagedEvents(ctx, events);
}

/**
 * Starts the actor's timer on a task they may read (NOT_FOUND otherwise), stopping their running one
 * first (its minutes recorded), in one transaction. Audited on the task(s); open task details follow live.
 */
export async function startTimer(ctx: ServiceContext, taskId: string): Promise<TimeEntry> {
  const actor = requireActor(ctx);
  const task = await getReadableTask(ctx, taskId);
  const running = await runningOf(ctx, actor.id);
  const events: TaskEvent[] = [];
  const entry = new TimeEntry();
  const now = ctx.now();
  Object.assign(entry, { taskId: task.id, userId: actor.id, startedAt: now, createdAt: now, updatedAt: now });
  await commitInOrder(
    ctx,
    [
      async () => {
        if (running) events.push(...(await stageStop(ctx, running)));
      },
      () => {
        ctx.em.persist(entry);
        events.push(audit(ctx, task, entry, 'created', `Started a timer on "${task.title}"`, { newValues: auditValues(entry) }));
      },
    ],
    events,
    [task.id, ...(running ? [running.taskId] : [])],
  );
  return entry;
}

/** Stops the actor's running timer and returns it (null when none runs). */
export async function stopTimer(ctx: ServiceContext): Promise<TimeEntry | null> {
  const actor = requireActor(ctx);
  const running = await runningOf(ctx, actor.id);
  if (!running) return null;
  const events = await stageStop(ctx, running);
  await commitWrite(ctx, events, () => ctx.loaders.timeSpent.clear(running.taskId));
  return running;
}

/** Adds an entry by hand on a task the actor may read (NOT_FOUND otherwise). BAD_USER_INPUT before anything is read. */
export async function addTimeEntry(ctx: ServiceContext, taskId: string, raw: unknown): Promise<TimeEntry> {
  const actor = requireActor(ctx);
  const fields = parseNewEntry(raw);
  const task = await getReadableTask(ctx, taskId);
  const now = ctx.now();
  const entry = new TimeEntry();
  Object.assign(entry, {
    taskId: task.id,
    userId: actor.id,
    startedAt: fields.day,
    endedAt: fields.day,
    minutes: fields.minutes,
    note: fields.note,
    createdAt: now,
    updatedAt: now,
  });
  ctx.em.persist(entry);
  const event = audit(ctx, task, entry, 'created', `Added ${formatMinutes(fields.minutes)} of time on "${task.title}"`, { newValues: auditValues(entry) });
  await commitWrite(ctx, [event], () => ctx.loaders.timeSpent.clear(task.id));
  return entry;
}

/** The manager of the entry's owner (null when none or unknown), for the read rule. */
async function managerOf(ctx: ServiceContext, userId: string): Promise<string | null> {
  const user = await ctx.loaders.user.load(userId);
  return user?.managerId ?? null;
}

/** An entry the actor may change, with its task; NOT_FOUND when not readable, FORBIDDEN when not theirs. */
async function changeableEntry(ctx: ServiceContext, id: string): Promise<{ entry: TimeEntry; task: Task | null }> {
  const actor = requireActor(ctx);
  const entry = v.lookupId('Time entry id', id) ? await ctx.em.findOne(TimeEntry, { id }) : null;
  if (!entry) throw notFound('Time entry');
  assertCanChangeEntry(actor, entry, await managerOf(ctx, entry.userId));
  return { entry, task: await ctx.em.findOne(Task, { id: entry.taskId }) };
}

/** Changes an entry's day, minutes or note (its owner, admins). A running timer's minutes and day wait until it stops. */
export async function updateTimeEntry(ctx: ServiceContext, id: string, raw: unknown): Promise<TimeEntry> {
  const changes = parseEntryChanges(raw);
  const { entry, task } = await changeableEntry(ctx, id);
  if (entry.endedAt === null && (changes.day || changes.minutes)) throw new AppError('BAD_USER_INPUT', 'Stop the timer before changing its date or minutes');
  const before = auditValues(entry);
  if (changes.day) {
    entry.startedAt = changes.day;
    entry.endedAt = changes.day;
  }
  if (changes.minutes !== undefined) entry.minutes = changes.minutes;
  if (changes.note !== undefined) entry.note = changes.note;
  entry.updatedAt = ctx.now();
  const events = task
    ? [audit(ctx, task, entry, 'updated', `Changed time spent on "${task.title}"`, { oldValues: before, newValues: auditValues(entry) })]
    : [];
  await commitWrite(ctx, events, () => ctx.loaders.timeSpent.clear(entry.taskId));
  return entry;
}

/** Deletes an entry (its owner, admins); returns its id. */
export async function deleteTimeEntry(ctx: ServiceContext, id: string): Promise<string> {
  const { entry, task } = await changeableEntry(ctx, id);
  const events = task ? [audit(ctx, task, entry, 'deleted', `Removed time spent on "${task.title}"`, { oldValues: auditValues(entry) })] : [];
  ctx.em.remove(entry);
  await commitWrite(ctx, events, () => ctx.loaders.timeSpent.clear(entry.taskId));
  return entry.id;
}

/** The ids of the actor's direct reports (managers), for the read rule. */
async function reporteeIds(ctx: ServiceContext, actor: Actor): Promise<string[]> {
  if (actor.role !== 'manager') return [];
  // A fork of its own: partial rows must not stand in for whole ones in the request's identity map.
  return (await ctx.em.fork().find(User, { managerId: actor.id }, { fields: ['id'] })).map((u) => u.id);
}

/**
 * The entries the actor may read that match the filter, newest first, at most TIME_ENTRIES_MAX. Days are
 * the viewer's (X-Time-Zone). FORBIDDEN for another person's entries one may not read; NOT_FOUND for a
 * task one may not read; BAD_USER_INPUT on a bad filter.
 */
export async function listTimeEntries(ctx: ServiceContext, raw: unknown): Promise<TimeEntry[]> {
  const actor = requireActor(ctx);
  const filter = parseEntryFilter(raw);
  const where: Record<string, unknown>[] = [readableEntryFilter(actor, await reporteeIds(ctx, actor))];
  if (filter.userId) {
    assertCanReadEntriesOf(actor, filter.userId, await managerOf(ctx, filter.userId));
    where.push({ userId: filter.userId });
  }
  if (filter.taskId) where.push({ taskId: (await getReadableTask(ctx, filter.taskId)).id });
  if (filter.projectId) where.push({ taskId: { $in: await projectTaskIds(ctx, filter.projectId) } });
  // A day in any zone lies within 14 hours of the same UTC day: read that wide, then keep the viewer's days.
  if (filter.from) where.push({ startedAt: { $gte: new Date(Date.parse(`${filter.from}T00:00:00Z`) - 14 * HOUR) } });
  if (filter.to) where.push({ startedAt: { $lt: new Date(Date.parse(`${filter.to}T00:00:00Z`) + 38 * HOUR) } });
  const rows = await ctx.em.find(TimeEntry, { $and: where }, { orderBy: { startedAt: 'desc', id: 'desc' }, limit: TIME_ENTRIES_MAX });
  return rows.filter((e) => inRange(dayOf(ctx, e), filter));
}

/** The tasks of a project (tasks name their project by its name). NOT_FOUND for an unknown project. */
async function projectTaskIds(ctx: ServiceContext, projectId: string): Promise<string[]> {
  const project = await ctx.em.findOne(Project, { id: projectId });
  if (!project) throw notFound('Project');
  return (await ctx.em.fork().find(Task, { project: project.name }, { fields: ['id'] })).map((t) => t.id);
}

const inRange = (day: string, filter: EntryFilter): boolean => (!filter.from || day >= filter.from) && (!filter.to || day <= filter.to);

/** The entry's day in the viewer's zone (an entry made by hand keeps its own day). */
export const dayOf = (ctx: ServiceContext, entry: TimeEntry): string => dayKey(entry.startedAt, ctx.timeZone);

/** viewerCan of an entry: its owner and admins may edit and delete it. */
export function entryPermissions(ctx: ServiceContext, entry: TimeEntry): { update: boolean; delete: boolean } {
  const allowed = canChangeEntry(requireActor(ctx), entry);
  return { update: allowed, delete: allowed };
}

/** Whether the actor may read this person's entries (the running timer of someone else is never shown). */
export const mayReadEntriesOf = async (ctx: ServiceContext, userId: string): Promise<boolean> =>
  canReadEntriesOf(requireActor(ctx), userId, await managerOf(ctx, userId));

/** Minutes spent on a task so far, everyone's (GraphQL Task.timeSpentMinutes, batched). */
export async function timeSpentOn(ctx: ServiceContext, taskId: string): Promise<number> {
  return minutesOfTime(await ctx.loaders.timeSpent.load(taskId), ctx.now());
}

/** A task's minutes so far: its stopped entries and its running timers up to `now`. */
export const minutesOfTime = (time: TaskTime, now: Date): number =>
  time.stopped + time.running.reduce((sum, startedAt) => sum + minutesBetween(startedAt, now), 0);
