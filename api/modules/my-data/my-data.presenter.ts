import type { ServiceContext } from '../../common/context.js';
import type { PlainRow } from '../../common/plain-rows.js';
import type { Attachment } from '../attachment/attachment.entity.js';
import type { AuditEntry } from '../audit/audit.entity.js';
import { entryChanges } from '../audit/audit.service.js';
import type { TaskComment } from '../comment/comment.entity.js';
import type { Subtask } from '../subtask/subtask.entity.js';
import type { Task } from '../task/task.entity.js';
import { cellValue, csvLine, EXPORT_COLUMNS, type ExportColumn } from '../task/task.export.js';
import { taskRowJson } from '../task/task.presenter.js';
import type { User } from '../user/user.entity.js';
import type { ActivityRow, CommentPage, TaskPage } from './my-data.service.js';

/*
 * The export's rows: JSON objects for the document, CSV lines for the zip. tasks.csv has the task
 * listing export's columns (task.export.ts), every one of them, after the task's id and before its
 * subtasks; comments.csv and activity.csv are the export's own.
 */

/** A task of the JSON document: its REST JSON (as GET /api/tasks lists it) with its subtasks. */
export function taskDocument(ctx: ServiceContext, task: PlainRow<Task>, subtasks: PlainRow<Subtask>[]) {
  return { ...taskRowJson(ctx, task), subtasks };
}

/** A comment of the JSON document, with the title of its task (null when the person may no longer read it). */
export function commentDocument(comment: PlainRow<TaskComment>, taskTitle: string | null) {
  return { ...comment, taskTitle };
}

/** An activity entry of the JSON document: what happened, to what, and the changed fields with their values. */
export function activityDocument(entry: ActivityRow) {
  return {
    id: entry.id,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    taskId: entry.taskId,
    description: entry.description,
    changes: changesOf(entry),
    createdAt: entry.createdAt,
  };
}

/** The changed fields of an entry (entryChanges reads only its values). */
const changesOf = (entry: ActivityRow) => entryChanges(entry as AuditEntry);

const TASK_COLUMNS = Object.keys(EXPORT_COLUMNS) as ExportColumn[];
const iso = (date: Date | null): string => (date ? date.toISOString() : '');
const json = (value: unknown): string => (value === undefined ? 'null' : JSON.stringify(value));

/** The header rows of the three CSV files (each starts with a byte order mark, as the listing's export does, for spreadsheets). */
export const CSV_HEADERS = {
  tasks: `\uFEFF${csvLine(['ID', ...TASK_COLUMNS.map((c) => EXPORT_COLUMNS[c]), 'Completed At', 'Subtasks'])}`,
  comments: `\uFEFF${csvLine(['ID', 'Task ID', 'Task Title', 'Type', 'Internal', 'Created At', 'Content'])}`,
  activity: `\uFEFF${csvLine(['ID', 'Created At', 'Action', 'Entity Type', 'Entity ID', 'Task ID', 'Description', 'Changes'])}`,
  attachments: `\uFEFF${csvLine(['ID', 'Task ID', 'Name', 'Size', 'Content Type', 'Uploaded At', 'File'])}`,
} as const;

/** A page of tasks as tasks.csv lines: the listing export's cells; the subtasks as "Title (Status)", one a line. */
export function taskCsv(page: TaskPage): string {
  let out = '';
  for (const task of page.tasks) {
    const subtasks = (page.subtasks.get(task.id) ?? []).map((s) => `${s.title} (${s.status})`).join('\n');
    out += csvLine([task.id, ...TASK_COLUMNS.map((c) => cellValue(task, c, page.people as Map<string, User | null>)), iso(task.completedAt), subtasks]);
  }
  return out;
}

/** A page of comments as comments.csv lines. */
export function commentCsv(page: CommentPage): string {
  let out = '';
  for (const c of page.comments)
    out += csvLine([c.id, c.taskId, page.taskTitles.get(c.taskId) ?? '', c.commentType, c.isInternal ? 'yes' : 'no', iso(c.createdAt), c.content]);
  return out;
}

/** A page of activity entries as activity.csv lines; the changes as `field: old → new`, one a line, values in JSON. */
export function activityCsv(entries: ActivityRow[]): string {
  let out = '';
  for (const e of entries) {
    const changes = changesOf(e)
      .map((c) => `${c.field}: ${json(c.oldValue)} → ${json(c.newValue)}`)
      .join('\n');
    out += csvLine([e.id, iso(e.createdAt), e.action, e.entityType, e.entityId ?? '', e.taskId ?? '', e.description, changes]);
  }
  return out;
}

/** Where an uploaded file is in the zip: attachments/<id>-<name> (names hold no path separators). */
export const attachmentFile = (a: PlainRow<Attachment>): string => `attachments/${a.id}-${a.name}`;

/** A file of the JSON document: what it is and where to download it (the bytes are in the zip). */
export function attachmentDocument(a: PlainRow<Attachment>) {
  return { id: a.id, taskId: a.taskId, name: a.name, size: a.size, contentType: a.contentType, createdAt: a.createdAt, url: `/api/attachments/${a.id}` };
}

/** A page of files as attachments.csv lines; File names each one's place in the zip. */
export function attachmentCsv(page: PlainRow<Attachment>[]): string {
  let out = '';
  for (const a of page) out += csvLine([a.id, a.taskId, a.name, String(a.size), a.contentType, iso(a.createdAt), attachmentFile(a)]);
  return out;
}
