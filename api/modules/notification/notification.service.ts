import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { badInput, notFound } from '../../common/errors.js';
import { isId } from '../../common/ids.js';
import { LIMITS, isFinished } from '../../../schema/domain/task-rules.js';
import { User } from '../user/user.entity.js';
import { Task } from '../task/task.entity.js';
import type { AuditEntry } from '../audit/audit.entity.js';
import { displayName } from '../audit/audit.service.js';
import { Notification, NotificationSettings } from './notification.entity.js';
import { defaultSettings, NOTIFICATION_KINDS, type NotificationKindValue, type NotificationSettingsMap } from './notification.kinds.js';
import { isOwnNotification } from './notification.policy.js';
import { mentionedIds } from '../../../schema/domain/mentions.js';

/** A notification about to be made for one user, with the channels their settings allow. */
export interface Delivery {
  notification: Notification;
  /** Stored and pushed live (in-app on). */
  push: boolean;
  /** Emailed (email on; only when SMTP_URL is set). */
  email: boolean;
}

/** What a user's settings say, with their reminder time zone. */
export interface UserSettings {
  channels: NotificationSettingsMap;
  timeZone: string;
}

// ---------------------------------------------------------------------------------------------
// Settings

function mergeChannels(stored: NotificationSettings | null | undefined): NotificationSettingsMap {
  const channels = defaultSettings();
  for (const kind of NOTIFICATION_KINDS) {
    const s = stored?.channels?.[kind];
    if (s?.inApp === false) channels[kind].inApp = false;
    if (s?.email === false) channels[kind].email = false;
  }
  return channels;
}

/** The settings of several users (defaults for those who never saved any). */
export async function settingsOf(em: EntityManager, userIds: string[]): Promise<Map<string, UserSettings>> {
  const rows = userIds.length ? await em.find(NotificationSettings, { userId: { $in: [...new Set(userIds)] } }) : [];
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  return new Map(userIds.map((id) => [id, { channels: mergeChannels(byUser.get(id)), timeZone: byUser.get(id)?.timeZone ?? 'UTC' }]));
}

/** A valid IANA zone name (what Intl accepts). */
function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length <= 64;
  } catch {
    return false;
  }
}

/**
 * Records the zone the user's requests come from (X-Time-Zone, the socket's timeZone) as the zone
 * of their reminders; writes only when it changed.
 */
async function rememberZone(ctx: ServiceContext, userId: string): Promise<NotificationSettings> {
  const row = await ctx.em.findOne(NotificationSettings, { userId });
  const zone = validZone(ctx.timeZone) ? ctx.timeZone : 'UTC';
  if (row && row.timeZone === zone) return row;
  // The first row: an upsert, since two first requests of one user (the bell and Settings) arrive together.
  if (!row) return ctx.em.upsert(NotificationSettings, { userId, timeZone: zone, updatedAt: ctx.now() });
  row.timeZone = zone;
  row.updatedAt = ctx.now();
  await ctx.em.flush();
  return row;
}

/** One kind's channels as the API shows them. */
export interface KindPreference {
  kind: NotificationKindValue;
  inApp: boolean;
  email: boolean;
}

export interface NotificationPreferences {
  preferences: KindPreference[];
  /** True when the server can send email (SMTP_URL set). */
  emailAvailable: boolean;
  /** The time zone reminders follow for this user. */
  timeZone: string;
}

const preferencesOf = (ctx: ServiceContext, row: NotificationSettings | null): NotificationPreferences => {
  const channels = mergeChannels(row);
  return {
    preferences: NOTIFICATION_KINDS.map((kind) => ({ kind, ...channels[kind] })),
    emailAvailable: !!ctx.app.config.smtpUrl,
    timeZone: row?.timeZone ?? 'UTC',
  };
};

/** The viewer's notification preferences (every kind, in-app and email). Records their time zone. */
export async function getPreferences(ctx: ServiceContext): Promise<NotificationPreferences> {
  const actor = requireActor(ctx);
  return preferencesOf(ctx, await rememberZone(ctx, actor.id));
}

/**
 * Changes the viewer's preferences: a list of { kind, inApp?, email? } (kinds not listed, and
 * channels not sent, stay as they are). Throws BAD_USER_INPUT for an unknown kind or a non-boolean.
 */
