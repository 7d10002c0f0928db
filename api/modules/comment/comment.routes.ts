import { Router } from 'express';
import type { ServiceContext } from '../../common/context.js';
import { body, handle, paged, param, toJson } from '../../rest/http.js';
import { displayName } from '../audit/audit.service.js';
import type { TaskComment } from './comment.entity.js';
import * as comments from './comment.service.js';
import { loadUser, mentionsOf } from '../task/index.js';

/**
 * A comment as REST JSON, with its author's display name ('Unknown User' when gone) and its mentions
 * beside the text ({ userId, name, start, end }: the person's current name, the token's place).
 */
async function commentJson(ctx: ServiceContext, comment: TaskComment) {
  const author = await loadUser(ctx, comment.userId);
  return {
    ...(toJson(comment) as object),
    userName: displayName(author),
    mentions: await mentionsOf(ctx, comment.content),
    author: author ? { id: author.id, username: author.username, firstName: author.firstName, lastName: author.lastName } : null,
  };
}

/** REST adapter of the comment service (routes in docs/API.md). */
export function commentRoutes(): Router {
  const r = Router();
  r.get(
    '/tasks/:taskId/comments',
    handle(async (req, ctx) => Promise.all(paged(req, await comments.listComments(ctx, param(req, 'taskId'))).map((c) => commentJson(ctx, c)))),
  );
  r.post(
    '/tasks/:taskId/comments',
    handle(async (req, ctx) => commentJson(ctx, await comments.addComment(ctx, param(req, 'taskId'), body(req))), 201),
  );
  r.patch(
    '/task-comments/:id',
    handle(async (req, ctx) => commentJson(ctx, await comments.updateComment(ctx, param(req, 'id'), body(req)))),
  );
  r.delete(
    '/task-comments/:id',
    handle(async (req, ctx) => ({ id: await comments.deleteComment(ctx, param(req, 'id')) })),
  );
  return r;
}
