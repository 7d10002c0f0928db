import { graphql } from '../../../gql';

export const AdminWebhookFragment = graphql(`
  fragment AdminWebhook_webhook on Webhook {
    id
    url
    events
    enabled
    createdAt
  }
`);

export const AdminWebhooksQuery = graphql(`
  query AdminWebhooks {
    webhooks {
      ...AdminWebhook_webhook
    }
  }
`);

export const WebhookDeliveriesQuery = graphql(`
  query WebhookDeliveries($webhookId: ID!) {
    webhookDeliveries(webhookId: $webhookId) {
      id
      event
      status
      statusCode
      durationMs
      attempt
      error
      createdAt
      lastAttemptAt
    }
  }
`);

export const CreateWebhookMutation = graphql(`
  mutation CreateWebhook($input: WebhookInput!) {
    createWebhook(input: $input) {
      ...AdminWebhook_webhook
    }
  }
`);

export const UpdateWebhookMutation = graphql(`
  mutation UpdateWebhook($id: ID!, $input: WebhookUpdateInput!) {
    updateWebhook(id: $id, input: $input) {
      ...AdminWebhook_webhook
    }
  }
`);

export const DeleteWebhookMutation = graphql(`
  mutation DeleteWebhook($id: ID!) {
    deleteWebhook(id: $id)
  }
`);

export const RedeliverWebhookDeliveryMutation = graphql(`
  mutation RedeliverWebhookDelivery($webhookId: ID!, $deliveryId: ID!) {
    redeliverWebhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) {
      id
      status
      attempt
      error
    }
  }
`);
