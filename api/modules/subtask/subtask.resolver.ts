import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { User } from '../user/user.entity.js';
import { Task } from '../task/task.entity.js';
import { ViewerCan } from '../../graphql/viewer-can.js';
import { loadUser } from '../task/index.js';
import { Subtask } from './subtask.entity.js';
import { SubtaskInput } from './subtask.inputs.js';
import * as subtasks from './subtask.service.js';

/** GraphQL adapter of the subtask service. */
@Resolver(() => Subtask)
export class SubtaskResolver {
  @Query(() => [Subtask], { description: 'The subtasks of a task the viewer may read, oldest first' })
  subtasks(@Ctx() ctx: ServiceContext, @Arg('taskId', () => ID) taskId: string): Promise<Subtask[]> {
    return subtasks.listSubtasks(ctx, taskId);
  }

  @Mutation(() => Subtask)
  createSubtask(@Ctx() ctx: ServiceContext, @Arg('taskId', () => ID) taskId: string, @Arg('input', () => SubtaskInput) input: SubtaskInput): Promise<Subtask> {
    return subtasks.createSubtask(ctx, taskId, { ...input });
  }

  @Mutation(() => Subtask)
  updateSubtask(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string, @Arg('input', () => SubtaskInput) input: SubtaskInput): Promise<Subtask> {
    return subtasks.updateSubtask(ctx, id, { ...input });
  }

  @Mutation(() => ID, { description: 'Deletes a subtask; returns its id' })
  deleteSubtask(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<string> {
    return subtasks.deleteSubtask(ctx, id);
  }

  @Mutation(() => Task, { description: 'Turns a subtask into a task of its own (the subtask is removed); returns the new task' })
  promoteSubtask(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<Task> {
    return subtasks.promoteSubtask(ctx, id);
  }

  @FieldResolver(() => User, { nullable: true })
  assignedTo(@Root() subtask: Subtask, @Ctx() ctx: ServiceContext): User | null | Promise<User | null> {
    return loadUser(ctx, subtask.assignedToId);
  }

  @FieldResolver(() => ViewerCan, { description: 'The same as the write permission on its task' })
  viewerCan(@Root() subtask: Subtask, @Ctx() ctx: ServiceContext): Promise<ViewerCan> {
    return subtasks.subtaskPermissions(ctx, subtask);
  }
}

/** A task's subtasks field: the subtask module's, so the task module need not know subtasks. */
@Resolver(() => Task)
export class TaskSubtasksResolver {
  @FieldResolver(() => [Subtask], { description: 'Its subtasks, oldest first (batched)' })
  subtasks(@Root() task: Task, @Ctx() ctx: ServiceContext): Subtask[] | Promise<Subtask[]> {
    return subtasks.subtasksOf(ctx, task);
  }
}
