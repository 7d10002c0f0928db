import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { ViewerCan } from '../../graphql/viewer-can.js';
import { Task } from '../task/task.entity.js';
import { User } from '../user/user.entity.js';
import { TaskTemplate, TemplateSubtask } from './template.entity.js';
import { TaskTemplateInput } from './template.inputs.js';
import * as templates from './template.service.js';

/** GraphQL adapter of the template service. */
@Resolver(() => TaskTemplate)
export class TaskTemplateResolver {
  @Query(() => [TaskTemplate])
  taskTemplates(@Ctx() ctx: ServiceContext): Promise<TaskTemplate[]> {
    return templates.listTemplates(ctx);
  }

  @Query(() => TaskTemplate)
  taskTemplate(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<TaskTemplate> {
    return templates.getTemplate(ctx, id);
  }

  @Mutation(() => TaskTemplate, { description: 'Admins only' })
  createTaskTemplate(@Ctx() ctx: ServiceContext, @Arg('input', () => TaskTemplateInput) input: TaskTemplateInput): Promise<TaskTemplate> {
    return templates.createTemplate(ctx, { ...input, ...(input.subtasks ? { subtasks: input.subtasks.map((s) => ({ ...s })) } : {}) });
  }

  @Mutation(() => TaskTemplate, { description: 'Admins only; sending subtasks replaces them' })
  updateTaskTemplate(
    @Ctx() ctx: ServiceContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => TaskTemplateInput) input: TaskTemplateInput,
  ): Promise<TaskTemplate> {
    return templates.updateTemplate(ctx, id, { ...input, ...(input.subtasks ? { subtasks: input.subtasks.map((s) => ({ ...s })) } : {}) });
  }

  @Mutation(() => ID, { description: 'Admins only' })
  deleteTaskTemplate(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<string> {
    return templates.deleteTemplate(ctx, id);
  }

  @Mutation(() => Task, { description: "Anyone signed in: a task (with the template's subtasks) for the default assignee when allowed, else for the caller" })
  createTaskFromTemplate(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<Task> {
    return templates.createTaskFromTemplate(ctx, id);
  }

  @FieldResolver(() => [TemplateSubtask])
  subtasks(@Root() template: TaskTemplate, @Ctx() ctx: ServiceContext): Promise<TemplateSubtask[]> {
    return templates.listTemplateSubtasks(ctx, template.id);
  }

  @FieldResolver(() => User, { nullable: true })
  defaultAssignee(@Root() template: TaskTemplate, @Ctx() ctx: ServiceContext): Promise<User | null> {
    return template.defaultAssigneeId ? ctx.loaders.user.load(template.defaultAssigneeId) : Promise.resolve(null);
  }

  @FieldResolver(() => ViewerCan)
  viewerCan(@Ctx() ctx: ServiceContext): ViewerCan {
    return templates.templatePermissions(ctx);
  }
}
