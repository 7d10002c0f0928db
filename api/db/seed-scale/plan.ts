/**
 * The size of the company npm run seed:scale builds: factor 1 is an organisation after two years (500
 * people under 25 managers, 100,000 tasks over 730 days, ...); a factor scales every count.
 */
export interface ScalePlan {
  factor: number;
  managers: number;
  /** People besides the managers, each reporting to one of them. */
  people: number;
  projects: number;
  /** Every task, the demo accounts' included. */
  tasks: number;
  /** Of `tasks`, those the demo `user` and the demo `manager` own (each). */
  demoTasksEach: number;
  subtasks: number;
  comments: number;
  /** Every audit entry written: one per task, subtask and comment created, the rest task changes. */
  auditEntries: number;
  /** How far back the company's work goes. */
  days: number;
}

export const FULL_SIZE = {
  managers: 25,
  people: 500,
  projects: 200,
  tasks: 100_000,
  demoTasksEach: 2_000,
  subtasks: 50_000,
  comments: 100_000,
  auditEntries: 1_000_000,
  days: 730,
} as const;

const scaled = (n: number, factor: number, min: number): number => Math.max(min, Math.round(n * factor));

/** The counts for a factor (0 < factor <= 10); every kind of row keeps at least one. */
export function planFor(factor: number): ScalePlan {
  if (!Number.isFinite(factor) || factor <= 0 || factor > 10) throw new RangeError(`--factor must be a number above 0 and at most 10, got ${factor}`);
  const tasks = scaled(FULL_SIZE.tasks, factor, 3);
  const subtasks = scaled(FULL_SIZE.subtasks, factor, 1);
  const comments = scaled(FULL_SIZE.comments, factor, 1);
  return {
    factor,
    managers: scaled(FULL_SIZE.managers, factor, 1),
    people: scaled(FULL_SIZE.people, factor, 1),
    projects: scaled(FULL_SIZE.projects, factor, 1),
    tasks,
    demoTasksEach: Math.min(Math.floor(tasks / 3), scaled(FULL_SIZE.demoTasksEach, factor, 1)),
    subtasks,
    comments,
    // Never fewer than the creations themselves: every task, subtask and comment has its entry.
    auditEntries: Math.max(tasks + subtasks + comments, scaled(FULL_SIZE.auditEntries, factor, 1)),
    days: FULL_SIZE.days,
  };
}
