import { dayKey } from './task-rules.js';

/** A project is overdue when its end date is past (before today in the viewer's zone) and it is not completed. */
export function isProjectOverdue(project: { endDate?: Date | string | null; status?: string | null }, now: Date, timeZone: string): boolean {
  if (!project.endDate || project.status === 'completed') return false;
  return dayKey(new Date(project.endDate), timeZone) < dayKey(now, timeZone);
}
