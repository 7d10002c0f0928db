/** What a notification is about (issue 18). */
export const NOTIFICATION_KINDS = ['assigned', 'commented', 'mentioned', 'attached', 'due', 'overdue', 'completed'] as const;
export type NotificationKindValue = (typeof NOTIFICATION_KINDS)[number];

/** Reminder kinds come from the scheduler, once per (user, task, kind, day). */
export const REMINDER_KINDS: readonly NotificationKindValue[] = ['due', 'overdue'];

/** One kind's channels for one user. */
export interface KindChannels {
  inApp: boolean;
  email: boolean;
}

export type NotificationSettingsMap = Record<NotificationKindValue, KindChannels>;

/** Everything on until the user turns it off (email is only sent when SMTP_URL is set). */
export const defaultSettings = (): NotificationSettingsMap =>
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, { inApp: true, email: true }])) as NotificationSettingsMap;
