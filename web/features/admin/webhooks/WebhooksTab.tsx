import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState, Loading } from '../../../ui/States';
import { errorMessage } from '../../../lib/errors';
import type { AdminWebhook_WebhookFragment } from '../../../gql/graphql';
import { AdminWebhooksQuery } from './webhooks.graphql';
import { useWebhookMutations } from './useWebhookMutations';
import { WebhookDialog } from './WebhookDialog';
import { WebhookDeliveries } from './WebhookDeliveries';

/** The admin Webhooks tab (issue 17): register, enable/disable, delete, and each webhook's deliveries. Loaded on demand. */
export default function WebhooksTab() {
  const { data, loading, error, refetch } = useQuery(AdminWebhooksQuery);
  const hooks = data?.webhooks ?? [];
  const { createWebhook, setEnabled, deleteWebhook } = useWebhookMutations();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AdminWebhook_WebhookFragment | null>(null);
  const [showing, setShowing] = useState<AdminWebhook_WebhookFragment | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const toggle = async (hook: AdminWebhook_WebhookFragment) => {
    setBusy(hook.id);
    try {
      await setEnabled(hook.id, !hook.enabled);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="webhooks-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="webhooks-heading" className="text-lg font-semibold text-slate-900">
            Webhooks
          </h2>
          <p className="text-sm text-slate-500">Signed POSTs to other services when tasks, subtasks and comments change.</p>
        </div>
        <Button onClick={() => setAdding(true)}>+ Add Webhook</Button>
      </div>

      {loading && !data ? (
        <Loading label="Loading webhooks..." />
      ) : !data ? (
        <EmptyState
          title="The webhooks could not be loaded"
          action={
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(error, 'Failed to load webhooks')}
        </EmptyState>
      ) : hooks.length === 0 ? (
        <EmptyState title="No webhooks yet">Add one to notify another service of every change.</EmptyState>
      ) : (
        <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
          <div
            aria-hidden="true"
            className="hidden grid-cols-[2fr_1.6fr_0.6fr_auto] gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold text-slate-500 uppercase md:grid"
          >
            <span>URL</span>
            <span>Events</span>
            <span>Status</span>
            <span className="w-72 text-right">Actions</span>
          </div>
          <ul className="divide-y divide-slate-100">
            {hooks.map((hook) => (
              <li
                key={hook.id}
                data-testid="webhook-row"
                aria-label={hook.url}
                className="grid grid-cols-1 gap-2 px-4 py-3 text-sm md:grid-cols-[2fr_1.6fr_0.6fr_auto] md:items-center md:gap-3"
              >
                <p className="min-w-0 font-medium break-all text-slate-900">{hook.url}</p>
                <div className="flex min-w-0 flex-wrap gap-1">
                  {hook.events.map((e) => (
                    <Badge key={e} tone="blue">
                      {e}
                    </Badge>
                  ))}
                </div>
                <div>
                  <Badge tone={hook.enabled ? 'green' : 'slate'}>{hook.enabled ? 'Enabled' : 'Disabled'}</Badge>
                </div>
                <div className="flex flex-wrap gap-1 md:w-72 md:justify-end">
                  <Button size="sm" variant="outline" onClick={() => setShowing(hook)} aria-label={`Deliveries of ${hook.url}`}>
                    Deliveries
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy === hook.id}
                    onClick={() => void toggle(hook)}
                    aria-label={`${hook.enabled ? 'Disable' : 'Enable'} ${hook.url}`}
                  >
                    {hook.enabled ? 'Disable' : 'Enable'}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-700 hover:bg-red-50"
                    onClick={() => setDeleting(hook)}
                    aria-label={`Delete ${hook.url}`}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}

      {adding && <WebhookDialog onClose={() => setAdding(false)} onSubmit={createWebhook} />}
      {showing && <WebhookDeliveries webhookId={showing.id} url={showing.url} onClose={() => setShowing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete webhook?"
        description={deleting ? `${deleting.url} will receive nothing more, and its delivery history is deleted.` : undefined}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting && (await deleteWebhook(deleting.id))) setDeleting(null);
        }}
      />
    </section>
  );
}
