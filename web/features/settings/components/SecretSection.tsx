import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState, Loading } from '../../../ui/States';
import { SettingsSection } from '../../../ui/SettingsSection';
import { CopyField } from './CopyField';

/** The words of one secret section (the calendar feed URL, the email-in address). */
export interface SecretWords {
  /** The secret's name in messages: 'feed URL', 'address'. */
  noun: string;
  loading: string;
  copyLabel: string;
  copied: string;
  hint: string;
  rotate: string;
  confirmTitle: string;
  confirmDescription: string;
  rotated: { title: string; description: string };
}

export interface SecretSectionProps {
  id: string;
  title: string;
  description: ReactNode;
  words: SecretWords;
  testId: string;
  /** The secret: undefined until it is read, null when the server offers none (`off` shows instead). */
  value: string | null | undefined;
  loading: boolean;
  error: unknown;
  refetch: () => unknown;
  rotate: () => Promise<unknown>;
  off?: ReactNode;
}

/** A Settings section that shows a private value (copy) and replaces it after a confirmation. */
export function SecretSection({ id, title, description, words, testId, value, loading, error, refetch, rotate, off }: SecretSectionProps) {
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);

  const confirmRotate = async () => {
    try {
      await rotate();
      setConfirming(false);
      toast(words.rotated);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, `Failed to replace the ${words.noun}`), variant: 'destructive' });
    }
  };

  let body;
  if (loading && value === undefined) body = <Loading label={words.loading} />;
  else if (error || value === undefined) {
    body = (
      <EmptyState
        title={`The ${words.noun} could not be loaded`}
        action={
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(error, `Failed to load the ${words.noun}`)}
      </EmptyState>
    );
  } else if (value === null) body = off;
  else {
    body = (
      <>
        <CopyField label={words.copyLabel} value={value} copiedTitle={words.copied} testId={testId} />
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-slate-500">{words.hint}</p>
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            {words.rotate}
          </Button>
        </div>
      </>
    );
  }

  return (
    <SettingsSection id={id} title={title} description={description}>
      {body}
      <ConfirmDialog
        open={confirming}
        title={words.confirmTitle}
        description={words.confirmDescription}
        confirmLabel={words.rotate}
        onConfirm={confirmRotate}
        onCancel={() => setConfirming(false)}
      />
    </SettingsSection>
  );
}
