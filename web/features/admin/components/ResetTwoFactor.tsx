import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ResetTwoFactorMutation } from '../two-factor.graphql';

/** The user dialog's "Reset two-factor" (a lost phone): turns the person's two-factor sign-in off, after a confirmation. */
export function ResetTwoFactor({ userId, name }: { userId: string; name: string }) {
  const [reset] = useMutation(ResetTwoFactorMutation);
  const { toast } = useToast();
  const [asking, setAsking] = useState(false);
  const confirm = async () => {
    try {
      const result = await reset({ variables: { userId } });
      toast({
        title: result.data?.resetTwoFactor ? 'Two-factor reset' : 'Two-factor was not on',
        description: result.data?.resetTwoFactor ? `${name} can sign in with their password alone and set up two-factor again.` : undefined,
      });
      setAsking(false);
    } catch (err) {
      toast({ title: 'Could not reset two-factor', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  };
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-3">
      <p className="text-sm text-slate-600">Lost their phone? Turn their two-factor sign-in off.</p>
      <Button variant="outline" size="sm" onClick={() => setAsking(true)}>
        Reset two-factor
      </Button>
      <ConfirmDialog
        open={asking}
        title="Reset two-factor?"
        description={`${name} will sign in with their password alone until they set up two-factor again.`}
        confirmLabel="Reset two-factor"
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
