import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { ViewerCan } from '../../graphql/viewer-can.js';
import { ProjectTaskCounts } from './project.types.js';
import { User } from '../user/user.entity.js';
import { OrgFunction } from '../org/org.entity.js';
import { Project } from './project.entity.js';
import { ProjectInput } from './project.inputs.js';
import * as projects from './project.service.js';
import { ProjectEvent, projectEventStream } from './project-events.js';

/** GraphQL adapter of the project service. */
@Resolver(() => Project)
export class ProjectResolver {
  @Query(() => [Project], { description: 'Every project, active and inactive, by name' })
  projects(@Ctx() ctx: ServiceContext): Promise<Project[]> {
    return projects.listProjects(ctx);
  }

  @Query(() => Project)
  project(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<Project> {
    return projects.getProject(ctx, id);
  }

  @Mutation(() => Project, { description: 'Anyone signed in' })
  createProject(@Ctx() ctx: ServiceContext, @Arg('input', () => ProjectInput) input: ProjectInput): Promise<Project> {
    return projects.createProject(ctx, { ...input });
  }

  @Mutation(() => Project, { description: 'Admins only; a rename carries over to tasks and templates' })
  updateProject(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string, @Arg('input', () => ProjectInput) input: ProjectInput): Promise<Project> {
    return projects.updateProject(ctx, id, { ...input });
  }

  @Mutation(() => ID, { description: 'Admins only; tasks are kept without a project' })
  deleteProject(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<string> {
    return projects.deleteProject(ctx, id);
  }

  @Subscription(() => ProjectEvent, {
    description:
      'Every project created, updated or deleted, by anyone, with the project as it is now for the viewer. Starts with REFETCH (reload the projects: nothing before the subscription is replayed); REFETCH again when you fell behind.',
    subscribe: ({ context }: SubscribeResolverData<unknown, object, ServiceContext>) => projectEventStream(context),
  })
  projectEvents(@Root() event: ProjectEvent): ProjectEvent {
    return event;
  }

  @FieldResolver(() => Boolean, { description: 'End date past and status not completed' })
  isOverdue(@Root() project: Project, @Ctx() ctx: ServiceContext): boolean {
    return projects.projectOverdue(ctx, project);
  }

  @FieldResolver(() => User, { nullable: true })
  projectManager(@Root() project: Project, @Ctx() ctx: ServiceContext): Promise<User | null> {
    return project.projectManagerId ? ctx.loaders.user.load(project.projectManagerId) : Promise.resolve(null);
  }

  @FieldResolver(() => OrgFunction, { nullable: true, description: 'The primary function (cross-department projects)' })
  async function(@Root() project: Project, @Ctx() ctx: ServiceContext): Promise<OrgFunction | null> {
    return project.functionId ? ctx.em.findOne(OrgFunction, { id: project.functionId }) : null;
  }

  @FieldResolver(() => ProjectTaskCounts, { description: 'Open and done tasks naming this project, among the tasks the viewer may read (batched)' })
  taskCounts(@Root() project: Project, @Ctx() ctx: ServiceContext): Promise<ProjectTaskCounts> {
    return projects.projectTaskCounts(ctx, project);
  }

  @FieldResolver(() => ViewerCan)
  viewerCan(@Ctx() ctx: ServiceContext): ViewerCan {
    return projects.projectPermissions(ctx);
  }
}
