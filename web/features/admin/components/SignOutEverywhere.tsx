import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { SignOutUserEverywhereMutation } from '../security-events.graphql';

/** The user dialog's "Sign out everywhere" (a lost laptop, a shared computer): ends every session of the person, after a confirmation. */
export function SignOutEverywhere({ userId, name }: { userId: string; name: string }) {
  const [signOut] = useMutation(SignOutUserEverywhereMutation);
  const { toast } = useToast();
  const [asking, setAsking] = useState(false);
  const confirm = async () => {
    try {
      const result = await signOut({ variables: { userId } });
      const count = result.data?.signOutUserEverywhere ?? 0;
      toast({
        title: 'Signed out everywhere',
        description: count === 0 ? `${name} was not signed in anywhere.` : `${name} was signed out of ${count} ${count === 1 ? 'session' : 'sessions'}.`,
      });
      setAsking(false);
    } catch (err) {
      toast({ title: 'Could not sign them out', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  };
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-3">
      <p className="text-sm text-slate-600">Lost laptop or shared computer? End all their sessions.</p>
      <Button variant="outline" size="sm" onClick={() => setAsking(true)}>
        Sign out everywhere
      </Button>
      <ConfirmDialog
        open={asking}
        title="Sign out everywhere?"
        description={`${name} will have to sign in again in every browser. Their API tokens keep working.`}
        confirmLabel="Sign out everywhere"
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
