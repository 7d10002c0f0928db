import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import type { WebhookInput } from '../../../gql/graphql';
import { FormField, TextInput } from '../../../ui/FormControls';

/** The events a webhook can subscribe to (api/modules/webhook/webhook.events.ts). */
export const WEBHOOK_EVENTS = [
  'task.created',
  'task.updated',
  'task.deleted',
  'comment.created',
  'subtask.created',
  'subtask.updated',
  'subtask.deleted',
] as const;

interface WebhookForm {
  url: string;
  events: string[];
  secret: string;
}

/** A random signing secret: 32 bytes as hex, from the browser's CSPRNG. */
export function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Register a webhook: URL, events (checkboxes) and a secret that can be generated; it is never shown again. */
export function WebhookDialog({ onClose, onSubmit }: { onClose(): void; onSubmit(input: WebhookInput): Promise<boolean> }) {
  const [saving, setSaving] = useState(false);
  const { register, handleSubmit, setValue, formState } = useForm<WebhookForm>({ defaultValues: { url: '', events: [...WEBHOOK_EVENTS], secret: '' } });
  const errors = formState.errors;
  const submit = handleSubmit(async (form) => {
    setSaving(true);
    try {
      if (await onSubmit({ url: form.url.trim(), events: form.events, secret: form.secret })) onClose();
    } finally {
      setSaving(false);
    }
  });
  return (
    <Dialog
      open
      onClose={saving ? () => {} : onClose}
      title="Add Webhook"
      description="Changes to tasks, subtasks and comments are POSTed to this URL as signed JSON."
      fullScreenOnPhone
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="webhook-form" disabled={saving}>
            {saving ? 'Saving...' : 'Add Webhook'}
          </Button>
        </>
      }
    >
      <form id="webhook-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label="Payload URL *" htmlFor="webhook-url" error={errors.url?.message}>
          <TextInput
            id="webhook-url"
            type="url"
            inputMode="url"
            placeholder="https://example.com/hooks/lwf"
            autoComplete="off"
            aria-invalid={!!errors.url}
            {...register('url', { validate: (v) => (/^https?:\/\/\S+$/i.test(v.trim()) ? true : 'Enter an http:// or https:// URL') })}
          />
        </FormField>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">Events *</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((event) => (
              <label key={event} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  value={event}
                  className="h-4 w-4 rounded border-slate-300"
                  {...register('events', { validate: (v) => v.length > 0 || 'Choose at least one event' })}
                />
                <code>{event}</code>
              </label>
            ))}
          </div>
          {errors.events?.message && (
            <p role="alert" className="text-xs text-red-600">
              {errors.events.message}
            </p>
          )}
        </fieldset>
        <FormField
          label="Secret *"
          htmlFor="webhook-secret"
          error={errors.secret?.message}
          hint="Used to sign every delivery (X-LWF-Signature). Copy it now: it is never shown again."
        >
          <div className="flex gap-2">
            <TextInput
              id="webhook-secret"
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              aria-invalid={!!errors.secret}
              {...register('secret', { validate: (v) => (v.length >= 16 && v.length <= 200 ? true : 'The secret needs 16 to 200 characters') })}
            />
            <Button variant="outline" onClick={() => setValue('secret', generateSecret(), { shouldValidate: true })}>
              Generate
            </Button>
          </div>
        </FormField>
      </form>
    </Dialog>
  );
}
