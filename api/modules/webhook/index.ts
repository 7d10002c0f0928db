import type { ServerModule } from '../../common/module.js';
import { Webhook, WebhookDelivery, WebhookEvent } from './webhook.entity.js';
import { WebhookResolver } from './webhook.resolver.js';
import { webhookRoutes } from './webhook.routes.js';

/** The webhook module's manifest: what it offers the composition root (api/modules/index.ts). */
export const webhookModule: ServerModule = {
  name: 'webhook',
  entities: [Webhook, WebhookEvent, WebhookDelivery],
  resolvers: [WebhookResolver],
  routes: webhookRoutes,
};
