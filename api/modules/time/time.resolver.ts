import { Arg, Ctx, Field, FieldResolver, ID, InputType, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { User } from '../user/user.entity.js';
import { ViewerCan } from '../../graphql/viewer-can.js';
import { loadUser } from '../task/index.js';
import { Task } from '../task/task.entity.js';
import { canReadTask } from '../task/task.policy.js';
import { TimeEntry } from './time.entity.js';
import * as time from './time.service.js';
import { DayTime, dayTime } from './time.day.js';

@InputType({ description: 'Which time entries to list (every part optional; days in the viewer time zone, yyyy-MM-dd)' })
export class TimeEntryFilter {
  @Field(() => String, { nullable: true }) from?: string | null;
  @Field(() => String, { nullable: true }) to?: string | null;
  @Field(() => ID, { nullable: true }) userId?: string | null;
  @Field(() => ID, { nullable: true }) projectId?: string | null;
  @Field(() => ID, { nullable: true }) taskId?: string | null;
}

/** GraphQL adapter of the time service (docs/API.md, Time). */
@Resolver(() => TimeEntry)
export class TimeEntryResolver {
  @Query(() => TimeEntry, { nullable: true, description: 'The running timer of the viewer, or null' })
  runningTimer(@Ctx() ctx: ServiceContext): Promise<TimeEntry | null> {
    return time.runningTimer(ctx);
  }

  @Query(() => DayTime, {
    description:
      "A day's planned minutes against the minutes spent (the daily board's header): day yyyy-MM-dd (default today), the planner's scope (mine, team, everyone; default team), optionally one person or unassigned",
  })
  dayTime(
    @Ctx() ctx: ServiceContext,
    @Arg('day', () => String, { nullable: true }) day?: string | null,
    @Arg('scope', () => String, { nullable: true }) scope?: string | null,
    @Arg('assignedToId', () => ID, { nullable: true }) assignedToId?: string | null,
  ): Promise<DayTime> {
    return dayTime(ctx, { day, scope, assignedToId });
  }

  @Query(() => [TimeEntry], { description: 'Time entries the viewer may read (own; a manager also those of direct reports; an admin all), newest first' })
  timeEntries(@Ctx() ctx: ServiceContext, @Arg('filter', () => TimeEntryFilter, { nullable: true }) filter?: TimeEntryFilter | null): Promise<TimeEntry[]> {
    return time.listTimeEntries(ctx, filter ?? {});
  }

  @Mutation(() => TimeEntry, { description: 'Starts a timer for the viewer on a task they may read, stopping their running one first' })
  startTimer(@Ctx() ctx: ServiceContext, @Arg('taskId', () => ID) taskId: string): Promise<TimeEntry> {
    return time.startTimer(ctx, taskId);
  }

  @Mutation(() => TimeEntry, { nullable: true, description: 'Stops the running timer of the viewer; returns it (null when none ran)' })
  stopTimer(@Ctx() ctx: ServiceContext): Promise<TimeEntry | null> {
    return time.stopTimer(ctx);
  }

  @Mutation(() => TimeEntry, { description: 'Adds time spent on a task by hand: a day (yyyy-MM-dd) and 1 to 1440 minutes' })
  addTimeEntry(
    @Ctx() ctx: ServiceContext,
    @Arg('taskId', () => ID) taskId: string,
    @Arg('date', () => String) date: string,
    @Arg('minutes', () => Int) minutes: number,
    @Arg('note', () => String, { nullable: true }) note?: string | null,
  ): Promise<TimeEntry> {
    return time.addTimeEntry(ctx, taskId, { date, minutes, note });
  }

  @Mutation(() => TimeEntry, { description: 'Changes a time entry (its owner, or an admin): only the fields given; an empty note clears it' })
  updateTimeEntry(
    @Ctx() ctx: ServiceContext,
    @Arg('id', () => ID) id: string,
    @Arg('date', () => String, { nullable: true }) date?: string | null,
    @Arg('minutes', () => Int, { nullable: true }) minutes?: number | null,
    @Arg('note', () => String, { nullable: true }) note?: string | null,
  ): Promise<TimeEntry> {
    return time.updateTimeEntry(ctx, id, { date, minutes, note });
  }

  @Mutation(() => ID, { description: 'Deletes a time entry (its owner, or an admin); returns its id' })
  deleteTimeEntry(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<string> {
    return time.deleteTimeEntry(ctx, id);
  }

  @FieldResolver(() => String, { description: 'Its day (yyyy-MM-dd) in the viewer time zone' })
  date(@Root() entry: TimeEntry, @Ctx() ctx: ServiceContext): string {
    return time.dayOf(ctx, entry);
  }

  @FieldResolver(() => Boolean, { description: 'True while the timer runs' })
  running(@Root() entry: TimeEntry): boolean {
    return entry.endedAt === null;
  }

  @FieldResolver(() => Int, { description: 'Minutes it counts now: its minutes, or the running time so far' })
  spentMinutes(@Root() entry: TimeEntry, @Ctx() ctx: ServiceContext): number {
    return time.spentMinutes(entry, ctx.now());
  }

  @FieldResolver(() => Task, { nullable: true, description: 'Its task (null when gone or not readable by the viewer)' })
  async task(@Root() entry: TimeEntry, @Ctx() ctx: ServiceContext): Promise<Task | null> {
    const task = await ctx.loaders.task.load(entry.taskId);
    return task && canReadTask(requireActor(ctx), task) ? task : null;
  }

  @FieldResolver(() => User, { nullable: true, description: 'Whose time it is (null if the user no longer exists)' })
  user(@Root() entry: TimeEntry, @Ctx() ctx: ServiceContext): User | null | Promise<User | null> {
    return loadUser(ctx, entry.userId);
  }

  @FieldResolver(() => ViewerCan, { description: 'update and delete: its owner and admins' })
  viewerCan(@Root() entry: TimeEntry, @Ctx() ctx: ServiceContext): ViewerCan {
    return time.entryPermissions(ctx, entry);
  }
}

/** A task's time spent: the time module's, so the task module need not know time entries. */
@Resolver(() => Task)
export class TaskTimeResolver {
  @FieldResolver(() => Int, { description: 'Minutes spent on it so far, by everyone: stopped entries and running timers (batched)' })
  timeSpentMinutes(@Root() task: Task, @Ctx() ctx: ServiceContext): Promise<number> {
    return time.timeSpentOn(ctx, task.id);
  }
}
