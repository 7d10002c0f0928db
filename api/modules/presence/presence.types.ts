import { Field, ID, ObjectType } from 'type-graphql';
import { User } from '../user/user.entity.js';

@ObjectType({ description: 'Someone else who has a task open now' })
export class PresenceViewer {
  @Field(() => User)
  user!: User;

  @Field(() => Boolean, { description: 'Whether they have unsaved changes in the task form' })
  editing!: boolean;

  @Field(() => Date, { description: 'When they opened the task' })
  since!: Date;
}

@ObjectType({ description: 'Who else has a task open now (the viewer is never listed)' })
export class TaskPresence {
  @Field(() => ID)
  taskId!: string;

  @Field(() => [PresenceViewer], { description: 'Oldest first; empty when nobody else has it open' })
  viewers!: PresenceViewer[];
}
