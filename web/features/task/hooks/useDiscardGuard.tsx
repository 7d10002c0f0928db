import { useCallback, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';

/**
 * Asks "Discard unsaved changes?" before an action that would drop unsaved input (close, Escape,
 * previous / next). `guard(action)` runs the action at once when nothing is unsaved; otherwise after
 * the person confirms, calling `onDiscard` first. Render `dialog`.
 */
export function useDiscardGuard(hasUnsaved: () => boolean, onDiscard?: () => void) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const latest = useRef({ hasUnsaved, onDiscard });
  latest.current = { hasUnsaved, onDiscard };

  const guard = useCallback((action: () => void) => {
    if (latest.current.hasUnsaved()) setPending(() => action);
    else action();
  }, []);

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title="Discard unsaved changes?"
      description="Your edits have not been saved. Discard them?"
      confirmLabel="Discard"
      onConfirm={() => {
        const action = pending;
        setPending(null);
        latest.current.onDiscard?.();
        action?.();
      }}
      onCancel={() => setPending(null)}
    />
  );
  return { guard, dialog, asking: pending !== null };
}
