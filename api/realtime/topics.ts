/** The kinds of board change a subscriber can receive. */
export const BOARD_EVENT_KINDS = [
  'TASK_CREATED',
  'TASK_UPDATED',
  'TASK_MOVED',
  'TASK_DELETED',
  'SUBTASK_CREATED',
  'SUBTASK_UPDATED',
  'SUBTASK_DELETED',
  'COMMENT_CREATED',
  'COMMENT_UPDATED',
  'COMMENT_DELETED',
] as const;
export type BoardEventKind = (typeof BOARD_EVENT_KINDS)[number];

/** What travels on the pub/sub: ids only; each subscription re-reads and re-authorizes. */
export interface BoardEventMessage {
  seq: number;
  kind: BoardEventKind;
  taskId: string;
  entityId: string | null;
  actorId: string | null;
  /** Users who could read the task before or after the change (for removals after a reassignment). */
  readers: string[];
  at: string;
}

/**
 * What a subscriber can receive: the published kinds, TASK_REMOVED (the task left their scope), and
 * two stream controls: RESET (the subscriber fell too far behind; its stream ends: catch up from the
 * last seq it applied) and REFETCH (the log no longer reaches back to the `since` asked for: reload).
 */
export const DELIVERED_EVENT_KINDS = [...BOARD_EVENT_KINDS, 'TASK_REMOVED', 'RESET', 'REFETCH'] as const;
export type DeliveredEventKind = (typeof DELIVERED_EVENT_KINDS)[number];

export interface UserDisconnectMessage {
  userId: string;
  /** Only the sockets opened with this session (a logout); absent means every socket of the user. */
  sessionId?: string | null;
  /** Only the sockets opened with this API token (a revocation). */
  tokenId?: string | null;
  /** Only sockets opened with a session: API-token sockets stay (a password change keeps tokens). */
  sessionSocketsOnly?: boolean;
  /** The sockets of this session stay open (the session that changed its own password). */
  keepSessionId?: string | null;
  reason: 'logout' | 'deactivated' | 'deleted' | 'token-revoked' | 'password-changed' | 'session-revoked' | 'signed-out';
}

/** A project was created, updated or deleted (after the flush). Ids only; subscribers re-read the project. */
export interface ProjectEventMessage {
  kind: 'CREATED' | 'UPDATED' | 'DELETED';
  projectId: string;
  actorId: string | null;
  at: string;
}

/** A notification was stored for a user (after the flush); only that user's subscriptions deliver it. */
export interface NotificationMessage {
  userId: string;
  notificationId: string;
}

/**
 * Who has a task open (api/modules/presence): one browser view (`clientId`) of one person announced,
 * renewed or left. Ids only; every process keeps the state and lets an entry expire after `ttlMs`
 * without a renewal, so a view on a process that died disappears too.
 */
export interface PresenceMessage {
  taskId: string;
  userId: string;
  clientId: string;
  /** Whether the view has unsaved changes; null when the view left (closed, unsubscribed, lost access). */
  editing: boolean | null;
  /** How long the entry lives without a renewal. */
  ttlMs: number;
}

export const TOPICS = {
  NOTIFICATION: 'NOTIFICATIONS',
  PRESENCE: 'PRESENCE',
  BOARD: 'BOARD_EVENTS',
  PROJECT: 'PROJECT_EVENTS',
  USER_DISCONNECT: 'USER_DISCONNECT',
} as const;

export type PubSubTopics = {
  [TOPICS.BOARD]: [BoardEventMessage];
  [TOPICS.PROJECT]: [ProjectEventMessage];
  [TOPICS.NOTIFICATION]: [NotificationMessage];
  [TOPICS.USER_DISCONNECT]: [UserDisconnectMessage];
  [TOPICS.PRESENCE]: [PresenceMessage];
};
