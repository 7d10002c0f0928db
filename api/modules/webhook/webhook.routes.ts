import { Router } from 'express';
import { body, handle, param } from '../../rest/http.js';
import * as webhooks from './webhook.service.js';

/** REST adapter of the webhook service (admins): /api/webhooks and their deliveries. */
export function webhookRoutes(): Router {
  const r = Router();
  r.get(
    '/webhooks',
    handle(async (_req, ctx) => (await webhooks.listWebhooks(ctx)).map(webhooks.webhookJson)),
  );
  r.post(
    '/webhooks',
    handle(async (req, ctx) => webhooks.webhookJson(await webhooks.createWebhook(ctx, body(req))), 201),
  );
  r.get(
    '/webhooks/:id',
    handle(async (req, ctx) => webhooks.webhookJson(await webhooks.getWebhook(ctx, param(req, 'id')))),
  );
  r.patch(
    '/webhooks/:id',
    handle(async (req, ctx) => webhooks.webhookJson(await webhooks.updateWebhook(ctx, param(req, 'id'), body(req)))),
  );
  r.delete(
    '/webhooks/:id',
    handle(async (req, ctx) => ({ id: await webhooks.deleteWebhook(ctx, param(req, 'id')) })),
  );
  r.get(
    '/webhooks/:id/deliveries',
    handle(async (req, ctx) => (await webhooks.listDeliveries(ctx, param(req, 'id'))).map(webhooks.deliveryJson)),
  );
  r.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    handle(async (req, ctx) => webhooks.deliveryJson(await webhooks.redeliver(ctx, param(req, 'id'), param(req, 'deliveryId')))),
  );
  return r;
}
