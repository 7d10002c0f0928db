import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { Webhook, WebhookDelivery } from './webhook.entity.js';
import { WebhookInput, WebhookUpdateInput } from './webhook.inputs.js';
import * as webhooks from './webhook.service.js';

/** GraphQL adapter of the webhook service (admins only; FORBIDDEN for everyone else). */
@Resolver(() => Webhook)
export class WebhookResolver {
  @Query(() => [Webhook], { description: 'Admins only' })
  webhooks(@Ctx() ctx: ServiceContext): Promise<Webhook[]> {
    return webhooks.listWebhooks(ctx);
  }

  @Query(() => [WebhookDelivery], { description: "A webhook's newest 100 deliveries, newest first (admins only)" })
  webhookDeliveries(@Ctx() ctx: ServiceContext, @Arg('webhookId', () => ID) webhookId: string): Promise<WebhookDelivery[]> {
    return webhooks.listDeliveries(ctx, webhookId);
  }

  @Mutation(() => Webhook, { description: 'Admins only' })
  createWebhook(@Ctx() ctx: ServiceContext, @Arg('input', () => WebhookInput) input: WebhookInput): Promise<Webhook> {
    return webhooks.createWebhook(ctx, { ...input });
  }

  @Mutation(() => Webhook, { description: 'Admins only' })
  updateWebhook(
    @Ctx() ctx: ServiceContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => WebhookUpdateInput) input: WebhookUpdateInput,
  ): Promise<Webhook> {
    return webhooks.updateWebhook(ctx, id, Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null)));
  }

  @Mutation(() => ID, { description: 'Admins only' })
  deleteWebhook(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string): Promise<string> {
    return webhooks.deleteWebhook(ctx, id);
  }

  @Mutation(() => WebhookDelivery, { description: 'Sends a failed delivery again (admins only)' })
  redeliverWebhookDelivery(
    @Ctx() ctx: ServiceContext,
    @Arg('webhookId', () => ID) webhookId: string,
    @Arg('deliveryId', () => ID) deliveryId: string,
  ): Promise<WebhookDelivery> {
    return webhooks.redeliver(ctx, webhookId, deliveryId);
  }
}
