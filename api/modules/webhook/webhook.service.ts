import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { badInput, notFound } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import { diffFields, presentFields, snapshot } from '../audit/audit.diff.js';
import { Webhook, WebhookDelivery } from './webhook.entity.js';
import { parseWebhookFields } from './webhook.inputs.js';
import { assertCanManageWebhooks } from './webhook.policy.js';
import { isPublicAddress, literalAddress, resolveAll } from './webhook.address.js';

/** The audited fields of a webhook (never the secret; a changed secret is noted as secretChanged). */
const WEBHOOK_AUDIT_FIELDS = ['url', 'events', 'enabled'] as const satisfies readonly (keyof Webhook)[];

/** The most deliveries a webhook's list shows (newest first). */
export const DELIVERY_LIST_MAX = 100;

/**
 * Refuses a URL whose host is, or resolves to, an address that is not public (loopback, private,
 * link-local, other special-purpose ranges), unless WEBHOOK_ALLOW_PRIVATE. Checked again at every
 * delivery against the address connected to (webhook.address guardedLookup). Throws BAD_USER_INPUT.
 */
export async function assertDeliverableUrl(ctx: ServiceContext, url: URL): Promise<void> {
  if (ctx.app.config.webhookAllowPrivate) return;
  const literal = literalAddress(url.hostname);
  let addresses: string[];
  if (literal) addresses = [literal];
  else {
    try {
      addresses = await resolveAll(url.hostname);
    } catch {
      throw badInput(`URL host "${url.hostname}" could not be resolved`);
    }
  }
  const blocked = addresses.find((a) => !isPublicAddress(a));
  if (blocked || addresses.length === 0) {
    throw badInput(
      `URL must point to a public address: ${url.hostname} is ${blocked && blocked !== url.hostname.replace(/^\[|\]$/g, '') ? `${blocked}, ` : ''}a loopback, private, link-local or other special-purpose address`,
    );
  }
}

