import { Router } from 'express';
import type { ServiceContext } from '../../common/context.js';
import { body, handle, paged, param, toJson } from '../../rest/http.js';
import type { Project } from './project.entity.js';
import * as projects from './project.service.js';

/** A project as REST JSON, with the derived isOverdue. */
export const projectJson = (ctx: ServiceContext, project: Project) => ({
  ...(toJson(project) as Record<string, unknown>),
  isOverdue: projects.projectOverdue(ctx, project),
});

/** REST adapter of the project service: the /api/projects routes of docs/API.md (PATCH accepted like PUT). */
export function projectRoutes(): Router {
  const r = Router();
  r.get(
    '/projects',
    handle(async (req, ctx) => {
      const list = paged(req, await projects.listProjects(ctx));
      const counts = await projects.countProjectTasks(
        ctx,
        list.map((p) => p.name),
      );
      return list.map((p, i) => ({ ...projectJson(ctx, p), openTaskCount: counts[i].open, doneTaskCount: counts[i].done }));
    }),
  );
  r.get(
    '/projects/:id',
    handle(async (req, ctx) => projectJson(ctx, await projects.getProject(ctx, param(req, 'id')))),
  );
  r.post(
    '/projects',
    handle(async (req, ctx) => projectJson(ctx, await projects.createProject(ctx, body(req))), 201),
  );
  r.put(
    '/projects/:id',
    handle(async (req, ctx) => projectJson(ctx, await projects.updateProject(ctx, param(req, 'id'), body(req)))),
  );
  r.patch(
    '/projects/:id',
    handle(async (req, ctx) => projectJson(ctx, await projects.updateProject(ctx, param(req, 'id'), body(req)))),
  );
  r.delete(
    '/projects/:id',
    handle(async (req, ctx) => ({ id: await projects.deleteProject(ctx, param(req, 'id')) })),
  );
  return r;
}
