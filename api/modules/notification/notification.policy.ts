import type { Actor } from '../../common/actor.js';
import type { Notification } from './notification.entity.js';

/** Everyone reads and marks only their own notifications (admins included). */
export const isOwnNotification = (actor: Actor, notification: Pick<Notification, 'userId'>): boolean => notification.userId === actor.id;