export async function updatePreferences(ctx: ServiceContext, raw: unknown): Promise<NotificationPreferences> {
  const actor = requireActor(ctx);
  if (!Array.isArray(raw)) throw badInput('preferences must be a list of { kind, inApp, email }');
  const changes: { kind: NotificationKindValue; inApp?: boolean; email?: boolean }[] = [];
  for (const item of raw as unknown[]) {
    if (!item || typeof item !== 'object') throw badInput('Each preference must be an object { kind, inApp, email }');
    const { kind, inApp, email } = item as Record<string, unknown>;
    if (typeof kind !== 'string' || !(NOTIFICATION_KINDS as readonly string[]).includes(kind)) {
      throw badInput(`kind must be one of ${NOTIFICATION_KINDS.join(', ')}`);
    }
    for (const [label, value] of [
      ['inApp', inApp],
      ['email', email],
    ] as const) {
      if (value !== undefined && value !== null && typeof value !== 'boolean') throw badInput(`${label} must be true or false`);
    }
    changes.push({
      kind: kind as NotificationKindValue,
      inApp: (inApp ?? undefined) as boolean | undefined,
      email: (email ?? undefined) as boolean | undefined,
    });
  }
  const row = await rememberZone(ctx, actor.id);
  const channels = mergeChannels(row);
  for (const c of changes) {
    if (c.inApp !== undefined) channels[c.kind].inApp = c.inApp;
    if (c.email !== undefined) channels[c.kind].email = c.email;
  }
  row.channels = channels;
  row.updatedAt = ctx.now();
  await ctx.em.flush();
  return preferencesOf(ctx, row);
}

// ---------------------------------------------------------------------------------------------
// Reading and marking

export interface NotificationPage {
  items: Notification[];
  offset: number;
  totalCount: number;
  unreadCount: number;
}

const listed = (userId: string): { userId: string; inApp: true } => ({ userId, inApp: true });

/**
 * The viewer's notifications, newest first (`first` 1 to 500 from `offset`; only unread ones with
 * `unreadOnly`), with the total and unread counts. Records the viewer's time zone for reminders.
 */
export async function listNotifications(
  ctx: ServiceContext,
  page: { first?: number | null; offset?: number; unreadOnly?: boolean | null } = {},
): Promise<NotificationPage> {
  const actor = requireActor(ctx);
  const first = page.first ?? 20;
  if (!Number.isInteger(first) || first < 1 || first > LIMITS.pageMax) throw badInput(`first must be between 1 and ${LIMITS.pageMax}`);
  const offset = page.offset ?? 0;
  await rememberZone(ctx, actor.id);
  const all = listed(actor.id);
  const unread = { ...all, readAt: null } as FilterQuery<Notification>;
  const [items, totalCount, unreadCount] = await Promise.all([
    ctx.em.find(Notification, page.unreadOnly ? unread : all, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: first, offset }),
    ctx.em.count(Notification, page.unreadOnly ? unread : all),
    ctx.em.count(Notification, unread),
  ]);
  return { items, offset, totalCount, unreadCount };
}

/**
 * Marks the viewer's notifications read: the given ids, or all of them when none are given. Throws
 * BAD_USER_INPUT for a malformed id and NOT_FOUND (changing nothing) when an id is not one of the
 * viewer's notifications. Returns the viewer's unread count afterwards.
 */
export async function markNotificationsRead(ctx: ServiceContext, ids: unknown): Promise<number> {
  const actor = requireActor(ctx);
  const now = ctx.now();
  if (ids === undefined || ids === null) {
    await ctx.em.nativeUpdate(Notification, { ...listed(actor.id), readAt: null } as FilterQuery<Notification>, { readAt: now });
  } else {
    if (!Array.isArray(ids) || ids.length > LIMITS.pageMax) throw badInput(`ids must be a list of at most ${LIMITS.pageMax} notification ids`);
    const unique = [...new Set(ids as unknown[])];
    if (!unique.every(isId)) throw badInput('ids must be notification ids');
    const found = unique.length ? await ctx.em.find(Notification, { id: { $in: unique as string[] } }) : [];
    if (found.length !== unique.length || !found.every((n) => isOwnNotification(actor, n))) throw notFound('Notification');
    for (const n of found) n.readAt ??= now;
    await ctx.em.flush();
  }
  return ctx.em.count(Notification, { ...listed(actor.id), readAt: null } as FilterQuery<Notification>);
}

/** One of the viewer's notifications (NOT_FOUND for anyone else's). */
export async function getNotification(ctx: ServiceContext, id: string): Promise<Notification> {
  const actor = requireActor(ctx);
  const n = isId(id) ? await ctx.em.findOne(Notification, { id }) : null;
  if (!n || !isOwnNotification(actor, n)) throw notFound('Notification');
  return n;
}

