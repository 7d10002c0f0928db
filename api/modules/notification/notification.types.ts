import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { PageInfo } from '../../graphql/connection.js';
import { Notification } from './notification.entity.js';

@ObjectType()
export class NotificationEdge {
  @Field(() => String) cursor!: string;
  @Field(() => Notification) node!: Notification;
}

@ObjectType({ description: "The viewer's notifications, newest first" })
export class NotificationConnection {
  @Field(() => [NotificationEdge]) edges!: NotificationEdge[];
  @Field(() => [Notification]) nodes!: Notification[];
  @Field(() => PageInfo) pageInfo!: PageInfo;
  @Field(() => Int, { description: 'Notifications in this list (all, or the unread ones with unreadOnly)' }) totalCount!: number;
  @Field(() => Int, { description: "The viewer's unread notifications" }) unreadCount!: number;
}

@ObjectType({ description: 'One kind of notification: shown in the app, sent by email' })
export class NotificationPreference {
  @Field(() => String, { description: 'assigned, commented, mentioned, attached, due, overdue or completed' }) kind!: string;
  @Field(() => Boolean) inApp!: boolean;
  @Field(() => Boolean) email!: boolean;
}

@ObjectType()
export class NotificationPreferences {
  @Field(() => [NotificationPreference]) preferences!: NotificationPreference[];
  @Field(() => Boolean, { description: 'True when the server sends email (SMTP_URL is set)' }) emailAvailable!: boolean;
  @Field(() => String, { description: 'The time zone due-date reminders follow (the one your browser reports)' }) timeZone!: string;
}

@InputType()
export class NotificationPreferenceInput {
  @Field(() => String, { description: 'assigned, commented, mentioned, attached, due, overdue or completed' }) kind!: string;
  @Field(() => Boolean, { nullable: true }) inApp?: boolean | null;
  @Field(() => Boolean, { nullable: true }) email?: boolean | null;
}
