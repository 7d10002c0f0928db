import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { FormField, TextInput } from '../../../ui/FormControls';
import { errorMessage } from '../../../lib/errors';

/** Longest passkey name (the server's limit). */
const MAX_NAME = 100;

export interface PasskeyNameDialogProps {
  open: boolean;
  title: string;
  description?: string;
  initialName: string;
  submitLabel: string;
  busyLabel: string;
  /** Saves the name; a rejection is shown in the dialog, which stays open. */
  onSubmit(name: string): Promise<void>;
  onClose(): void;
}

/** Asks for a passkey's name (adding one, or renaming it); the error stays in the dialog. */
export function PasskeyNameDialog({ open, title, description, initialName, submitLabel, busyLabel, onSubmit, onClose }: PasskeyNameDialogProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Give the passkey a name, e.g. the device it is on');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onSubmit(trimmed);
    } catch (err) {
      setError(errorMessage(err, 'Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? () => {} : onClose} title={title} description={description} size="sm">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <FormField label="Name" htmlFor="passkey-name" error={error ?? undefined}>
          <TextInput
            id="passkey-name"
            value={name}
            maxLength={MAX_NAME}
            autoFocus
            onChange={(e) => setName(e.target.value)}
            aria-invalid={error ? true : undefined}
            autoComplete="off"
          />
        </FormField>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
