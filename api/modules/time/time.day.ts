import { Field, Int, ObjectType } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { isAdmin, type Actor } from '../../common/actor.js';
import { badInput, forbidden } from '../../common/errors.js';
import { isId } from '../../common/ids.js';
import { dayKey, firstInstantOf, plannedMinutes } from '../../../schema/domain/task-rules.js';
import { Task } from '../task/task.entity.js';
import { TaskStatus } from '../task/task.enums.js';
import { TASK_SCOPES, taskWhere, type TaskScope } from '../task/task.filter.js';
import { parseDay } from './time.inputs.js';
import { spentByPersonAndProject, type PeopleSql } from './time.report.js';
import { mayReadEntriesOf } from './time.service.js';

/** A day's plan against the time spent (the daily board's header). */
@ObjectType('DayTime', { description: "A day's planned minutes against the minutes spent, for the daily board's scope" })
export class DayTime {
  @Field(() => String, { description: 'The day (yyyy-MM-dd, the viewer time zone)' }) day!: string;
  @Field(() => Int, { description: "The time slots of the day's timed tasks, plus the estimates of its tasks without a time" })
  plannedMinutes!: number;
  @Field(() => Int, { description: 'Time entries started that day by the people in scope (a running timer up to now)' }) spentMinutes!: number;
}

export interface DayTimeRequest {
  day?: unknown;
  scope?: unknown;
  /** A person (their id) or `unassigned`, as the planner's team-member filter narrows the board. */
  assignedToId?: unknown;
}

const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Whose time entries a scope sums (a subquery of user ids), within what the actor may read. */
function peopleOf(actor: Actor, scope: TaskScope, person: string | null): PeopleSql {
  if (person === 'unassigned') return { sql: 'select id from users where 1 = 0', params: [] };
  if (person) return { sql: 'select id from users where id = ?', params: [person] };
  if (scope === 'mine' || actor.role === 'member') return { sql: 'select id from users where id = ?', params: [actor.id] };
  if (scope === 'everyone' && isAdmin(actor)) return { sql: 'select id from users', params: [] };
  // A manager's team, and a manager's "everyone" (whose entries they may read: their reportees').
  return { sql: 'select id from users where manager_id = ? union all select ?', params: [actor.id, actor.id] };
}

/**
 * The daily board's "Planned · Spent" for a day (default today) and the planner's scope (`mine`,
 * `team`, default, or `everyone`), narrowed to one person or to unassigned tasks as its team-member
 * filter is. Planned: the day's plan of the tasks in scope (not Done, scheduled that day in the viewer's
 * zone), each timed task its slots and each untimed one its estimate (plannedMinutes). Spent: the time
 * entries started that day by the people in scope, summed in SQL as the manager's Time tab sums them
 * (time.report). BAD_USER_INPUT for a bad day, scope or person; FORBIDDEN for a person whose entries the
 * viewer may not read (as the entries list).
 */
export async function dayTime(ctx: ServiceContext, raw: DayTimeRequest): Promise<DayTime> {
  const actor = requireActor(ctx);
  const given = typeof raw.day === 'string' ? raw.day.trim() : raw.day;
  const day = given === undefined || given === null || given === '' ? dayKey(ctx.now(), ctx.timeZone) : (parseDay('Day', given), String(given));
  const scopeText = raw.scope === undefined || raw.scope === null || raw.scope === '' ? 'team' : raw.scope;
  if (!TASK_SCOPES.includes(scopeText as TaskScope)) throw badInput(`Scope must be one of: ${TASK_SCOPES.join(', ')}`);
  const scope = scopeText as TaskScope;
  const personText = raw.assignedToId === undefined || raw.assignedToId === null || raw.assignedToId === '' ? null : raw.assignedToId;
  if (personText !== null && personText !== 'unassigned' && !(typeof personText === 'string' && isId(personText))) {
    throw badInput('Assignee must be a user id or unassigned');
  }
  const person = personText as string | null;
  if (person && person !== 'unassigned' && !(await mayReadEntriesOf(ctx, person))) {
    throw forbidden(actor.role === 'member' ? 'You can only see your own time entries' : 'You can only see your own time entries and those of your reportees');
  }

  const begin = firstInstantOf(day, ctx.timeZone);
  const end = firstInstantOf(nextDay(day), ctx.timeZone);
  const inScope = taskWhere(ctx, actor, { scope, assignedToId: person ?? undefined });
  const [tasks, spent] = await Promise.all([
    // A fork of its own: partial rows must not stand in for whole ones in the request's identity map.
    ctx.em
      .fork()
      .find(
        Task,
        { $and: [inScope, { scheduledDate: { $gte: begin, $lt: end } }, { status: { $ne: TaskStatus.DONE } }] },
        { fields: ['scheduledTime', 'estimatedHours'] },
      ),
    spentByPersonAndProject(ctx.em, peopleOf(actor, scope, person), begin, end, ctx.now()),
  ]);
  return {
    day,
    plannedMinutes: tasks.reduce((sum, t) => sum + plannedMinutes(t), 0),
    spentMinutes: spent.reduce((sum, g) => sum + g.minutes, 0),
  };
}
