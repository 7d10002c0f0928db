import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { connection, decodeCursor } from '../../graphql/connection.js';
import { Notification } from './notification.entity.js';
import { NotificationConnection, NotificationPreferenceInput, NotificationPreferences } from './notification.types.js';
import { notificationStream } from './notification.stream.js';
import * as notifications from './notification.service.js';

/** GraphQL adapter of the notification service (issue 18). */
@Resolver(() => Notification)
export class NotificationResolver {
  @Query(() => NotificationConnection, { description: "The viewer's notifications, newest first, with the unread count" })
  async notifications(
    @Ctx() ctx: ServiceContext,
    @Arg('first', () => Int, { nullable: true, defaultValue: 20, description: '1 to 500' }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('unreadOnly', () => Boolean, { nullable: true, defaultValue: false }) unreadOnly: boolean,
  ): Promise<NotificationConnection> {
    const page = await notifications.listNotifications(ctx, { first, offset: decodeCursor(after), unreadOnly });
    return connection(page.items, page.offset, page.totalCount, { unreadCount: page.unreadCount });
  }

  @Mutation(() => Int, { description: "Marks the viewer's notifications read (the given ids, or all when none are given); returns the unread count left" })
  markNotificationsRead(@Ctx() ctx: ServiceContext, @Arg('ids', () => [ID], { nullable: true }) ids: string[] | null): Promise<number> {
    return notifications.markNotificationsRead(ctx, ids);
  }

  @Query(() => NotificationPreferences, { description: "The viewer's notification preferences per kind" })
  notificationPreferences(@Ctx() ctx: ServiceContext): Promise<NotificationPreferences> {
    return notifications.getPreferences(ctx);
  }

  @Mutation(() => NotificationPreferences, { description: 'Changes notification preferences (kinds and channels not sent stay as they are)' })
  updateNotificationPreferences(
    @Ctx() ctx: ServiceContext,
    @Arg('preferences', () => [NotificationPreferenceInput]) preferences: NotificationPreferenceInput[],
  ): Promise<NotificationPreferences> {
    return notifications.updatePreferences(
      ctx,
      preferences.map((p) => ({ ...p })),
    );
  }

  @Subscription(() => Notification, {
    description:
      "The viewer's new notifications as they are made (only the recipient receives them). With includeLatest, the stream starts with the viewer's newest notification, " +
      'read once the subscription listens: a client that loaded its unread count before subscribing reloads it then, so nothing made in between is missed.',
    subscribe: ({ args, context }: SubscribeResolverData<unknown, { includeLatest?: boolean | null }, ServiceContext>) =>
      notificationStream(context, { includeLatest: !!args.includeLatest }),
  })
  notificationAdded(
    @Root() notification: Notification,
    @Arg('includeLatest', () => Boolean, { nullable: true, defaultValue: false }) _includeLatest: boolean,
  ): Notification {
    return notification;
  }

  @FieldResolver(() => Boolean)
  read(@Root() notification: Notification): boolean {
    return notification.readAt !== null;
  }
}
