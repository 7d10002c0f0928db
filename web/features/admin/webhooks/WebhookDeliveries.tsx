import { useQuery } from '@apollo/client/react';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { EmptyState, Loading } from '../../../ui/States';
import { errorMessage } from '../../../lib/errors';
import { WebhookDeliveriesQuery } from './webhooks.graphql';
import { useWebhookMutations } from './useWebhookMutations';

const STATUS_TONES: Record<string, BadgeTone> = { succeeded: 'green', failed: 'red', pending: 'amber' };
const STATUS_LABELS: Record<string, string> = { succeeded: 'Delivered', failed: 'Failed', pending: 'Pending' };
/** While the list is open it follows new deliveries and retries. */
const POLL_MS = 2_000;

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A webhook's newest deliveries (status code, duration, attempt, time), with Redeliver for failed ones. */
export function WebhookDeliveries({ webhookId, url, onClose }: { webhookId: string; url: string; onClose(): void }) {
  const { data, loading, error, refetch } = useQuery(WebhookDeliveriesQuery, {
    variables: { webhookId },
    pollInterval: POLL_MS,
    fetchPolicy: 'cache-and-network',
  });
  const { redeliver } = useWebhookMutations();
  const list = data?.webhookDeliveries ?? [];
  return (
    <Dialog
      open
      onClose={onClose}
      title="Deliveries"
      description={url}
      size="lg"
      fullScreenOnPhone
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      {loading && !data ? (
        <Loading label="Loading deliveries..." />
      ) : !data ? (
        <EmptyState
          title="The deliveries could not be loaded"
          action={
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(error, 'Failed to load deliveries')}
        </EmptyState>
      ) : list.length === 0 ? (
        <EmptyState title="No deliveries yet">Change a task to send the first one.</EmptyState>
      ) : (
        <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
          <div
            aria-hidden="true"
            className="hidden grid-cols-[1.3fr_0.9fr_0.6fr_0.7fr_0.6fr_1.4fr_auto] gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold text-slate-500 uppercase md:grid"
          >
            <span>Event</span>
            <span>Status</span>
            <span>Code</span>
            <span>Duration</span>
            <span>Attempt</span>
            <span>Time</span>
            <span className="w-24 text-right">Actions</span>
          </div>
          <ul className="divide-y divide-slate-100" aria-label="Deliveries">
            {list.map((d) => (
              <li
                key={d.id}
                data-testid="delivery-row"
                aria-label={`${d.event} ${STATUS_LABELS[d.status] ?? d.status}`}
                className="grid grid-cols-2 gap-x-3 gap-y-1 px-4 py-3 text-sm md:grid-cols-[1.3fr_0.9fr_0.6fr_0.7fr_0.6fr_1.4fr_auto] md:items-center"
              >
                <code className="col-span-2 truncate font-medium text-slate-900 md:col-span-1">{d.event}</code>
                <div>
                  <Badge tone={STATUS_TONES[d.status] ?? 'slate'}>{STATUS_LABELS[d.status] ?? d.status}</Badge>
                </div>
                <p className="text-slate-700">
                  <span className="text-xs text-slate-500 md:hidden">Code: </span>
                  {d.statusCode ?? '—'}
                </p>
                <p className="text-slate-700">
                  <span className="text-xs text-slate-500 md:hidden">Duration: </span>
                  {d.durationMs === null || d.durationMs === undefined ? '—' : `${d.durationMs} ms`}
                </p>
                <p className="text-slate-700">
                  <span className="text-xs text-slate-500 md:hidden">Attempt: </span>
                  {d.attempt}
                </p>
                <p className="col-span-2 text-slate-700 md:col-span-1">
                  <span className="text-xs text-slate-500 md:hidden">Time: </span>
                  {when(d.lastAttemptAt ?? d.createdAt)}
                  {d.error && (
                    <span className="block truncate text-xs text-red-700" title={d.error}>
                      {d.error}
                    </span>
                  )}
                </p>
                <div className="col-span-2 flex md:col-span-1 md:w-24 md:justify-end">
                  {d.status === 'failed' && (
                    <Button size="sm" variant="outline" onClick={() => void redeliver(webhookId, d.id).then(() => refetch())}>
                      Redeliver
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Dialog>
  );
}
