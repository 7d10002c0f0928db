import {
  defaultFieldResolver,
  getNullableType,
  isListType,
  isInterfaceType,
  isObjectType,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';
import { LIMITS, TASK_STATUSES } from '../../schema/domain/task-rules.js';
import { DASHBOARD_LIMITS } from '../modules/manager/manager.service.js';
import { DELIVERY_LIST_MAX } from '../modules/webhook/webhook.service.js';
import { WEBHOOK_EVENTS } from '../modules/webhook/webhook.events.js';
import { MAX_TEMPLATE_SUBTASKS } from '../modules/template/template.inputs.js';
import { SKIPPED_MAX } from '../modules/import/import.types.js';
import { RECOVERY_CODE_COUNT } from '../auth/two-factor/two-factor.codes.js';
import { PASSKEYS_MAX } from '../auth/passkeys/passkeys.service.js';
import { MAX_ATTACHMENTS_PER_TASK } from '../modules/attachment/attachment.service.js';
import { TIME_ENTRIES_MAX } from '../modules/time/time.service.js';
import { PRESENCE_VIEWERS_MAX } from '../modules/presence/presence.service.js';

/**
 * How many items a list field of the schema can hold, for the cost limit (query-cost.ts) and for the
 * fields that enforce it at read (enforceListBounds). Every list field that a client can select is
 * here (tests/api/list-bounds.test.ts walks the schema), so a new list cannot slip in unbounded:
 *
 * - `page`: at most the page size (`first`/`last`, 1 to LIMITS.pageMax) of the field itself or of the
 *   field that returned its parent (a connection's `nodes`); the cost multiplies at that field.
 * - `argument`: as many items as the named list argument holds (a mutation over `ids`), at most `max`;
 *   the resolver refuses more.
 * - `max` with `enforcedBy`: input validation or the service already guarantees it (named there).
 * - `max` alone: nothing upstream guarantees it (an organisation's catalogue, a task's comments), so
 *   the field's answer is cut to its first `max` items (`keep: 'last'`: its last ones) at read.
 */
export type ListBound =
  { page: true } | { argument: string; max: number; enforcedBy: string } | { max: number; enforcedBy: string } | { max: number; keep?: 'first' | 'last' };

/** Catalogues of an organisation (people, projects, settings): a team-sized product, one screen each. */
export const CATALOG_MAX = 2_000;
/** People on one team or manager dashboard group. */
export const PEOPLE_PER_GROUP_MAX = 100;

export const LIST_BOUNDS: Record<string, ListBound> = {
  // Connection pages (the page size multiplies at the field with `first`).
  'AuditConnection.edges': { page: true },
  'AuditConnection.nodes': { page: true },
  'NotificationConnection.edges': { page: true },
  'NotificationConnection.nodes': { page: true },
  'SecurityEventConnection.edges': { page: true },
  'SecurityEventConnection.nodes': { page: true },
  'TaskConnection.edges': { page: true },
  'TaskConnection.nodes': { page: true },
  'TaskChanges.events': { page: true },
  'Query.reporteeTasks': { page: true },

  // Mutations over a list of ids: one item per id.
  'Mutation.deleteTasks': { argument: 'ids', max: LIMITS.pageMax, enforcedBy: 'task/commands/delete-tasks.ts (deleteTasks)' },
  'Mutation.restoreDeletedTasks': { argument: 'ids', max: LIMITS.pageMax, enforcedBy: 'task/commands/restore-task.ts (restoreDeletedTasks)' },

  // Guaranteed by input validation or by the service.
  'Task.tags': { max: LIMITS.tagsMax, enforcedBy: 'task.inputs.ts (tagList)' },
  'Subtask.tags': { max: LIMITS.tagsMax, enforcedBy: 'subtask.inputs.ts (tagList)' },
  'TaskTemplate.tags': { max: LIMITS.tagsMax, enforcedBy: 'template.inputs.ts (tagList)' },
  'TaskTemplate.subtasks': { max: MAX_TEMPLATE_SUBTASKS, enforcedBy: 'template.inputs.ts (MAX_TEMPLATE_SUBTASKS)' },
  'Team.skillCategories': { max: 50, enforcedBy: 'org.inputs.ts (tagList)' },
  'TaskView.columns': { max: 50, enforcedBy: 'view.inputs.ts (known columns)' },
  'TaskView.sharedWith': { max: 500, enforcedBy: 'view.inputs.ts (idList)' },
  'TaskViewFiltersType.assignees': { max: 100, enforcedBy: 'view.inputs.ts (idList)' },
  'TaskViewFiltersType.categories': { max: 100, enforcedBy: 'view.inputs.ts (tagList)' },
  'TaskViewFiltersType.priorities': { max: 100, enforcedBy: 'view.inputs.ts (tagList)' },
  'TaskViewFiltersType.projects': { max: 100, enforcedBy: 'view.inputs.ts (tagList)' },
  'TaskViewFiltersType.statuses': { max: 100, enforcedBy: 'view.inputs.ts (tagList)' },
  'TaskViewFiltersType.tags': { max: 100, enforcedBy: 'view.inputs.ts (tagList)' },
  'Webhook.events': { max: WEBHOOK_EVENTS.length, enforcedBy: 'webhook.inputs.ts (known events)' },
  'Query.webhookDeliveries': { max: DELIVERY_LIST_MAX, enforcedBy: 'webhook.service.ts (DELIVERY_LIST_MAX)' },
  'ImportJob.skipped': { max: SKIPPED_MAX, enforcedBy: 'import.types.ts (reportOf)' },
  'Query.myImports': { max: 10, enforcedBy: 'import.service.ts (listMyImports)' },
  'Query.timeEntries': { max: TIME_ENTRIES_MAX, enforcedBy: 'time.service.ts (listTimeEntries)' },
  'Query.mentionableUsers': { max: 10, enforcedBy: 'comment.mentions.ts (MENTIONABLE_MAX)' },
  'TaskComment.mentions': { max: 20, enforcedBy: 'comment.mentions.ts (MENTIONS_PER_TEXT_MAX)' },
  'Query.taskAudit': { max: LIMITS.pageMax, enforcedBy: 'activity.service.ts (listTaskAudit)' },
  'ManagerDashboard.recentTasks': { max: DASHBOARD_LIMITS.recent, enforcedBy: 'manager.service.ts (DASHBOARD_LIMITS)' },
  'PersonTaskGroup.tasks': { max: DASHBOARD_LIMITS.perGroup, enforcedBy: 'manager.service.ts (DASHBOARD_LIMITS)' },
  'StatusTaskGroup.tasks': { max: DASHBOARD_LIMITS.perGroup, enforcedBy: 'manager.service.ts (DASHBOARD_LIMITS)' },
  'ManagerDashboard.byStatus': { max: TASK_STATUSES.length, enforcedBy: 'manager.service.ts (one group per status)' },
  'Mutation.confirmTwoFactorSetup': { max: RECOVERY_CODE_COUNT, enforcedBy: 'auth/two-factor/two-factor.codes.ts (RECOVERY_CODE_COUNT)' },
  'Mutation.newRecoveryCodes': { max: RECOVERY_CODE_COUNT, enforcedBy: 'auth/two-factor/two-factor.codes.ts (RECOVERY_CODE_COUNT)' },

  // Cut at read: nothing upstream bounds them.
  'AuditConnection.days': { max: 1000 },
  'AuditEntry.changes': { max: 24 },
  'PasswordChange.apiTokens': { max: 100 },
  'NotificationPreferences.preferences': { max: 50 },
  'TaskPresence.viewers': { max: PRESENCE_VIEWERS_MAX, enforcedBy: 'presence.service.ts (PRESENCE_VIEWERS_MAX)' },
  'Task.comments': { max: 200, keep: 'last' },
  'Query.comments': { max: 200, keep: 'last' },
  'Task.subtasks': { max: 100 },
  'Task.attachments': { max: MAX_ATTACHMENTS_PER_TASK, enforcedBy: 'attachment.service.ts (MAX_ATTACHMENTS_PER_TASK)' },
  'Query.subtasks': { max: 100 },
  'ManagerDashboard.byPerson': { max: DASHBOARD_LIMITS.people, enforcedBy: 'manager.service.ts (DASHBOARD_LIMITS.people)' },
  'ManagerToday.people': { max: DASHBOARD_LIMITS.people, enforcedBy: 'manager.service.ts (DASHBOARD_LIMITS.people)' },
  'ManagerSlippage.people': { max: DASHBOARD_LIMITS.people, enforcedBy: 'manager.service.ts (DASHBOARD_LIMITS.people)' },
  'ManagerTime.people': { max: DASHBOARD_LIMITS.people, enforcedBy: 'manager.time.ts (DASHBOARD_LIMITS.people)' },
  'ManagerTime.projects': { max: CATALOG_MAX },
  'ReporteeDay.tasks': { max: 20 },
  'Team.members': { max: PEOPLE_PER_GROUP_MAX },
  'Query.teamMembers': { max: CATALOG_MAX },
  'OrgFunction.teams': { max: 100 },
  'Query.apiTokens': { max: 100 },
  'Query.mySessions': { max: 100 },
  'Query.passkeys': { max: PASSKEYS_MAX },
  'Query.functions': { max: 100 },
  'Query.teams': { max: 100 },
  'Query.projects': { max: CATALOG_MAX },
  'Query.reportees': { max: CATALOG_MAX },
  'Query.users': { max: CATALOG_MAX },
  'Query.systemConfigs': { max: CATALOG_MAX },
  'Query.taskTags': { max: CATALOG_MAX },
  'Query.taskTemplates': { max: 100 },
  'Query.taskViews': { max: 50 },
  'Query.webhooks': { max: 100 },
};

/** The bound of a field of an object or interface type, or undefined when none is declared. */
export function listBoundOf(typeName: string, fieldName: string): ListBound | undefined {
  return Object.hasOwn(LIST_BOUNDS, `${typeName}.${fieldName}`) ? LIST_BOUNDS[`${typeName}.${fieldName}`] : undefined;
}

/** True when the field's type is a list (nullable or not). */
export function returnsList(field: GraphQLField<unknown, unknown>): boolean {
  return isListType(getNullableType(field.type));
}

/** The array cut to `max` items, from the start or the end. */
function cut(value: unknown, max: number, keep: 'first' | 'last'): unknown {
  if (!Array.isArray(value) || value.length <= max) return value;
  return keep === 'last' ? value.slice(value.length - max) : value.slice(0, max);
}

/**
 * Cuts the answers of the lists that nothing upstream bounds (a `max` without `enforcedBy`) to their
 * bound, so the cost limit's figure is a real one, and adds the bound to the field's description. Plain fields read by the executor get a resolver
 * only here; the hot fields of a board page (tags, connections) are not among them.
 */
export function enforceListBounds(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const bound = listBoundOf(type.name, field.name);
      if (!bound || !('max' in bound) || 'enforcedBy' in bound) continue;
      const resolve: GraphQLFieldResolver<unknown, unknown> = field.resolve ?? defaultFieldResolver;
      const { max } = bound;
      const keep = bound.keep ?? 'first';
      // The schema says so to its clients (schema/schema.graphql).
      const note = `At most ${max} items (${keep === 'last' ? 'the last ones' : 'the first ones'} in this order).`;
      field.description = field.description ? `${field.description.replace(/\.?$/, '.')} ${note}` : note;
      field.resolve = (source, args, context, info) => {
        const value = resolve(source, args, context, info);
        return value instanceof Promise ? value.then((v) => cut(v, max, keep)) : cut(value, max, keep);
      };
    }
  }
}
