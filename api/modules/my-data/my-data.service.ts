import type { FilterQuery } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import type { QBFilterQuery, SqlEntityManager } from '@mikro-orm/knex';
import { isAdmin, isManagerOrAdmin, type Actor } from '../../common/actor.js';
import { readPlainRows, type PlainRow } from '../../common/plain-rows.js';
import { AuditEntry } from '../audit/audit.entity.js';
import { AuditReader } from '../audit/audit-reader.entity.js';
import { TaskComment } from '../comment/comment.entity.js';
import { Subtask } from '../subtask/subtask.entity.js';
import { Task } from '../task/task.entity.js';
import { canReadTask } from '../task/task.policy.js';
import type { User } from '../user/user.entity.js';
import { Attachment } from '../attachment/attachment.entity.js';
import { isSqlite } from '../../common/dialect.js';

/*
 * The read side of "Export my data" (Settings): the signed-in person's own tasks (assigned to them or
 * created by them, with their subtasks), the comments they wrote and the activity they performed. Each
 * list is read oldest first in pages of PAGE rows, by keyset (time, id), as plain rows (nothing enters
 * the identity map), so memory holds one page whatever the person's history.
 */

/** Rows read (and held) at a time. */
export const PAGE = 1000;

/** Where a keyset walk stands: the last row of the previous page. */
interface Position {
  createdAt: Date;
  id: string;
}

/** The rows after a position, in (createdAt, id) order. */
const after = (position: Position | null): Record<string, unknown> =>
  position ? { $or: [{ createdAt: { $gt: position.createdAt } }, { createdAt: position.createdAt, id: { $gt: position.id } }] } : {};

const OLDEST_FIRST = [{ createdAt: 'asc' }, { id: 'asc' }] as const;

/** Walks a filter page by page (keyset on createdAt, id), yielding each non-empty page. */
async function* pages<T extends Position>(read: (position: Filter) => Promise<T[]>): AsyncGenerator<T[]> {
  let position: Position | null = null;
  for (;;) {
    const rows = await read(after(position));
    if (rows.length) yield rows;
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1];
    position = { createdAt: last.createdAt, id: last.id };
  }
}

type Filter = Record<string, unknown>;

/** The person whose data this is (the actor), as their user row. */
export async function myAccount(ctx: ServiceContext): Promise<{ actor: Actor; user: User | null }> {
  const actor = requireActor(ctx);
  return { actor, user: await ctx.loaders.user.load(actor.id) };
}

/** A page of the person's tasks with each task's subtasks (oldest first) and the people its fields name. */
export interface TaskPage {
  tasks: PlainRow<Task>[];
  subtasks: Map<string, PlainRow<Subtask>[]>;
  people: Map<string, User | null>;
}

/** The tasks assigned to or created by the actor, oldest first, a page at a time with their subtasks. */
export async function* myTasks(ctx: ServiceContext): AsyncGenerator<TaskPage> {
  const actor = requireActor(ctx);
  const mine = { $or: [{ assignedToId: actor.id }, { createdById: actor.id }] };
  for await (const tasks of pages((position) =>
    readPlainRows(ctx.em, Task, { $and: [mine, position] } as FilterQuery<Task>, { orderBy: [...OLDEST_FIRST], limit: PAGE }),
  )) {
    const ids = tasks.map((t) => t.id);
    const subtasks = new Map<string, PlainRow<Subtask>[]>();
    for (const subtask of await readPlainRows(ctx.em, Subtask, { taskId: { $in: ids } }, { orderBy: [...OLDEST_FIRST] })) {
      const list = subtasks.get(subtask.taskId);
      if (list) list.push(subtask);
      else subtasks.set(subtask.taskId, [subtask]);
    }
    const personIds = [...new Set(tasks.flatMap((t) => [t.assignedToId, t.createdById]).filter((id): id is string => !!id))];
    const loaded = await ctx.loaders.user.loadMany(personIds);
    const people = new Map(personIds.map((id, i) => [id, loaded[i] instanceof Error ? null : (loaded[i] as User | null)]));
    yield { tasks, subtasks, people };
  }
}

/**
 * Those of these tasks the actor may read now (task.policy canReadTask), with the named fields: read by
 * primary key, the rule applied to each (a filter on the owners made SQLite walk the owner indexes instead).
 */
async function readableTasks<F extends keyof Task>(ctx: ServiceContext, actor: Actor, ids: string[], fields: F[]): Promise<Pick<Task, 'id' | F>[]> {
  if (!ids.length) return [];
  const tasks = await ctx.em.find(Task, { id: { $in: ids } }, { fields: ['id', 'assignedToId', 'createdById', ...fields] as never, disableIdentityMap: true });
  return tasks.filter((task) => canReadTask(actor, task));
}

/** A page of the person's comments, with the titles of the tasks they are on (null for a task the person may no longer read). */
export interface CommentPage {
  comments: PlainRow<TaskComment>[];
  taskTitles: Map<string, string | null>;
}

/**
 * Every comment the actor wrote, oldest first, a page at a time. Only their own: others' comments on
 * their tasks are other people's words. A comment on a task they may no longer read (reassigned since)
 * stays theirs, but that task's title is left out.
 */
