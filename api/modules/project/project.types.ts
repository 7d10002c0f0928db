import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: "A project's tasks that the viewer may read: open (not done) and done" })
export class ProjectTaskCounts {
  @Field(() => Int) open!: number;
  @Field(() => Int) done!: number;
}
