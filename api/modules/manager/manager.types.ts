import { Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Task } from '../task/task.entity.js';
import { TaskStatus } from '../task/task.enums.js';
import { User } from '../user/user.entity.js';

@ObjectType({ description: "One reportee's tasks on the dashboard: at most 5, then remainingCount ('...and N more tasks')" })
export class PersonTaskGroup {
  @Field(() => User) user!: User;
  @Field(() => [Task]) tasks!: Task[];
  @Field(() => Int) totalCount!: number;
  @Field(() => Int) remainingCount!: number;
}

@ObjectType({ description: 'Reportee tasks of one status (missing reads as PLANNED, Completed as DONE): at most 5, then remainingCount' })
export class StatusTaskGroup {
  @Field(() => TaskStatus) status!: TaskStatus;
  @Field(() => [Task]) tasks!: Task[];
  @Field(() => Int) totalCount!: number;
  @Field(() => Int) remainingCount!: number;
}

@ObjectType({ description: 'The figures and groups of the manager dashboard, over the tasks assigned to the reportees' })
export class ManagerDashboard {
  @Field(() => Int, { description: 'Direct reports (for admins: every other active user)' }) teamMembers!: number;
  @Field(() => Int) totalTasks!: number;
  @Field(() => Int) completedTasks!: number;
  @Field(() => Int, { description: 'completedTasks / totalTasks as a whole percentage (0 without tasks)' }) completionPercentage!: number;
  @Field(() => Int, { description: 'Due before today and not done' }) overdueTasks!: number;
  @Field(() => [Task], { description: 'The 10 most recently updated' }) recentTasks!: Task[];
  @Field(() => [PersonTaskGroup], { description: 'The first 100 reportees by name, each with their tasks' }) byPerson!: PersonTaskGroup[];
  @Field(() => [StatusTaskGroup]) byStatus!: StatusTaskGroup[];
}

@ObjectType({ description: "One reportee's day on the Today tab: today's tasks against their daily capacity" })
export class ReporteeDay {
  @Field(() => User) user!: User;
  @Field(() => Float, { description: "The reportee's daily capacity in hours (default 8)" }) capacityHours!: number;
  @Field(() => Float, { description: 'Sum of estimatedHours of the tasks scheduled today (finished ones included)' }) plannedHours!: number;
  @Field(() => Boolean, { description: 'plannedHours > capacityHours' }) overCapacity!: boolean;
  @Field(() => [Task], { description: 'Tasks scheduled today: timed ones by scheduledTime first, then the rest' }) tasks!: Task[];
}

@ObjectType({ description: "The Today tab: the reportees' plans for today (the viewer's time zone)" })
export class ManagerToday {
  @Field(() => String, { description: "Today, yyyy-MM-dd in the viewer's zone" }) date!: string;
  @Field(() => [ReporteeDay], { description: 'The first 100 reportees by name' }) people!: ReporteeDay[];
}

@ObjectType({ description: "One reportee's slippage: tasks planned for a day and not finished by its end" })
export class ReporteeSlippage {
  @Field(() => User) user!: User;
  @Field(() => Int, { description: 'Tasks planned for at least one day of the window' }) plannedTasks!: number;
  @Field(() => Int, { description: 'Of those, tasks not finished by the end of a day they were planned for' }) slippedTasks!: number;
  @Field(() => Int, { description: "Days from each slipped task's first slipped day to the day it was finished (or today)" }) totalDaysSlipped!: number;
  @Field(() => Float, { description: 'totalDaysSlipped / slippedTasks, one decimal (0 without slipped tasks)' }) averageDaysSlipped!: number;
}

@ObjectType({ description: 'The Slippage tab, computed from the audit log over whole days before today' })
export class ManagerSlippage {
  @Field(() => Int) days!: number;
  @Field(() => String, { description: 'First day of the window (yyyy-MM-dd)' }) from!: string;
  @Field(() => String, { description: 'Last day of the window: yesterday (yyyy-MM-dd)' }) to!: string;
  @Field(() => [ReporteeSlippage], { description: 'The first 100 reportees by name' }) people!: ReporteeSlippage[];
}

export enum TimeRange {
  WEEK = 'WEEK',
  MONTH = 'MONTH',
}
registerEnumType(TimeRange, { name: 'TimeRange', description: 'A week (Monday to Sunday) or a calendar month' });

@ObjectType({ description: "One reportee's time over the period: minutes planned (estimates of tasks scheduled in it) and spent (time entries)" })
export class ReporteeTime {
  @Field(() => User) user!: User;
  @Field(() => Int, { description: 'Estimated hours of their tasks scheduled in the period, in minutes' }) plannedMinutes!: number;
  @Field(() => Int, { description: 'Minutes of their time entries started in the period (running timers up to now)' }) spentMinutes!: number;
}

@ObjectType({ description: "One project's time over the period, from the reportees' tasks and entries" })
export class ProjectTime {
  @Field(() => String, { nullable: true, description: 'The project as tasks name it; null for tasks without one (and time on deleted tasks)' })
  project!: string | null;
  @Field(() => String, { description: "The project's name, or 'No project'" }) name!: string;
  @Field(() => Int) plannedMinutes!: number;
  @Field(() => Int) spentMinutes!: number;
}

@ObjectType({ description: "The Time tab: planned against spent per reportee and per project for a week or a month (the viewer's time zone)" })
export class ManagerTime {
  @Field(() => TimeRange) range!: TimeRange;
  @Field(() => String, { description: 'First day of the period (yyyy-MM-dd)' }) from!: string;
  @Field(() => String, { description: 'Last day of the period (yyyy-MM-dd)' }) to!: string;
  @Field(() => [ReporteeTime], { description: 'The first 100 reportees by name' }) people!: ReporteeTime[];
  @Field(() => [ProjectTime], { description: 'Projects with time planned or spent, by name; No project last' }) projects!: ProjectTime[];
  @Field(() => Int, { description: 'Planned minutes of the people listed' }) plannedMinutes!: number;
  @Field(() => Int, { description: 'Spent minutes of the people listed' }) spentMinutes!: number;
}
