import { Router } from 'express';
import { body, handle, paged, param, toJson } from '../../rest/http.js';
import * as configs from './config.service.js';

/** REST adapter: the /api/system-configs routes of docs/API.md (?configType= filters; PATCH accepted like PUT). */
export function systemConfigRoutes(): Router {
  const r = Router();
  r.get(
    '/system-configs',
    handle(async (req, ctx) =>
      toJson(paged(req, await configs.listSystemConfigs(ctx, typeof req.query.configType === 'string' ? req.query.configType : null))),
    ),
  );
  r.post(
    '/system-configs',
    handle(async (req, ctx) => toJson(await configs.createSystemConfig(ctx, body(req))), 201),
  );
  r.put(
    '/system-configs/:id',
    handle(async (req, ctx) => toJson(await configs.updateSystemConfig(ctx, param(req, 'id'), body(req)))),
  );
  r.patch(
    '/system-configs/:id',
    handle(async (req, ctx) => toJson(await configs.updateSystemConfig(ctx, param(req, 'id'), body(req)))),
  );
  r.delete(
    '/system-configs/:id',
    handle(async (req, ctx) => ({ id: await configs.deleteSystemConfig(ctx, param(req, 'id')) })),
  );
  return r;
}