/** The REST shape of a notification. */
export const notificationJson = (n: Notification) => ({
  id: n.id,
  kind: n.kind,
  taskId: n.taskId,
  taskTitle: n.taskTitle,
  commentId: n.commentId,
  message: n.message,
  read: n.readAt !== null,
  createdAt: n.createdAt.toISOString(),
});

// ---------------------------------------------------------------------------------------------
// Making notifications from changes

/** A draft before the recipient's settings are applied. */
interface Draft {
  userId: string;
  kind: NotificationKindValue;
  task: Pick<Task, 'id' | 'title'>;
  /** The comment it is about, if any. */
  commentId?: string | null;
  message: string;
  actorId: string | null;
  at: Date;
  dedupeKey?: string;
}

function parse(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * What an audit entry means for people other than its actor: a task or subtask assigned to
 * someone else ('assigned'), a comment on a task someone else created or is assigned to
 * ('commented'), people a new or edited comment or task description newly mentions ('mentioned', instead
 * of 'commented'; the services stored only mentions of people who can read the task), a file someone else
 * adds to a task or one of its comments, for the task's assignee ('attached'), a task someone else created
 * becoming Done ('completed'). Next occurrences of
 * repeating tasks, deletions and the actor's own work notify nobody.
 */
type Wording = (actorName: string) => string;

/**
 * The people a text mentions that its earlier version did not (a comment's content, a task's
 * description; the services stored only mentions of people who can read the task). An audit entry
 * holds a field only when it changed, so an edit of something else mentions nobody anew.
 */
function newlyMentioned(before: unknown, after: unknown): string[] {
  if (typeof after !== 'string') return [];
  const earlier = new Set(typeof before === 'string' ? mentionedIds(before) : []);
  return mentionedIds(after).filter((id) => !earlier.has(id));
}
type AuditDraft = Omit<Draft, 'at' | 'message'> & { message: Wording };

function draftsFor(entry: AuditEntry, task: Task): AuditDraft[] {
  const actorId = entry.userId;
  const oldValues = parse(entry.oldValues);
  const newValues = parse(entry.newValues);
  const drafts: AuditDraft[] = [];
  const commentId =
    entry.entityType === 'comment' ? entry.entityId : entry.entityType === 'attachment' && typeof newValues.commentId === 'string' ? newValues.commentId : null;
  const add = (userId: unknown, kind: NotificationKindValue, message: Wording) => {
    if (typeof userId !== 'string' || !userId || userId === actorId) return;
    if (drafts.some((d) => d.userId === userId && d.kind === kind)) return;
    drafts.push({ userId, kind, task: { id: task.id, title: task.title }, commentId, message, actorId });
  };
  // The creation of a repeating task's next occurrence: the task's stored relation says so.
  const nextOccurrence = entry.entityType === 'task' && entry.action === 'created' && !!task.repeatedFromTaskId;
  if (entry.action === 'deleted' || nextOccurrence) return drafts;
  const assignedNow = 'assignedToId' in newValues && newValues.assignedToId !== oldValues.assignedToId ? newValues.assignedToId : null;

  if (entry.entityType === 'task') {
    if (assignedNow) add(assignedNow, 'assigned', (actor) => `${actor} assigned you "${task.title}"`);
    for (const id of newlyMentioned(oldValues.description, newValues.description)) {
      add(id, 'mentioned', (actor) => `${actor} mentioned you in the description of "${task.title}"`);
    }
    if ('status' in newValues && isFinished(newValues.status as string) && !isFinished(oldValues.status as string)) {
      add(task.createdById, 'completed', (actor) => `${actor} completed "${task.title}"`);
    }
  } else if (entry.entityType === 'subtask' && (entry.action === 'created' || entry.action === 'updated')) {
    if (assignedNow) {
      const title = typeof newValues.title === 'string' ? newValues.title : null;
      add(assignedNow, 'assigned', (actor) =>
        title ? `${actor} assigned you the subtask "${title}" of "${task.title}"` : `${actor} assigned you a subtask of "${task.title}"`,
      );
    }
  } else if (entry.entityType === 'comment' && (entry.action === 'created' || entry.action === 'updated')) {
    for (const id of newlyMentioned(oldValues.content, newValues.content)) add(id, 'mentioned', (actor) => `${actor} mentioned you on "${task.title}"`);
    if (entry.action === 'created') {
      const commented = (userId: string | null) => {
        if (!drafts.some((d) => d.userId === userId)) add(userId, 'commented', (actor) => `${actor} commented on "${task.title}"`);
      };
      commented(task.createdById);
      commented(task.assignedToId);
    }
  } else if (entry.entityType === 'attachment' && entry.action === 'created') {
    const name = typeof newValues.name === 'string' ? newValues.name : 'a file';
    add(task.assignedToId, 'attached', (actor) => `${actor} attached "${name}" to "${task.title}"`);
  }
  return drafts;
}

/**
 * Several files added in one change make one 'attached' notification per person and task ("… attached
 * 3 files to …"), not one per file.
 */
function oneNoticePerUpload(pending: { draft: AuditDraft }[]): void {
  const first = new Map<string, { draft: AuditDraft; files: number }>();
  for (let i = 0; i < pending.length; i++) {
    const { draft } = pending[i]!;
    if (draft.kind !== 'attached') continue;
    const key = `${draft.userId}:${draft.task.id}`;
    const seen = first.get(key);
    if (!seen) {
      first.set(key, { draft, files: 1 });
      continue;
    }
    seen.files++;
    const files = seen.files;
    seen.draft.message = (actor) => `${actor} attached ${files} files to "${draft.task.title}"`;
    pending.splice(i--, 1);
  }
}

/** Applies the recipients' settings: in-app on makes a stored notification, email on an email. Inactive users get nothing. */
export async function deliveriesFor(em: EntityManager, drafts: Draft[], emailAvailable: boolean): Promise<Delivery[]> {
  if (drafts.length === 0) return [];
  const userIds = [...new Set(drafts.map((d) => d.userId))];
  const [settings, users] = await Promise.all([settingsOf(em, userIds), em.find(User, { id: { $in: userIds } })]);
  const active = new Set(users.filter((u) => u.isActive).map((u) => u.id));
  const deliveries: Delivery[] = [];
  for (const d of drafts) {
    const channels = settings.get(d.userId)!.channels[d.kind];
    const email = emailAvailable && channels.email;
    if (!active.has(d.userId) || (!channels.inApp && !email)) continue;
    const n = new Notification();
    Object.assign(n, {
      userId: d.userId,
      kind: d.kind,
      taskId: d.task.id,
      taskTitle: d.task.title.slice(0, 500),
      commentId: d.commentId ?? null,
      message: d.message.slice(0, 1000),
      actorId: d.actorId,
      createdAt: d.at,
      dedupeKey: d.dedupeKey ?? null,
      inApp: channels.inApp,
    });
    deliveries.push({ notification: n, push: channels.inApp, email });
  }
  return deliveries;
}

/**
 * The notifications a set of newly staged audit entries cause (read in the caller's unit of work
 * while it flushes: the tasks are the ones the change holds). Entries whose task is not loaded in
 * the unit of work (nothing notifiable) are skipped.
 */
export async function deliveriesForAudit(em: EntityManager, entries: AuditEntry[], emailAvailable: boolean): Promise<Delivery[]> {
  const relevant = entries.filter((e) => e.taskId && e.userId && e.action !== 'deleted');
  if (relevant.length === 0) return [];
  const uow = em.getUnitOfWork();
  const pending: { entry: AuditEntry; draft: AuditDraft }[] = [];
  for (const entry of relevant) {
    const task = uow.getById<Task>(Task.name, entry.taskId!) ?? (await em.findOne(Task, { id: entry.taskId! }));
    if (task) for (const draft of draftsFor(entry, task)) pending.push({ entry, draft });
  }
  if (pending.length === 0) return []; // most changes notify nobody: no further query
  oneNoticePerUpload(pending);
  // The actor is usually loaded already (createContext): read only the names not in the unit of work.
  const actorIds = [...new Set(pending.map((p) => p.entry.userId!))];
  const missing = actorIds.filter((id) => !uow.getById<User>(User.name, id));
  if (missing.length) await em.find(User, { id: { $in: missing } });
  const nameOf = (id: string) => displayName(uow.getById<User>(User.name, id) ?? null);
  const drafts: Draft[] = pending.map(({ entry, draft }) => ({ ...draft, message: draft.message(nameOf(entry.userId!)), at: entry.createdAt }));
  return deliveriesFor(em, drafts, emailAvailable);
}

export type { Draft as NotificationDraft };
