import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { badInput } from '../../common/errors.js';
import { dayKey } from '../../../schema/domain/task-rules.js';
import type { User } from '../user/user.entity.js';
import { parseDay } from '../time/time.inputs.js';
import { spentByPersonAndProject } from '../time/time.report.js';
import { addDays, firstInstantOf } from './manager.insight.js';
import { plannedHoursByProject, reporteeIdsSql } from './manager.queries.js';
import { listReportees, type PeopleShown } from './manager.service.js';

/** The periods the Time tab compares over: a week (Monday to Sunday) or a calendar month. */
export const TIME_RANGES = ['WEEK', 'MONTH'] as const;
export type TimeRangeValue = (typeof TIME_RANGES)[number];

/** What a project row is called when its tasks have none (or the task is gone). */
export const NO_PROJECT = 'No project';

export interface PlannedSpent {
  plannedMinutes: number;
  spentMinutes: number;
}

export interface ReporteeTimeData extends PlannedSpent {
  user: User;
}

export interface ProjectTimeData extends PlannedSpent {
  /** The project's name as tasks store it; null for none. */
  project: string | null;
  /** The project's name, or "No project". */
  name: string;
}

export interface TimeData extends PlannedSpent {
  range: TimeRangeValue;
  /** First and last day of the period (yyyy-MM-dd, the viewer's zone). */
  from: string;
  to: string;
  people: ReporteeTimeData[];
  projects: ProjectTimeData[];
}

/** WEEK or MONTH (any case, as REST's `range=week`). BAD_USER_INPUT otherwise. */
export function parseTimeRange(value: unknown): TimeRangeValue {
  const upper = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (!(TIME_RANGES as readonly string[]).includes(upper)) throw badInput('Range must be week or month');
  return upper as TimeRangeValue;
}

/** The week (from its Monday) or the month holding `day`: its first and last day. */
export function periodOf(range: TimeRangeValue, day: string): { from: string; to: string } {
  if (range === 'WEEK') {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const from = addDays(day, -((weekday + 6) % 7));
    return { from, to: addDays(from, 6) };
  }
  const from = `${day.slice(0, 8)}01`;
  const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  const to = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { from, to };
}

/**
 * The Time tab: per reportee (every one, or the first `shown.people`) the minutes planned (estimated
 * hours of their tasks scheduled in the period, as the Today tab counts a day) and spent (their time
 * entries started in the period; running timers up to now), per project of those tasks and entries,
 * and the totals. The period is the week (Monday to Sunday) or the month holding `start` (default
 * today), its days in the viewer's zone. Both sums are GROUP BYs over the reportees' rows. FORBIDDEN for
 * members; BAD_USER_INPUT for another range or a bad day, before anything is read.
 */
export async function managerTime(ctx: ServiceContext, rawRange: unknown, rawStart: unknown, shown: PeopleShown = {}): Promise<TimeData> {
  const actor = requireActor(ctx);
  const range = parseTimeRange(rawRange);
  const day = rawStart === undefined || rawStart === null || rawStart === '' ? dayKey(ctx.now(), ctx.timeZone) : String(rawStart).trim();
  if (rawStart !== undefined && rawStart !== null && rawStart !== '') parseDay('Start', rawStart);
  const reportees = (await listReportees(ctx)).slice(0, shown.people);
  const { from, to } = periodOf(range, day);
  const begin = firstInstantOf(from, ctx.timeZone);
  const end = firstInstantOf(addDays(to, 1), ctx.timeZone);
  const scope = reporteeIdsSql(ctx.em, actor, shown.people);
  const [planned, spent] = reportees.length
    ? await Promise.all([plannedHoursByProject(ctx.em, scope, begin, end), spentByPersonAndProject(ctx.em, scope, begin, end, ctx.now())])
    : [[], []];
  const perPerson = new Map<string, PlannedSpent>();
  const perProject = new Map<string | null, PlannedSpent>();
  const add = (map: Map<string | null, PlannedSpent>, key: string | null, part: keyof PlannedSpent, minutes: number) => {
    const sums = map.get(key) ?? { plannedMinutes: 0, spentMinutes: 0 };
    sums[part] += minutes;
    map.set(key, sums);
  };
  for (const p of planned) {
    const minutes = Math.round(p.hours * 60);
    const project = p.project?.trim() ? p.project : null;
    add(perPerson as Map<string | null, PlannedSpent>, p.assigneeId, 'plannedMinutes', minutes);
    add(perProject, project, 'plannedMinutes', minutes);
  }
  for (const s of spent) {
    add(perPerson as Map<string | null, PlannedSpent>, s.userId, 'spentMinutes', s.minutes);
    add(perProject, s.project, 'spentMinutes', s.minutes);
  }
  const people = reportees.map((user) => ({ user, ...(perPerson.get(user.id) ?? { plannedMinutes: 0, spentMinutes: 0 }) }));
  // Projects by name, "No project" last.
  const projects = [...perProject.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
    .map(([project, sums]) => ({ project, name: project ?? NO_PROJECT, ...sums }));
  return {
    range,
    from,
    to,
    people,
    projects,
    plannedMinutes: people.reduce((sum, p) => sum + p.plannedMinutes, 0),
    spentMinutes: people.reduce((sum, p) => sum + p.spentMinutes, 0),
  };
}