/** Every webhook, oldest first (admins). */
export async function listWebhooks(ctx: ServiceContext): Promise<Webhook[]> {
  assertCanManageWebhooks(requireActor(ctx));
  return ctx.em.find(Webhook, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
}

/** One webhook (admins); NOT_FOUND otherwise. */
export async function getWebhook(ctx: ServiceContext, webhookId: string): Promise<Webhook> {
  assertCanManageWebhooks(requireActor(ctx));
  const hook = v.lookupId('Webhook id', webhookId) ? await ctx.em.findOne(Webhook, { id: webhookId }) : null;
  if (!hook) throw notFound('Webhook');
  return hook;
}

/** Registers a webhook (admins): URL (public http(s) address), events, secret. Audited without the secret. */
export async function createWebhook(ctx: ServiceContext, raw: unknown): Promise<Webhook> {
  const actor = requireActor(ctx);
  assertCanManageWebhooks(actor);
  const fields = parseWebhookFields(raw, 'create');
  await assertDeliverableUrl(ctx, fields.parsedUrl!);
  const hook = new Webhook();
  hook.url = fields.url!;
  hook.events = fields.events!;
  hook.secret = fields.secret!;
  hook.enabled = fields.enabled ?? true;
  hook.createdById = actor.id;
  hook.createdAt = ctx.now();
  hook.updatedAt = ctx.now();
  ctx.em.persist(hook);
  recordAudit(ctx, {
    action: 'created',
    description: `Registered webhook ${hook.url}`,
    entityType: 'webhook',
    entityId: hook.id,
    taskId: null,
    newValues: presentFields(hook, WEBHOOK_AUDIT_FIELDS),
  });
  await ctx.em.flush();
  return hook;
}

/** Changes a webhook (admins; only the keys sent): URL, events, secret, enabled. */
export async function updateWebhook(ctx: ServiceContext, webhookId: string, raw: unknown): Promise<Webhook> {
  const hook = await getWebhook(ctx, webhookId);
  const fields = parseWebhookFields(raw, 'update');
  if (fields.parsedUrl && fields.url !== hook.url) await assertDeliverableUrl(ctx, fields.parsedUrl);
  const before = snapshot(hook, WEBHOOK_AUDIT_FIELDS);
  if (fields.url !== undefined) hook.url = fields.url;
  if (fields.events !== undefined) hook.events = fields.events;
  if (fields.enabled !== undefined) hook.enabled = fields.enabled;
  const secretChanged = fields.secret !== undefined && fields.secret !== hook.secret;
  if (fields.secret !== undefined) hook.secret = fields.secret;
  const changes = diffFields(before, snapshot(hook, WEBHOOK_AUDIT_FIELDS), WEBHOOK_AUDIT_FIELDS);
  if (changes.changed.length === 0 && !secretChanged) return hook;
  hook.updatedAt = ctx.now();
  recordAudit(ctx, {
    action: 'updated',
    description: `Updated webhook ${hook.url}`,
    entityType: 'webhook',
    entityId: hook.id,
    taskId: null,
    oldValues: changes.oldValues,
    newValues: secretChanged ? { ...changes.newValues, secretChanged: true } : changes.newValues,
  });
  await ctx.em.flush();
  return hook;
}

/** Deletes a webhook and its deliveries (admins); returns its id. */
export async function deleteWebhook(ctx: ServiceContext, webhookId: string): Promise<string> {
  const hook = await getWebhook(ctx, webhookId);
  recordAudit(ctx, {
    action: 'deleted',
    description: `Deleted webhook ${hook.url}`,
    entityType: 'webhook',
    entityId: hook.id,
    taskId: null,
    oldValues: presentFields(hook, WEBHOOK_AUDIT_FIELDS),
  });
  ctx.em.remove(hook);
  // One transaction: the webhook, its deliveries and the audit entry go together.
  await ctx.em.begin();
  try {
    await ctx.em.nativeDelete(WebhookDelivery, { webhookId: hook.id });
    await ctx.em.commit();
  } catch (err) {
    await ctx.em.rollback();
    throw err;
  }
  return hook.id;
}

/** A webhook's deliveries, newest first (the newest 100; admins). */
export async function listDeliveries(ctx: ServiceContext, webhookId: string): Promise<WebhookDelivery[]> {
  const hook = await getWebhook(ctx, webhookId);
  return ctx.em.find(WebhookDelivery, { webhookId: hook.id }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: DELIVERY_LIST_MAX });
}

/**
 * Sends a failed delivery again (admins): it is queued at once with a fresh set of attempts. Only a
 * failed delivery can be redelivered (a pending one is still being tried; a delivered one arrived).
 * Throws NOT_FOUND, BAD_USER_INPUT.
 */
export async function redeliver(ctx: ServiceContext, webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
  const hook = await getWebhook(ctx, webhookId);
  const delivery = v.lookupId('Delivery id', deliveryId) ? await ctx.em.findOne(WebhookDelivery, { id: deliveryId, webhookId: hook.id }) : null;
  if (!delivery) throw notFound('Delivery');
  if (delivery.status !== 'failed')
    throw badInput(delivery.status === 'pending' ? 'This delivery is still being tried' : 'This delivery arrived: only failed deliveries can be redelivered');
  delivery.status = 'pending';
  delivery.attempt = 0;
  delivery.nextAttemptAt = ctx.now().getTime();
  delivery.claimedUntil = null;
  delivery.claimToken = null;
  await ctx.em.flush();
  return delivery;
}

/** A webhook as REST JSON (the secret never included). */
export const webhookJson = (hook: Webhook) => ({
  id: hook.id,
  url: hook.url,
  events: hook.events,
  enabled: hook.enabled,
  createdById: hook.createdById,
  createdAt: hook.createdAt,
  updatedAt: hook.updatedAt,
});

/** A delivery as REST JSON. */
export const deliveryJson = (d: WebhookDelivery) => ({
  id: d.id,
  webhookId: d.webhookId,
  eventId: d.eventId,
  event: d.event,
  status: d.status,
  attempt: d.attempt,
  statusCode: d.statusCode,
  durationMs: d.durationMs,
  error: d.error,
  createdAt: d.createdAt,
  lastAttemptAt: d.lastAttemptAt,
  nextAttemptAt: d.status === 'pending' ? new Date(d.nextAttemptAt) : null,
});
