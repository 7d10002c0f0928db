import { Field, Int, ObjectType } from 'type-graphql';
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

@ObjectType({ description: 'SPEC 2.7: the figures and groups of the manager dashboard, over the tasks assigned to the reportees' })
export class ManagerDashboard {
  @Field(() => Int, { description: 'Direct reports (for admins: every other active user)' }) teamMembers!: number;
  @Field(() => Int) totalTasks!: number;
  @Field(() => Int) completedTasks!: number;
  @Field(() => Int, { description: 'completedTasks / totalTasks as a whole percentage (0 without tasks)' }) completionPercentage!: number;
  @Field(() => Int, { description: 'Due before today and not done' }) overdueTasks!: number;
  @Field(() => [Task], { description: 'The 10 most recently updated' }) recentTasks!: Task[];
  @Field(() => [PersonTaskGroup]) byPerson!: PersonTaskGroup[];
  @Field(() => [StatusTaskGroup]) byStatus!: StatusTaskGroup[];
}
