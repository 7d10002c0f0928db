import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { Task } from '../task/task.entity.js';
import { quickAddTask } from './quick-add.service.js';

/** GraphQL adapter of quick add. */
@Resolver()
export class QuickAddResolver {
  @Mutation(() => Task, {
    description:
      'Creates a task from one quick-add line, e.g. "Review PR tomorrow 2pm 45m #website-relaunch !high @uri" (read in the X-Time-Zone of the request)',
  })
  quickAddTask(@Ctx() ctx: ServiceContext, @Arg('text', () => String) text: string): Promise<Task> {
    return quickAddTask(ctx, text);
  }
}
