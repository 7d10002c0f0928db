import { useState } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description?: string;
  confirmLabel?: string;
  destructive?: boolean;
  onConfirm(): Promise<void> | void;
  onCancel(): void;
}

/** An in-app confirmation ("Are you sure ...?"); the confirm button waits for the action. */
export function ConfirmDialog({ open, title, description, confirmLabel = 'Delete', destructive = true, onConfirm, onCancel }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? () => {} : onCancel}
      title={title}
      description={description}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant={destructive ? 'danger' : 'primary'} onClick={confirm} disabled={busy} data-testid="confirm-button">
            {busy ? 'Working...' : confirmLabel}
          </Button>
        </>
      }
    />
  );
}
