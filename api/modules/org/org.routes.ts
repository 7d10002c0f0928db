import { Router } from 'express';
import { body, handle, paged, param, toJson } from '../../rest/http.js';
import * as org from './org.service.js';

const query = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** REST adapter of the organisation service: /api/functions, /api/teams, /api/team-members. */
export function orgRoutes(): Router {
  const r = Router();
  r.get(
    '/functions',
    handle(async (req, ctx) => toJson(paged(req, await org.listFunctions(ctx)))),
  );
  r.post(
    '/functions',
    handle(async (req, ctx) => toJson(await org.createFunction(ctx, body(req))), 201),
  );
  r.patch(
    '/functions/:id',
    handle(async (req, ctx) => toJson(await org.updateFunction(ctx, param(req, 'id'), body(req)))),
  );
  r.put(
    '/functions/:id',
    handle(async (req, ctx) => toJson(await org.updateFunction(ctx, param(req, 'id'), body(req)))),
  );

  r.get(
    '/teams',
    handle(async (req, ctx) => toJson(paged(req, await org.listTeams(ctx, query(req.query.functionId))))),
  );
  r.post(
    '/teams',
    handle(async (req, ctx) => toJson(await org.createTeam(ctx, body(req))), 201),
  );
  r.patch(
    '/teams/:id',
    handle(async (req, ctx) => toJson(await org.updateTeam(ctx, param(req, 'id'), body(req)))),
  );
  r.put(
    '/teams/:id',
    handle(async (req, ctx) => toJson(await org.updateTeam(ctx, param(req, 'id'), body(req)))),
  );

  r.get(
    '/team-members',
    handle(async (req, ctx) => toJson(paged(req, await org.listTeamMembers(ctx, { teamId: query(req.query.teamId), userId: query(req.query.userId) })))),
  );
  r.post(
    '/team-members',
    handle(async (req, ctx) => toJson(await org.addTeamMember(ctx, body(req))), 201),
  );
  r.delete(
    '/team-members/:id',
    handle(async (req, ctx) => ({ id: await org.removeTeamMember(ctx, { id: param(req, 'id') }) })),
  );
  r.delete(
    '/team-members',
    handle(async (req, ctx) => {
      const b = body(req);
      return { id: await org.removeTeamMember(ctx, { teamId: query(b.teamId ?? req.query.teamId), userId: query(b.userId ?? req.query.userId) }) };
    }),
  );
  return r;
}
