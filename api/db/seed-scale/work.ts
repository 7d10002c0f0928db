import { recordAudit, displayName } from '../../modules/audit/audit.service.js';
import { diffFields, presentFields, snapshot } from '../../modules/audit/audit.diff.js';
import { Task } from '../../modules/task/task.entity.js';
import { TaskStatus } from '../../modules/task/task.enums.js';
import { TASK_AUDIT_FIELDS } from '../../modules/task/task.write.js';
import { taskColumn } from '../../modules/task/task.placement.js';
import { Subtask } from '../../modules/subtask/subtask.entity.js';
import { SUBTASK_AUDIT_FIELDS } from '../../modules/subtask/subtask.inputs.js';
import { TaskComment } from '../../modules/comment/comment.entity.js';
import { Notification } from '../../modules/notification/notification.entity.js';
import { taskReaders } from '../../realtime/task-events.js';
import { dayKey } from '../../../schema/domain/task-rules.js';
import type { TaskColumn } from '../../modules/task/task.enums.js';
import type { User } from '../../modules/user/user.entity.js';
import type { BulkWriter } from './bulk.js';
import type { Company, DemoPeople } from './company.js';
import type { ScalePlan } from './plan.js';
import { spread, type Random } from './random.js';

const DAY_MS = 86_400_000;
/** Tasks (with their subtasks, comments, history and notifications) written per transaction. */
const TASKS_PER_FLUSH = 1_000;

const VERBS = ['Prepare', 'Review', 'Update', 'Fix', 'Draft', 'Plan', 'Check', 'Send', 'Clean up', 'Migrate', 'Test', 'Document'];
const OBJECTS = [
  'invoice batch',
  'release notes',
  'onboarding checklist',
  'quarterly report',
  'login flow',
  'vendor contract',
  'backup job',
  'support queue',
  'pricing page',
  'audit log export',
  'team offsite',
  'API rate limits',
  'customer survey',
  'invoice reminders',
];
const DESCRIPTIONS = [
  'Follow up with the owner before Friday.',
  'Numbers come from the finance sheet; double-check the totals.',
  'Agreed in the weekly sync. Keep it small.',
  'Blocked on access until IT replies.',
];
const CATEGORIES = ['dev', 'it ops', 'infra', 'governance', 'design', 'testing', 'documentation', 'process'];
const PRIORITIES = ['low', 'medium', 'medium', 'high', 'critical'];
const TAGS = ['finance', 'customer', 'q1', 'q2', 'q3', 'q4', 'urgent', 'review', 'ops'];
const SUBTASK_TITLES = ['Collect the inputs', 'Write the first draft', 'Ask for a review', 'Apply the feedback', 'Tell the team'];
const COMMENTS = [
  'Done on my side, over to you.',
  'Can we move this to next week?',
  'I added the numbers from the invoice run.',
  'Looks good to me.',
  'Waiting on a reply from the vendor.',
];

/** Everyone involved in one task. */
interface Cast {
  owner: User;
  creator: User;
  manager: User;
}

/** How many children and changes one task gets. */
interface Shares {
  subtasks: number;
  comments: number;
  updates: number;
}

/** Noon UTC of the day of `at`, as the app stores date-only input. */
const noonOf = (at: number): Date => {
  const d = new Date(at);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 12));
};

/** Which staff member owns each task: the demo user and manager their share, the rest round the company, shuffled. */
function ownerSlots(random: Random, plan: ScalePlan, company: Company, demo: DemoPeople): Int32Array {
  const demoUser = company.staff.indexOf(demo.user);
  const demoManager = company.staff.indexOf(demo.manager);
  const others = company.staff.length - 2;
  const slots = new Int32Array(plan.tasks);
  for (let i = 0; i < plan.tasks; i++) {
    if (i < plan.demoTasksEach) slots[i] = demoUser;
    else if (i < 2 * plan.demoTasksEach) slots[i] = demoManager;
    else slots[i] = (i - 2 * plan.demoTasksEach) % others;
  }
  for (let i = slots.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [slots[i], slots[j]] = [slots[j], slots[i]];
  }
  return slots;
}

