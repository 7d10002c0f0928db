import { addDays, type PlannerTask, taskDay } from '../planner';

/** Weekday of a day key (0 Sunday .. 6 Saturday). */
export const weekdayOf = (day: string): number => new Date(`${day}T12:00:00Z`).getUTCDay();

/** The Monday on or before a day (weeks start on Monday). */
export const weekStart = (day: string): string => addDays(day, -((weekdayOf(day) + 6) % 7));

/** The seven days Monday to Sunday of the week holding `day`. */
export const weekDays = (day: string): string[] => {
  const monday = weekStart(day);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
};

/** The first day of the month holding `day`. */
export const monthStart = (day: string): string => `${day.slice(0, 8)}01`;

/** A month moved by whole months (its first day). */
export function addMonths(day: string, months: number): string {
  const [y, m] = day.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The month grid: whole weeks Monday to Sunday covering the month of `day` (5 or 6 rows of 7). */
export function monthGrid(day: string): string[] {
  const first = monthStart(day);
  const next = addMonths(first, 1);
  const days: string[] = [];
  for (let d = weekStart(first); d < next || weekdayOf(d) !== 1; d = addDays(d, 1)) days.push(d);
  return days;
}

/** Tasks grouped by their scheduled day (viewer's zone), each day by time then title. */
export function tasksByDay(tasks: PlannerTask[], from: string, to: string): Map<string, PlannerTask[]> {
  const days = new Map<string, PlannerTask[]>();
  for (const task of tasks) {
    if (!task.scheduledDate) continue;
    const day = taskDay(task.scheduledDate);
    if (day < from || day > to) continue;
    const list = days.get(day);
    if (list) list.push(task);
    else days.set(day, [task]);
  }
  for (const list of days.values())
    list.sort((a, b) => (a.scheduledTime ?? '99:99').localeCompare(b.scheduledTime ?? '99:99') || a.title.localeCompare(b.title));
  return days;
}

/** The panel's tasks: not scheduled on any day and not finished. */
export const isUnscheduled = (task: PlannerTask): boolean => !task.scheduledDate && task.status !== 'DONE';

export const dayDropId = (day: string) => `day:${day}`;
export const PANEL_DROP_ID = 'panel:unscheduled';
export const isDayDrop = (id: string) => id.startsWith('day:');
export const dropDay = (id: string) => id.slice('day:'.length);