export async function* myComments(ctx: ServiceContext): AsyncGenerator<CommentPage> {
  const actor = requireActor(ctx);
  for await (const comments of pages((position) =>
    readPlainRows(ctx.em, TaskComment, { $and: [{ userId: actor.id }, position] } as FilterQuery<TaskComment>, { orderBy: [...OLDEST_FIRST], limit: PAGE }),
  )) {
    const taskIds = [...new Set(comments.map((c) => c.taskId))];
    const titles = new Map((await readableTasks(ctx, actor, taskIds, ['title'])).map((t) => [t.id, t.title]));
    yield { comments, taskTitles: new Map(taskIds.map((id) => [id, titles.get(id) ?? null])) };
  }
}

/** The audit entries about work: what the activity of an export covers. */
const WORK_ENTITIES = ['task', 'subtask', 'comment'];

/** What the export reads of an entry: all but who could read it and the deleted task's snapshot. */
export type ActivityRow = Pick<AuditEntry, 'id' | 'action' | 'entityType' | 'entityId' | 'description' | 'taskId' | 'oldValues' | 'newValues' | 'createdAt'>;
const ACTIVITY_FIELDS = ['id', 'action', 'entityType', 'entityId', 'description', 'taskId', 'oldValues', 'newValues', 'createdAt'] as const;

type EntryKey = Pick<AuditEntry, 'id' | 'taskId'>;

/**
 * The ids among `keys` that the actor may see: task.history's visibility rule (visibleAuditEntries),
 * checked for one page through primary keys. Admins see every entry; managers every task's; members
 * those recorded for them (audit_readers) and those of tasks they can read now. (The rule's own
 * subqueries read all of a person's reader rows in every statement: 0.7 s a page at 200,000 of them.)
 */
async function visibleAmong(ctx: ServiceContext, actor: Actor, keys: EntryKey[]): Promise<Set<string>> {
  if (isAdmin(actor)) return new Set(keys.map((k) => k.id));
  if (isManagerOrAdmin(actor)) return new Set(keys.filter((k) => k.taskId).map((k) => k.id));
  const ids = keys.map((k) => k.id);
  const taskIds = [...new Set(keys.map((k) => k.taskId).filter((id): id is string => !!id))];
  const [readerOf, readable] = await Promise.all([
    ctx.em.find(AuditReader, { userId: actor.id, entryId: { $in: ids } }, { fields: ['entryId'], disableIdentityMap: true }),
    readableTasks(ctx, actor, taskIds, []),
  ]);
  const readableIds = new Set(readable.map((t) => t.id));
  const visible = new Set(readerOf.map((r) => r.entryId));
  for (const k of keys) if (k.taskId && readableIds.has(k.taskId)) visible.add(k.id);
  return visible;
}

/**
 * Whether SQLite reads the person's entries faster along the log's (created_at, id) index than through
 * the user_id index: pages by user_id sort the n entries left at each page (about n² / 2·PAGE rows in
 * all), the walk reads the log once (its L entries, about three times the cost of a sorted row, as
 * measured). Two counts, each from an index.
 */
async function walksFaster(em: SqlEntityManager, actor: Actor): Promise<boolean> {
  const n = await em.count(AuditEntry, { userId: actor.id });
  if (n <= PAGE) return false;
  return n * n > 6 * PAGE * (await em.count(AuditEntry, {}));
}

/**
 * The activity entries the actor performed, oldest first, a page at a time: their changes to tasks,
 * subtasks and comments that the activity timeline shows them (task.history's visibility rule), and
 * the entries about their own account. Administration entries about other people, teams or settings
 * are left out: they describe others, not the person's work.
 *
 * Each page is one keyset statement, then the visibility check of its entries by primary key. On SQLite
 * a person with many entries is walked along the log's (created_at, id) index (an index hint, see
 * walksFaster): 0.6 s instead of 4.6 s for the statements of 100,000 entries in a log of 200,000.
 */
export async function* myActivity(ctx: ServiceContext): AsyncGenerator<ActivityRow[]> {
  const actor = requireActor(ctx);
  const mine = {
    userId: actor.id,
    $or: [{ entityType: { $in: WORK_ENTITIES } }, { entityType: 'user', entityId: actor.id }],
  };
  const em = ctx.em as unknown as SqlEntityManager;
  const walkByTime = isSqlite(ctx.em) && (await walksFaster(em, actor));
  for await (const rows of pages(async (position) => {
    // Plain rows: nothing enters the identity map, nothing is kept between pages.
    const qb = em
      .createQueryBuilder(AuditEntry, 'a')
      .select([...ACTIVITY_FIELDS])
      .where({ $and: [mine, position] } as QBFilterQuery<AuditEntry>)
      .orderBy([...OLDEST_FIRST])
      .limit(PAGE);
    if (walkByTime) qb.indexHint('indexed by `audit_entries_created_at_id_index`');
    const found = await qb.execute<ActivityRow[]>('all', true);
    for (const row of found) row.createdAt = new Date(row.createdAt);
    return found;
  })) {
    const visible = await visibleAmong(
      ctx,
      actor,
      rows.filter((r) => r.entityType !== 'user'),
    );
    const shown = rows.filter((r) => r.entityType === 'user' || visible.has(r.id));
    if (shown.length) yield shown;
  }
}

/**
 * The files the actor uploaded, oldest first, a page at a time (theirs wherever they are: a task they
 * may no longer read included, as their comments are).
 */
export async function* myAttachments(ctx: ServiceContext): AsyncGenerator<PlainRow<Attachment>[]> {
  const actor = requireActor(ctx);
  yield* pages((position) =>
    readPlainRows(ctx.em, Attachment, { $and: [{ uploadedById: actor.id }, position] } as FilterQuery<Attachment>, { orderBy: [...OLDEST_FIRST], limit: PAGE }),
  );
}
