import type { EntityManager } from '@mikro-orm/core';
import { dayKey, isFinished } from '../../../schema/domain/task-rules.js';
import { Task } from '../task/task.entity.js';
import { deliveriesFor, settingsOf, type Delivery, type NotificationDraft } from './notification.service.js';

const DAY_MS = 86_400_000;
/** How far back a missed overdue reminder is still made (the scheduler was down on the day after). */
export const OVERDUE_LOOKBACK_DAYS = 7;

/**
 * The reminders due at `now` (issue 18), before de-duplication: for every open task with an assignee
 * and a due date, in the assignee's time zone, 'due' when it is due today, and 'overdue' once after
 * its due day (keyed by the due day, so a missed day still gets it once, within a week). Each carries
 * its unique key user:task:kind:day; the assignee's settings decide in-app and email.
 */
export async function reminderDeliveries(em: EntityManager, now: Date, emailAvailable: boolean): Promise<Delivery[]> {
  // Every zone is within 14 hours of UTC: this window covers "today" and the lookback anywhere.
  const tasks = await em.find(
    Task,
    {
      dueDate: { $gte: new Date(now.getTime() - (OVERDUE_LOOKBACK_DAYS + 2) * DAY_MS), $lte: new Date(now.getTime() + 2 * DAY_MS) },
      assignedToId: { $ne: null },
    },
    { fields: ['id', 'title', 'dueDate', 'assignedToId', 'status'], orderBy: { dueDate: 'asc', id: 'asc' } },
  );
  const open = tasks.filter((t) => !isFinished(t.status) && t.dueDate && t.assignedToId);
  if (open.length === 0) return [];
  const settings = await settingsOf(em, [...new Set(open.map((t) => t.assignedToId!))]);
  const drafts: NotificationDraft[] = [];
  for (const task of open) {
    const userId = task.assignedToId!;
    const zone = settings.get(userId)!.timeZone;
    const today = dayKey(now, zone);
    const dueDay = dayKey(new Date(task.dueDate!), zone);
    const oldest = dayKey(new Date(now.getTime() - OVERDUE_LOOKBACK_DAYS * DAY_MS), zone);
    const base = { userId, task: { id: task.id, title: task.title }, actorId: null, at: now };
    if (dueDay === today) {
      drafts.push({ ...base, kind: 'due', message: `"${task.title}" is due today`, dedupeKey: `${userId}:${task.id}:due:${today}` });
    } else if (dueDay < today && dueDay >= oldest) {
      drafts.push({
        ...base,
        kind: 'overdue',
        message: `"${task.title}" is overdue (it was due ${dueDay})`,
        dedupeKey: `${userId}:${task.id}:overdue:${dueDay}`,
      });
    }
  }
  return deliveriesFor(em, drafts, emailAvailable);
}
