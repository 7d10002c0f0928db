import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import type { Reference } from '@apollo/client';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import type { WebhookInput, WebhookUpdateInput } from '../../../gql/graphql';
import {
  AdminWebhookFragment,
  CreateWebhookMutation,
  DeleteWebhookMutation,
  RedeliverWebhookDeliveryMutation,
  UpdateWebhookMutation,
} from './webhooks.graphql';

/** Webhook management with toasts and the server's messages; each resolves to true on success. */
export function useWebhookMutations() {
  const { toast } = useToast();
  const [createMutation] = useMutation(CreateWebhookMutation);
  const [updateMutation] = useMutation(UpdateWebhookMutation);
  const [deleteMutation] = useMutation(DeleteWebhookMutation);
  const [redeliverMutation] = useMutation(RedeliverWebhookDeliveryMutation);

  const run = useCallback(
    async (action: () => Promise<unknown>, success: string | null, failure: string): Promise<boolean> => {
      try {
        await action();
        if (success) toast({ title: 'Success', description: success });
        return true;
      } catch (error) {
        toast({ title: failure, description: errorMessage(error, failure), variant: 'destructive' });
        return false;
      }
    },
    [toast],
  );

  const createWebhook = useCallback(
    (input: WebhookInput) =>
      run(
        () =>
          createMutation({
            variables: { input },
            update(cache, { data }) {
              if (!data) return;
              const ref = cache.writeFragment({ fragment: AdminWebhookFragment, fragmentName: 'AdminWebhook_webhook', data: data.createWebhook });
              cache.modify({ id: 'ROOT_QUERY', fields: { webhooks: (existing: readonly Reference[] = []) => (ref ? [...existing, ref] : existing) } });
            },
          }),
        'Webhook registered',
        'Error registering webhook',
      ),
    [createMutation, run],
  );

  const setEnabled = useCallback(
    (id: string, enabled: boolean) =>
      run(() => updateMutation({ variables: { id, input: { enabled } satisfies WebhookUpdateInput } }), null, 'Error updating webhook'),
    [updateMutation, run],
  );

  const deleteWebhook = useCallback(
    (id: string) =>
      run(
        () =>
          deleteMutation({
            variables: { id },
            update(cache) {
              cache.evict({ id: cache.identify({ __typename: 'Webhook', id }) });
              cache.gc();
            },
          }),
        'Webhook deleted',
        'Error deleting webhook',
      ),
    [deleteMutation, run],
  );

  const redeliver = useCallback(
    (webhookId: string, deliveryId: string) =>
      run(() => redeliverMutation({ variables: { webhookId, deliveryId } }), 'Delivery queued again', 'Error redelivering'),
    [redeliverMutation, run],
  );

  return { createWebhook, setEnabled, deleteWebhook, redeliver };
}