/** The status a task has today: old work is mostly done, recent work spread over the board. */
function finalStatus(random: Random, ageDays: number): TaskStatus {
  if (ageDays > 45) return random.chance(0.85) ? TaskStatus.DONE : random.pick([TaskStatus.DEFERRED, TaskStatus.BLOCKED, TaskStatus.PLANNED]);
  return random.pick([
    TaskStatus.PLANNED,
    TaskStatus.PLANNED,
    TaskStatus.NOT_STARTED,
    TaskStatus.IN_PROGRESS,
    TaskStatus.IN_PROGRESS,
    TaskStatus.BLOCKED,
    TaskStatus.DONE,
  ]);
}

/** A task as it is today (history and version are set by stageHistory). */
function buildTask(random: Random, company: Company, cast: Cast, createdAt: number, now: number): Task {
  const task = new Task();
  const scheduled = random.chance(0.8) ? noonOf(createdAt + random.int(15) * DAY_MS) : null;
  const status = finalStatus(random, (now - createdAt) / DAY_MS);
  Object.assign(task, {
    id: random.uuid(),
    title: `${random.pick(VERBS)} ${random.pick(OBJECTS)} #${1000 + random.int(9000)}`,
    description: random.chance(0.5) ? random.pick(DESCRIPTIONS) : null,
    project: random.chance(0.6) ? random.pick(company.projects).name : null,
    category: random.pick(CATEGORIES),
    priority: random.pick(PRIORITIES),
    status,
    progress: status === TaskStatus.DONE ? 100 : status === TaskStatus.IN_PROGRESS ? 10 * (1 + random.int(9)) : 0,
    tags: random.chance(0.5) ? [random.pick(TAGS)] : [],
    scheduledDate: scheduled,
    scheduledTime: scheduled && random.chance(0.3) ? `${String(8 + random.int(10)).padStart(2, '0')}:${random.chance(0.5) ? '00' : '30'}` : null,
    dueDate: random.chance(0.3) ? noonOf((scheduled?.getTime() ?? createdAt) + random.int(8) * DAY_MS) : null,
    estimatedHours: random.chance(0.7) ? 0.5 * (1 + random.int(16)) : null,
    assignedToId: cast.owner.id,
    createdById: cast.creator.id,
    createdAt: new Date(createdAt),
    updatedAt: new Date(createdAt),
  });
  return task;
}

/** `count` moments after `from`, in order, within the task's working life (never after `now`). */
function momentsAfter(random: Random, from: number, now: number, count: number): number[] {
  const span = Math.max(60_000, Math.min(now - from, (2 + random.int(40)) * DAY_MS));
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(from + 1 + Math.floor(random.next() * span));
  return times.sort((a, b) => a - b);
}

type TaskState = ReturnType<typeof snapshotOf>;
const snapshotOf = (task: Task) => snapshot(task, TASK_AUDIT_FIELDS);

/** The task as it was created: work not started yet when changes follow, else as it is now. */
function createdState(task: Task, updates: number): TaskState {
  const state = snapshotOf(task);
  if (updates === 0) return state;
  return { ...state, status: TaskStatus.PLANNED, progress: 0 };
}

