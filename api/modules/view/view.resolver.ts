import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { ViewerCan } from '../../graphql/viewer-can.js';
import { User } from '../user/user.entity.js';
import type { TaskView } from './view.entity.js';
import { ShareTaskViewInput, TaskViewInput } from './view.inputs.js';
import { TaskViewFiltersType, TaskViewType } from './view.types.js';
import * as views from './view.service.js';

const plain = (input: object): Record<string, unknown> => JSON.parse(JSON.stringify(input)) as Record<string, unknown>;

/** GraphQL adapter of the saved-view service. */
@Resolver(() => TaskViewType)
export class TaskViewResolver {
  @Query(() => [TaskViewType], { description: 'Own views, public views and views shared with the viewer' })
  taskViews(@Ctx() ctx: ServiceContext): Promise<TaskView[]> {
    return views.listTaskViews(ctx);
  }

  @Query(() => TaskViewType)
  taskView(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<TaskView> {
    return views.getTaskView(ctx, id);
  }

  @Mutation(() => TaskViewType)
  createTaskView(@Ctx() ctx: ServiceContext, @Arg('input', () => TaskViewInput) input: TaskViewInput): Promise<TaskView> {
    return views.createTaskView(ctx, plain(input));
  }

  @Mutation(() => TaskViewType, { description: 'Owner only' })
  updateTaskView(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string, @Arg('input', () => TaskViewInput) input: TaskViewInput): Promise<TaskView> {
    return views.updateTaskView(ctx, id, plain(input));
  }

  @Mutation(() => TaskViewType, { description: 'Owner only; sharedWith replaces the previous list' })
  shareTaskView(
    @Ctx() ctx: ServiceContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => ShareTaskViewInput) input: ShareTaskViewInput,
  ): Promise<TaskView> {
    return views.shareTaskView(ctx, id, plain(input));
  }

  @Mutation(() => ID, { description: 'Owner only (admins may delete any view)' })
  deleteTaskView(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<string> {
    return views.deleteTaskView(ctx, id);
  }

  @FieldResolver(() => TaskViewFiltersType)
  filters(@Root() view: TaskView): TaskViewFiltersType {
    return views.viewJson(view).filters;
  }

  @FieldResolver(() => User, { nullable: true })
  createdBy(@Root() view: TaskView, @Ctx() ctx: ServiceContext): Promise<User | null> {
    return ctx.loaders.user.load(view.createdById);
  }

  @FieldResolver(() => ViewerCan)
  viewerCan(@Root() view: TaskView, @Ctx() ctx: ServiceContext): ViewerCan {
    return views.viewPermissions(ctx, view);
  }
}
