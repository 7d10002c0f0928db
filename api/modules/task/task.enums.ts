import { registerEnumType } from 'type-graphql';

/** GraphQL names are the keys; stored and REST values are the strings ('Not Started', 'pendingFromBefore', ...). */
export enum TaskStatus {
  NOT_STARTED = 'Not Started',
  PLANNED = 'Planned',
  IN_PROGRESS = 'In Progress',
  BLOCKED = 'Blocked',
  DEFERRED = 'Deferred',
  DONE = 'Done',
}

export enum TaskColumn {
  UNSCHEDULED = 'unscheduled',
  TODAY = 'today',
  PENDING = 'pending',
  PENDING_FROM_BEFORE = 'pendingFromBefore',
  COMPLETED = 'completed',
}

export enum RepeatPattern {
  DAILY = 'daily',
  WEEKLY = 'weekly',
  MONTHLY = 'monthly',
}

registerEnumType(TaskStatus, { name: 'TaskStatus', description: "A task's status. 'Completed' sent over REST is stored as DONE." });
registerEnumType(TaskColumn, { name: 'TaskColumn', description: 'A column of the daily board.' });
registerEnumType(RepeatPattern, { name: 'RepeatPattern' });