/** The next state of a change: the last one reaches today's state; earlier ones reschedule or report progress. */
function nextState(random: Random, task: Task, state: TaskState, index: number, updates: number): { state: TaskState; action: string; description: string } {
  const final = snapshotOf(task);
  if (index === updates - 1) {
    const next = { ...state, status: final.status, progress: final.progress, scheduledDate: final.scheduledDate, priority: final.priority };
    if (diffFields(state, next, TASK_AUDIT_FIELDS).changed.length === 0) next.priority = state.priority === 'high' ? 'medium' : 'high';
    task.priority = next.priority;
    const done = next.status === TaskStatus.DONE && state.status !== TaskStatus.DONE;
    return { state: next, action: 'updated', description: done ? `Moved task "${task.title}" to Completed` : `Updated task "${task.title}"` };
  }
  if (state.scheduledDate && random.chance(0.4)) {
    const scheduledDate = new Date(state.scheduledDate.getTime() + (1 + random.int(3)) * DAY_MS);
    return { state: { ...state, scheduledDate }, action: 'rescheduled', description: `Rescheduled task "${task.title}" to ${dayKey(scheduledDate, 'UTC')}` };
  }
  const progress = Math.min(90, state.progress + 10 * (1 + random.int(3)));
  const status = state.status === TaskStatus.PLANNED ? TaskStatus.IN_PROGRESS : state.status;
  if (progress === state.progress && status === state.status)
    return { state: { ...state, estimatedHours: (state.estimatedHours ?? 0) + 1 }, action: 'updated', description: `Updated task "${task.title}"` };
  return { state: { ...state, progress, status }, action: 'updated', description: `Updated task "${task.title}"` };
}

/** The task's creation and changes, recorded by the audit service as the task service records them. */
function stageTaskHistory(random: Random, writer: BulkWriter, task: Task, cast: Cast, updates: number, now: number): void {
  let state = createdState(task, updates);
  recordAudit(writer.contextAt(cast.creator, task.createdAt), {
    action: 'created',
    description: `Created task "${task.title}"`,
    taskId: task.id,
    readers: taskReaders(task),
    newValues: presentFields(state, TASK_AUDIT_FIELDS),
    entityVersion: 1,
  });
  let lastChange = task.createdAt.getTime();
  for (const [i, at] of momentsAfter(random, lastChange, now, updates).entries()) {
    const change = nextState(random, task, state, i, updates);
    const diff = diffFields(state, change.state, TASK_AUDIT_FIELDS);
    const actor = random.chance(0.85) ? cast.owner : cast.manager;
    recordAudit(writer.contextAt(actor, new Date(at)), {
      action: change.action,
      description: change.description,
      taskId: task.id,
      readers: taskReaders(task),
      oldValues: diff.oldValues,
      newValues: diff.newValues,
      entityVersion: i + 2,
    });
    state = change.state;
    lastChange = at;
    if (i === updates - 1 && task.status === TaskStatus.DONE)
      stageNotification(writer, task, actor, task.createdById, 'completed', `${displayName(actor)} completed "${task.title}"`, new Date(at), now);
  }
  task.version = updates + 1;
  task.updatedAt = new Date(lastChange);
  task.completedAt = task.status === TaskStatus.DONE ? new Date(lastChange) : null;
}

/** Subtasks added to the task, each with the audit entry the subtask service writes. */
function stageSubtasks(random: Random, writer: BulkWriter, task: Task, cast: Cast, count: number, now: number): void {
  for (const at of momentsAfter(random, task.createdAt.getTime(), now, count)) {
    const subtask = new Subtask();
    Object.assign(subtask, {
      id: random.uuid(),
      taskId: task.id,
      title: random.pick(SUBTASK_TITLES),
      status: task.status === TaskStatus.DONE || random.chance(0.3) ? 'Done' : 'Not Started',
      estimatedHours: 0.5 * (1 + random.int(4)),
      createdAt: new Date(at),
      updatedAt: new Date(at),
    });
    writer.stage(subtask);
    recordAudit(writer.contextAt(cast.owner, subtask.createdAt), {
      action: 'created',
      description: `Added subtask "${subtask.title}" to "${task.title}"`,
      entityType: 'subtask',
      entityId: subtask.id,
      taskId: task.id,
      readers: taskReaders(task),
      newValues: presentFields(subtask, SUBTASK_AUDIT_FIELDS),
      entityVersion: subtask.version,
    });
  }
}

