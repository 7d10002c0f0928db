import { User } from '../modules/user/user.entity.js';
import { Task } from '../modules/task/task.entity.js';
import { Subtask } from '../modules/subtask/subtask.entity.js';
import { TaskComment } from '../modules/comment/comment.entity.js';
import { AuditEntry } from '../modules/audit/audit.entity.js';
import { AuditReader } from '../modules/audit/audit-reader.entity.js';
import { Project } from '../modules/project/project.entity.js';
import { SystemConfig } from '../modules/config/config.entity.js';
import { OrgFunction, Team, TeamMember } from '../modules/org/org.entity.js';
import { TaskTemplate, TemplateSubtask } from '../modules/template/template.entity.js';
import { TaskView } from '../modules/view/view.entity.js';
import { Session } from '../auth/session.entity.js';
import { TaskEvent } from '../realtime/task-event.entity.js';
import { ApiToken } from '../modules/token/token.entity.js';
import { CalendarFeed } from '../modules/calendar/calendar-feed.entity.js';
import { Webhook, WebhookDelivery, WebhookEvent } from '../modules/webhook/webhook.entity.js';
import { Notification, NotificationSettings } from '../modules/notification/notification.entity.js';

/** Every persisted entity; both databases' migrations are generated from this one list. */
export const ENTITIES = [
  User,
  Task,
  Subtask,
  TaskComment,
  AuditEntry,
  AuditReader,
  Project,
  SystemConfig,
  OrgFunction,
  Team,
  TeamMember,
  TaskTemplate,
  TemplateSubtask,
  TaskView,
  Session,
  TaskEvent,
  ApiToken,
  CalendarFeed,
  Webhook,
  WebhookEvent,
  WebhookDelivery,
  Notification,
  NotificationSettings,
];
