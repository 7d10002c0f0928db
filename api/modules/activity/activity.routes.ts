import { Router } from 'express';
import type { ServiceContext } from '../../common/context.js';
import { handle, listPage, param } from '../../rest/http.js';
import { loadUser, restoreFromAudit } from '../task/index.js';
import { presentTask } from '../task/task.presenter.js';
import type { AuditEntry } from '../audit/audit.entity.js';
import { displayName, entryChanges } from '../audit/audit.service.js';
import * as activity from './activity.service.js';

/** An audit entry as REST JSON: its fields, the user's name and the parsed changes. */
async function entryJson(ctx: ServiceContext, entry: AuditEntry) {
  const user = await loadUser(ctx, entry.userId);
  return {
    id: entry.id,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    description: entry.description,
    userId: entry.userId,
    userName: displayName(user),
    taskId: entry.taskId,
    oldValues: entry.oldValues,
    newValues: entry.newValues,
    changes: entryChanges(entry),
    restore: await activity.viewerRestoreKind(ctx, entry),
    createdAt: entry.createdAt,
  };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The audit log is long: a page of 200 unless asked otherwise, at most 500 (the timeline's page). */
const AUDIT_PAGE = { defaultLimit: 200, max: 500 } as const;

/** REST adapter of the activity service: GET /api/audit?taskId= (one task) and the timeline's filters (docs/API.md). */
export function activityRoutes(): Router {
  const r = Router();
  r.get(
    '/audit',
    handle(async (req, ctx) => {
      const q = req.query;
      const taskId = text(q.taskId);
      const filters = { userId: text(q.userId), action: text(q.action), entityType: text(q.entityType), from: text(q.from), to: text(q.to), q: text(q.q) };
      const page = listPage(req, AUDIT_PAGE);
      const entries =
        taskId !== undefined && Object.values(filters).every((f) => f === undefined)
          ? await activity.listTaskAudit(ctx, taskId, page)
          : (await activity.listActivity(ctx, { taskId, ...filters }, { first: page.limit, offset: page.offset })).items;
      return Promise.all(entries.map((e) => entryJson(ctx, e)));
    }),
  );
  r.post(
    '/audit/:id/restore',
    handle(async (req, ctx) => presentTask(ctx, await restoreFromAudit(ctx, param(req, 'id')))),
  );
  return r;
}
