import { dayKey, daysBetween, firstInstantOf, isFinished } from '../../../schema/domain/task-rules.js';

/** A task's state that matters for slippage: the day it is planned for and whether it is finished. */
interface PlanState {
  day: string | null;
  finished: boolean;
}

/** One audit entry of a task, reduced to what slippage needs (old values of scheduledDate/status). */
export interface PlanChange {
  createdAt: Date;
  action: string;
  oldValues: Record<string, unknown>;
}

/** The task as it is now. */
export interface PlanTask {
  createdAt: Date;
  scheduledDate: Date | null;
  status: string | null;
}

export interface TaskSlip {
  /** The first day in the window the task was planned for and not finished by its end. */
  firstSlippedDay: string;
  /** Days from that day to the day it was finished (or to today when it is still open). */
  daysSlipped: number;
}

const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Whether a task slipped within the `days` whole days before today, and by how many days, from its
 * current state and its audit entries (oldest first; only entries from a day before the window on
 * are needed, older state is rebuilt backwards from the current one).
 *
 * A task is planned for day D when at some moment of D (as it began, or after a change made on D)
 * its scheduled day was D and it was not finished; it slipped on D when it was not finished at the
 * end of D. Days slipped run from the first slipped day to the day it was finished, else to today.
 * `dayKeyOf` is dayKey in `timeZone` (dayKeysBetween answers it faster for many tasks).
 */
export function taskSlippage(
  task: PlanTask,
  changes: PlanChange[],
  today: string,
  days: number,
  timeZone: string,
  dayKeyOf: (instant: Date) => string = (instant) => dayKey(instant, timeZone),
): { planned: boolean; slip: TaskSlip | null } {
  const dayOf = (value: unknown): string | null => (value ? dayKeyOf(new Date(value as string)) : null);
  // Walk backwards from the current state: after[i] is the state right after change i.
  const after: PlanState[] = new Array(changes.length);
  let state: PlanState = { day: dayOf(task.scheduledDate), finished: isFinished(task.status) };
  for (let i = changes.length - 1; i >= 0; i--) {
    after[i] = state;
    const old = changes[i].oldValues;
    state = {
      day: 'scheduledDate' in old ? dayOf(old.scheduledDate) : state.day,
      finished: 'status' in old ? isFinished(old.status as string | null) : state.finished,
    };
  }
  const initial = state; // before the first loaded change (or since creation when there is none)
  const created = changes.some((c) => c.action === 'created');
  const createdDay = dayKeyOf(task.createdAt);
  const changeDays = changes.map((c) => dayKeyOf(c.createdAt));

  const endOf = (day: string): PlanState => {
    let s = initial;
    for (let i = 0; i < changes.length && changeDays[i] <= day; i++) s = after[i];
    return s;
  };

  // Only a day some state is scheduled for can be planned, and the state at a day's end changes only on
  // days with changes: those days, in order, answer as walking every day of the window would.
  const from = addDays(today, -days);
  const plannedDays = [...new Set([initial.day, ...after.map((s) => s.day)])]
    .filter((d): d is string => d !== null && d >= from && d < today && d >= createdDay)
    .sort();
  let planned = false;
  let firstSlipped: string | null = null;
  for (const day of plannedDays) {
    const during: PlanState[] = [];
    if (day > createdDay || !created) during.push(endOf(addDays(day, -1)));
    changeDays.forEach((d, i) => d === day && during.push(after[i]));
    if (!during.some((s) => s.day === day && !s.finished)) continue;
    planned = true;
    if (!endOf(day).finished) {
      firstSlipped = day;
      break;
    }
  }
  if (!firstSlipped) return { planned, slip: null };
  let finishedOn = today;
  const dayAfter = addDays(firstSlipped, 1);
  const finishDays = [...new Set([dayAfter, ...changeDays.filter((d) => d > dayAfter)])].filter((d) => d < today).sort();
  for (const day of finishDays) {
    if (endOf(day).finished) {
      finishedOn = day;
      break;
    }
  }
  return { planned: true, slip: { firstSlippedDay: firstSlipped, daysSlipped: daysBetween(firstSlipped, finishedOn) } };
}

export { addDays };

/** The first instant of a calendar day in a time zone (the shared rule: both sides compare days by it). */
export { firstInstantOf };

/**
 * dayKey in a time zone for many instants, exact between `first` and `last` (days): the days' first
 * instants are found once, then each instant's day is a binary search among them; outside, dayKey.
 * Slippage asks for the day of every audit entry, nearly all distinct instants, and formatting each
 * with Intl was most of its time.
 */
export function dayKeysBetween(first: string, last: string, timeZone: string): (instant: Date) => string {
  if (timeZone === 'UTC') return (instant) => dayKey(instant, timeZone);
  const labels: string[] = [];
  for (let day = first; day <= addDays(last, 1); day = addDays(day, 1)) labels.push(day);
  const starts = labels.map((day) => firstInstantOf(day, timeZone).getTime());
  return (instant) => {
    const t = instant.getTime();
    if (!(t >= starts[0] && t < starts[starts.length - 1])) return dayKey(instant, timeZone);
    let lo = 0;
    let hi = starts.length - 1; // starts[lo] <= t < starts[hi]
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] <= t) lo = mid;
      else hi = mid;
    }
    return labels[lo];
  };
}
