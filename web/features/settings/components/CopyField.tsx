import { useRef } from 'react';
import { copyText } from '../../../lib/clipboard';
import { useToast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';

/** A read-only value with a Copy button (toasts the result); the field is selectable on every device. */
export function CopyField({ label, value, copiedTitle, testId }: { label: string; value: string; copiedTitle: string; testId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const { toast } = useToast();
  const copy = async () => {
    const copied = await copyText(value, input.current).catch(() => false);
    if (copied) toast({ title: copiedTitle });
    else toast({ title: 'Could not copy', description: 'Select the text and copy it with Ctrl+C (Cmd+C on a Mac).', variant: 'destructive' });
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <input
        ref={input}
        readOnly
        aria-label={label}
        value={value}
        data-testid={testId}
        onFocus={(e) => e.currentTarget.select()}
        className="h-10 min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 font-mono text-xs text-slate-800 sm:text-sm"
      />
      <Button variant="outline" onClick={() => void copy()}>
        Copy
      </Button>
    </div>
  );
}
