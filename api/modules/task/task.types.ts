import { Field, Int, ObjectType } from 'type-graphql';
import { Task } from './task.entity.js';
import { PageInfo } from '../../graphql/connection.js';

@ObjectType()
export class SubtaskCount {
  @Field(() => Int) total!: number;
  @Field(() => Int) done!: number;
}

@ObjectType()
export class TaskEdge {
  @Field(() => String) cursor!: string;
  @Field(() => Task) node!: Task;
}

@ObjectType()
export class TaskConnection {
  @Field(() => [TaskEdge]) edges!: TaskEdge[];
  @Field(() => [Task]) nodes!: Task[];
  @Field(() => PageInfo) pageInfo!: PageInfo;
  @Field(() => Int) totalCount!: number;
  @Field(() => Int, {
    description:
      "The board event log's newest seq, read before the tasks: subscribe to boardEvents(since: latestSeq) and no change made after this page was read is missed",
  })
  latestSeq!: number;
}
