import { execute, type ExecutionResult } from 'graphql';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { createContext, requireActor } from '../../common/context.js';
import { END, queuedStream } from '../../realtime/queued-stream.js';
import { boardOperationOf, YIELDS_EXECUTION_RESULTS } from '../../realtime/shared-execution.js';
import type { ProjectEventMessage } from '../../realtime/topics.js';
import { Project } from './project.entity.js';

/**
 * What a projectEvents subscriber receives: the published kinds and REFETCH (reload the projects:
 * sent first, since what happened between the screen's query and the subscription, or while the
 * socket reconnected, is not replayed; and instead of the events a subscriber fell behind on).
 */
export const ProjectEventKind = { CREATED: 'CREATED', UPDATED: 'UPDATED', DELETED: 'DELETED', REFETCH: 'REFETCH' } as const;
export type ProjectEventKind = keyof typeof ProjectEventKind;

registerEnumType(ProjectEventKind, {
  name: 'ProjectEventKind',
  description:
    'What happened to the project. REFETCH: reload the projects (sent first on every (re)subscription, and when the subscriber fell behind and events were dropped).',
});

@ObjectType({ description: 'A project created, updated or deleted by anyone (everyone signed in may read projects)' })
export class ProjectEvent {
  @Field(() => ProjectEventKind)
  kind!: ProjectEventKind;

  @Field(() => ID, { nullable: true, description: 'The project (null for REFETCH)' })
  projectId!: string | null;

  @Field(() => ID, { nullable: true, description: 'Who made the change' })
  actorId!: string | null;

  @Field(() => Project, { nullable: true, description: 'The project as it is now (null when deleted, or for REFETCH)' })
  project!: Project | null;
}

/** Events a subscriber may have waiting; beyond this its queue is replaced by one REFETCH. */
export const PROJECT_EVENT_BACKLOG = 100;

/** Publishes a project change to every subscriber on every server process (call after the flush). */
export function publishProjectEvent(ctx: ServiceContext, kind: ProjectEventMessage['kind'], projectId: string): void {
  ctx.realtime.publishProjectEvent({ kind, projectId, actorId: ctx.actor?.id ?? null, at: ctx.now().toISOString() });
}

/**
 * The live project events for a signed-in subscriber, as execution results of its operation. Each
 * event is executed in a fresh context (own EntityManager and loaders, the subscriber re-loaded: an
 * inactive or deleted user's stream ends), so the project, its task counts and viewerCan are read
 * as they are now, for this viewer. The stream starts with a REFETCH (nothing before it is replayed,
 * so a screen reloads once its subscription runs), and a subscriber that falls behind gets one
 * REFETCH instead of the dropped events. Run it through subscribeShared (the graphql-ws subscribe hook).
 */
export function projectEventStream(ctx: ServiceContext): AsyncIterableIterator<ExecutionResult> {
  const userId = requireActor(ctx).id;
  const operation = boardOperationOf(ctx);
  if (!operation) throw new Error('projectEvents runs only through subscribeShared (the graphql-ws subscribe hook)');

  const resultFor = async (item: ProjectEventMessage | 'REFETCH'): Promise<ExecutionResult | null> => {
    const scope = await createContext(ctx.app, { userId, timeZone: ctx.timeZone, ip: ctx.ip });
    if (!scope.actor) return null;
    let root: ProjectEvent;
    if (item === 'REFETCH') root = { kind: 'REFETCH', projectId: null, actorId: null, project: null };
    else {
      const project = item.kind === 'DELETED' ? null : await scope.em.findOne(Project, { id: item.projectId });
      root = { kind: item.kind, projectId: item.projectId, actorId: item.actorId, project };
    }
    const contextValue: ServiceContext = { ...operation.context, em: scope.em, loaders: scope.loaders, actor: scope.actor };
    return execute({ ...operation.args, rootValue: root, contextValue });
  };

  const stream = queuedStream<ProjectEventMessage | 'REFETCH', ExecutionResult>({
    initial: ['REFETCH'],
    listen: (push) => ctx.realtime.onProjectEvent(push),
    backlog: PROJECT_EVENT_BACKLOG,
    overflow: () => ['REFETCH'],
    failure: 'A project event could not be delivered',
    resolve: async (item) => (await resultFor(item)) ?? END,
  });
  return Object.assign(stream, { [YIELDS_EXECUTION_RESULTS]: true as const });
}
