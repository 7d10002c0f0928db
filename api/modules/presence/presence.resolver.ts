import { Arg, Ctx, ID, Mutation, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { TaskPresence } from './presence.types.js';
import * as presence from './presence.service.js';

/** GraphQL adapter of who is here now (presence.service.ts). */
@Resolver(() => TaskPresence)
export class PresenceResolver {
  @Subscription(() => TaskPresence, {
    description:
      'Who else has the task open now: the list at once, then whenever it changes. The subscription announces the viewer on the task for as long as it lasts ' +
      '(renew it with announcePresence every 10 s, or it expires). NOT_FOUND when the viewer may not read the task; the stream ends when they lose access.',
    subscribe: ({ args, context }: SubscribeResolverData<unknown, { taskId: string; clientId: string }, ServiceContext>) =>
      presence.taskPresenceStream(context, args.taskId, args.clientId),
  })
  taskPresence(
    @Root() payload: TaskPresence,
    @Arg('taskId', () => ID) _taskId: string,
    @Arg('clientId', () => String, { description: 'A random id of this open view (8 to 64 letters, digits, - or _), the same in announcePresence' })
    _clientId: string,
  ): TaskPresence {
    return payload;
  }

  @Subscription(() => TaskPresence, {
    description:
      'Who else has which task open, for a board: first every task someone else has open now, then each task whose people change ' +
      '(an empty list when the last one left). Only tasks the viewer may read.',
    subscribe: ({ context }: SubscribeResolverData<unknown, object, ServiceContext>) => presence.boardPresenceStream(context),
  })
  boardPresence(@Root() payload: TaskPresence): TaskPresence {
    return payload;
  }

  @Mutation(() => Boolean, {
    description:
      'Announces or renews that the viewer has the task open (every 10 s while open; an entry expires without it), and whether they have unsaved changes. ' +
      'NOT_FOUND when the viewer may not read the task.',
  })
  announcePresence(
    @Ctx() ctx: ServiceContext,
    @Arg('taskId', () => ID) taskId: string,
    @Arg('clientId', () => String, { description: 'The id of the open view, as in taskPresence' }) clientId: string,
    @Arg('editing', () => Boolean, { description: 'Whether the view has unsaved changes' }) editing: boolean,
  ): Promise<boolean> {
    return presence.announcePresence(ctx, taskId, clientId, editing);
  }
}