/** Comments on the task (owner, manager, creator), each audited and notifying the task's other people. */
function stageComments(random: Random, writer: BulkWriter, task: Task, cast: Cast, count: number, now: number): void {
  for (const at of momentsAfter(random, task.createdAt.getTime(), now, count)) {
    const author = random.chance(0.6) ? cast.owner : random.chance(0.6) ? cast.manager : cast.creator;
    const comment = new TaskComment();
    Object.assign(comment, { id: random.uuid(), taskId: task.id, userId: author.id, content: random.pick(COMMENTS), createdAt: new Date(at) });
    writer.stage(comment);
    recordAudit(writer.contextAt(author, comment.createdAt), {
      action: 'created',
      description: `Commented on "${task.title}"`,
      entityType: 'comment',
      entityId: comment.id,
      taskId: task.id,
      readers: taskReaders(task),
      newValues: { content: comment.content, commentType: comment.commentType, isInternal: comment.isInternal },
    });
    const message = `${displayName(author)} commented on "${task.title}"`;
    for (const recipient of new Set([task.createdById, task.assignedToId]))
      stageNotification(writer, task, author, recipient, 'commented', message, comment.createdAt, now);
  }
}

/** An in-app notification as the notification service stores it; nobody is notified of their own work. Read after two weeks. */
function stageNotification(writer: BulkWriter, task: Task, actor: User, recipient: string | null, kind: string, message: string, at: Date, now: number): void {
  if (!recipient || recipient === actor.id) return;
  const n = new Notification();
  Object.assign(n, {
    userId: recipient,
    kind,
    taskId: task.id,
    taskTitle: task.title,
    message,
    actorId: actor.id,
    createdAt: at,
    readAt: now - at.getTime() > 14 * DAY_MS ? at : null,
  });
  writer.stage(n);
}

/**
 * Stages and writes every task of the company, oldest first over `plan.days`, with its subtasks,
 * comments, audit history and notifications, a transaction per TASKS_PER_FLUSH tasks. `onProgress`
 * hears the number of tasks written so far.
 */
export async function writeWork(
  random: Random,
  plan: ScalePlan,
  company: Company,
  demo: DemoPeople,
  writer: BulkWriter,
  now: Date,
  onProgress: (done: number) => void,
): Promise<void> {
  const slots = ownerSlots(random, plan, company, demo);
  const subtaskShares = spread(random, plan.subtasks, plan.tasks);
  const commentShares = spread(random, plan.comments, plan.tasks);
  const updateShares = spread(random, plan.auditEntries - plan.tasks - plan.subtasks - plan.comments, plan.tasks);
  const end = now.getTime();
  const start = end - plan.days * DAY_MS;
  const context = writer.contextAt(null, now);
  for (let i = 0; i < plan.tasks; i++) {
    const owner = company.staff[slots[i]];
    const manager = company.managerOf.get(owner.id) ?? demo.admin;
    const cast: Cast = { owner, manager, creator: random.chance(0.85) ? owner : manager };
    const shares: Shares = { subtasks: subtaskShares.next().value ?? 0, comments: commentShares.next().value ?? 0, updates: updateShares.next().value ?? 0 };
    const createdAt = start + Math.floor(((i + random.next()) / plan.tasks) * (end - start - 60_000));
    const task = buildTask(random, company, cast, createdAt, end);
    stageTaskHistory(random, writer, task, cast, shares.updates, end);
    task.column = taskColumn(context, task) as TaskColumn;
    writer.stage(task);
    stageSubtasks(random, writer, task, cast, shares.subtasks, end);
    stageComments(random, writer, task, cast, shares.comments, end);
    if ((i + 1) % TASKS_PER_FLUSH === 0 || i === plan.tasks - 1) {
      await writer.flush();
      onProgress(i + 1);
    }
  }
}
