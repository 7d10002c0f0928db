import { dayKey, daysBetween, isFinished } from '../../../schema/domain/task-rules.js';

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
 */
export function taskSlippage(task: PlanTask, changes: PlanChange[], today: string, days: number, timeZone: string): { planned: boolean; slip: TaskSlip | null } {
  const dayOf = (value: unknown): string | null => (value ? dayKey(new Date(value as string), timeZone) : null);
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
  const createdDay = dayKey(task.createdAt, timeZone);
  const changeDays = changes.map((c) => dayKey(c.createdAt, timeZone));

  const endOf = (day: string): PlanState => {
    let s = initial;
    for (let i = 0; i < changes.length && changeDays[i] <= day; i++) s = after[i];
    return s;
  };

  let planned = false;
  let firstSlipped: string | null = null;
  for (let day = addDays(today, -days); day < today; day = addDays(day, 1)) {
    if (day < createdDay) continue;
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
  for (let day = addDays(firstSlipped, 1); day < today; day = addDays(day, 1)) {
    if (endOf(day).finished) {
      finishedOn = day;
      break;
    }
  }
  return { planned: true, slip: { firstSlippedDay: firstSlipped, daysSlipped: daysBetween(firstSlipped, finishedOn) } };
}

export { addDays };
